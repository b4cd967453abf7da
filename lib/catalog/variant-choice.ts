/**
 * The product page's choice of a variant: one group per option, each value leading to the
 * variant it makes with the other values chosen (`?variante=<id>`, so it works without
 * JavaScript and can be shared). A value that only makes sold-out combinations cannot be
 * chosen. Pure.
 */
import type { ProductOption } from './variants';

export type ChoiceVariant = { variantId: number; values: string[]; soldOut: boolean };

export type ChoiceValue = { value: string; /** The variant this value leads to; null when it cannot be chosen. */ variantId: number | null; checked: boolean };
export type ChoiceGroup = { name: string; values: ChoiceValue[] };

/** The variant named by `?variante`, else the first one on sale, else the first one. */
export function chosenVariant<V extends ChoiceVariant>(variants: readonly V[], requested: number | null): V | null {
  return variants.find((v) => v.variantId === requested) ?? variants.find((v) => !v.soldOut) ?? variants[0] ?? null;
}

export function choiceGroups(options: readonly ProductOption[], variants: readonly ChoiceVariant[], chosen: ChoiceVariant | null): ChoiceGroup[] {
  return options.map((option, i) => ({
    name: option.name,
    values: option.values.map((value) => {
      const onSale = variants.filter((v) => v.values[i] === value && !v.soldOut);
      // Keep the other values chosen where that combination is on sale; else the closest one that is.
      const same = (v: ChoiceVariant) => v.values.filter((x, j) => j !== i && x === chosen?.values[j]).length;
      const best = onSale.sort((a, b) => same(b) - same(a))[0];
      const checked = chosen?.values[i] === value;
      return { value, variantId: checked && chosen ? chosen.variantId : (best?.variantId ?? null), checked };
    }),
  }));
}

/** `?variante=` as a variant id, or null. */
export function requestedVariant(param: string | string[] | undefined): number | null {
  const v = Array.isArray(param) ? param[0] : param;
  return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}
