/**
 * The rules of a product's options and variants. Pure.
 *
 * A product has up to 3 options ("Tamanho": P, M, G), each with its values; every combination
 * of values is a variant (option1..3 hold its values in the options' order). A product without
 * options has one implicit variant (no values). A variant's price, weight and size, when not
 * set, are the product's.
 */

export const MAX_OPTIONS = 3;
export const MAX_VALUES_PER_OPTION = 20;
/** Most variants one product may have (3 options × 20 values would be 8,000: nobody sells that). */
export const MAX_VARIANTS = 100;
const MAX_NAME = 40;

export type ProductOption = { name: string; values: string[] };

/** products.options (JSON) → the options; anything malformed reads as no options. */
export function readOptions(json: string | null | undefined): ProductOption[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((o): o is ProductOption => !!o && typeof o.name === 'string' && Array.isArray(o.values) && o.values.every((v: unknown) => typeof v === 'string'))
      .slice(0, MAX_OPTIONS);
  } catch {
    return [];
  }
}

export type OptionsCheck = { ok: true; options: ProductOption[] } | { ok: false; error: string; index?: number };

const clean = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * The options as the merchant typed them ("Nome da opção", "Valores" separated by commas) →
 * the options, or why not (pt-BR). Empty rows are ignored; names and values are unique
 * (case-insensitive) and the combinations at most MAX_VARIANTS.
 */
export function checkOptions(rows: readonly { name: string; values: string }[]): OptionsCheck {
  const options: ProductOption[] = [];
  const names = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const name = clean(row.name);
    const values = row.values
      .split(',')
      .map(clean)
      .filter(Boolean);
    if (!name && values.length === 0) continue;
    if (!name) return { ok: false, error: 'Informe o nome da opção (por exemplo Tamanho).', index };
    if ([...name].length > MAX_NAME) return { ok: false, error: `O nome da opção pode ter no máximo ${MAX_NAME} caracteres.`, index };
    if (names.has(name.toLowerCase())) return { ok: false, error: `A opção "${name}" aparece duas vezes.`, index };
    if (values.length === 0) return { ok: false, error: `Informe os valores de "${name}", separados por vírgula (por exemplo P, M, G).`, index };
    const seen = new Set<string>();
    for (const v of values) {
      if ([...v].length > MAX_NAME) return { ok: false, error: `Cada valor pode ter no máximo ${MAX_NAME} caracteres.`, index };
      if (v.includes('/')) return { ok: false, error: 'Um valor não pode ter "/" (ele separa os valores no nome da variante).', index };
      if (seen.has(v.toLowerCase())) return { ok: false, error: `O valor "${v}" aparece duas vezes em "${name}".`, index };
      seen.add(v.toLowerCase());
    }
    if (values.length > MAX_VALUES_PER_OPTION) return { ok: false, error: `Uma opção pode ter no máximo ${MAX_VALUES_PER_OPTION} valores.`, index };
    names.add(name.toLowerCase());
    options.push({ name, values });
  }
  if (options.length > MAX_OPTIONS) return { ok: false, error: `Um produto pode ter no máximo ${MAX_OPTIONS} opções.` };
  const count = options.reduce((n, o) => n * o.values.length, 1);
  if (options.length > 0 && count > MAX_VARIANTS) {
    return { ok: false, error: `Essas opções dão ${count} combinações; o máximo é ${MAX_VARIANTS} variantes por produto.` };
  }
  return { ok: true, options };
}

/** Every combination of the options' values, in order (the first option varies slowest). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((combo) => o.values.map((v) => [...combo, v])), [[]]);
}

export type VariantValues = { option1: string | null; option2: string | null; option3: string | null };

export function valuesOf(v: VariantValues): string[] {
  return [v.option1, v.option2, v.option3].filter((x): x is string => x !== null && x !== '');
}

/** "M / Preto", or null for the implicit variant of a product without options. */
export function variantLabel(v: VariantValues): string | null {
  const values = valuesOf(v);
  return values.length > 0 ? values.join(' / ') : null;
}

/** The line's name wherever it shows: "Camiseta básica — M / Preto", or the product's name alone. */
export function lineName(productName: string, label: string | null): string {
  return label ? `${productName} — ${label}` : productName;
}

/** The key of a combination, to match variants with combinations whatever their case. */
export const comboKey = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\u0000');

export type Dimensions = { weightGrams: number | null; heightCm: number | null; widthCm: number | null; lengthCm: number | null };
export type VariantMoney = { priceCents: number | null } & Dimensions;

/** A variant's own values where set, else the product's. */
export function effectiveOf<V extends VariantMoney, P extends { priceCents: number } & Dimensions>(v: V, p: P): { priceCents: number } & Dimensions {
  return {
    priceCents: v.priceCents ?? p.priceCents,
    weightGrams: v.weightGrams ?? p.weightGrams,
    heightCm: v.heightCm ?? p.heightCm,
    widthCm: v.widthCm ?? p.widthCm,
    lengthCm: v.lengthCm ?? p.lengthCm,
  };
}

export const DIMENSION_FIELDS = ['weightGrams', 'heightCm', 'widthCm', 'lengthCm'] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];

/** The weight and size a product that ships must have before it goes on sale (its own or every active variant's). */
export function missingDimensions(d: Dimensions): DimensionField[] {
  return DIMENSION_FIELDS.filter((f) => d[f] === null || d[f]! <= 0);
}

export const DIMENSIONS_REQUIRED = 'Um produto com entrega precisa de peso e medidas para ser ativado (os Correios e as transportadoras calculam o frete com eles).';
