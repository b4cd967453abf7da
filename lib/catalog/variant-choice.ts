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
      const checked = chosen?.values[i] === value;
      if (checked && chosen) return { value, variantId: chosen.variantId, checked };
      // The combination this value makes with the other values chosen: sold out, it cannot be
      // chosen; missing (not sold), the closest combination on sale with this value.
      const wanted = (chosen?.values ?? []).map((x, j) => (j === i ? value : x));
      const exact = variants.find((v) => v.values.every((x, j) => x === wanted[j]));
      if (exact) return { value, variantId: exact.soldOut ? null : exact.variantId, checked };
      const same = (v: ChoiceVariant) => v.values.filter((x, j) => j !== i && x === chosen?.values[j]).length;
      const best = variants.filter((v) => v.values[i] === value && !v.soldOut).sort((a, b) => same(b) - same(a))[0];
      return { value, variantId: best?.variantId ?? null, checked };
    }),
  }));
}

/** `?variante=` as a variant id, or null. */
export function requestedVariant(param: string | string[] | undefined): number | null {
  const v = Array.isArray(param) ? param[0] : param;
  return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}
