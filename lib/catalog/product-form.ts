/**
 * The product form (dashboard) → the values a product is saved with, each error on its field
 * in pt-BR, and what was typed kept for the form to show again. Pure.
 */
import { parseBRLInput, formatBRL } from '@balcao/br/money';
import { gtinProblem, ncmProblem, normalizeNcm, originProblem } from '@balcao/br/nfe-fiscal';
import { slugify } from './slug';
import { typedValues } from '@/lib/forms/typed-values';

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const MIN_PRICE_CENTS = 50;
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_DISPLAY_ORDER = 100_000;

export const PRODUCT_FIELDS = ['name', 'description', 'price', 'slug', 'stock', 'displayOrder', 'active', 'requiresShipping', 'weightGrams', 'heightCm', 'widthCm', 'lengthCm', 'ncm', 'origin', 'gtin'] as const;
/** Most grams and centimetres a parcel may say (far above any carrier's limit: a typo, not a parcel). */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_SIZE_CM = 1_000;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export type ProductValues = {
  name: string;
  description: string;
  priceCents: number;
  /** Empty: made from the name by the use-case (and made unique there). */
  slug: string;
  stock: number | null;
  displayOrder: number;
  active: boolean;
  requiresShipping: boolean;
  /** Shipping weight (g) and size (cm); null when not given (required to activate a product that ships). */
  weightGrams: number | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  /** The NF-e's fiscal fields (@balcao/br/nfe-fiscal); null when blank, undefined when the writer does not carry them (kept). */
  ncm?: string | null;
  origin?: number | null;
  gtin?: string | null;
};

export type ProductFormParse =
  | { ok: true; value: ProductValues }
  | { ok: false; fieldErrors: Partial<Record<ProductField, string>>; values: Record<ProductField, string> };

type FormLike = { get(name: string): unknown };

function integerField(text: string, min: number, max: number): number | 'bad' | null {
  const t = text.trim().replace(/\./g, '');
  if (!t) return null;
  if (!/^-?\d{1,9}$/.test(t)) return 'bad';
  const n = Number(t);
  return n < min || n > max ? 'bad' : n;
}

/**
 * The stock the edit form showed when it was opened ("stockShown", a hidden field): '' = not
 * tracked, a number, or undefined when the form did not say (a new product). The save applies
 * only while the stock is still that (admin.ts), so a sale made while the merchant edited is
 * never overwritten by the form's stale number.
 */
export function shownStockOf(form: FormLike): number | null | undefined {
  const v = form.get('stockShown');
  if (typeof v !== 'string') return undefined;
  if (v.trim() === '') return null;
  return /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined;
}

export function parseProductForm(form: FormLike): ProductFormParse {
  const values = typedValues(form, PRODUCT_FIELDS);
  const fieldErrors: Partial<Record<ProductField, string>> = {};

  const name = values.name.trim().replace(/\s+/g, ' ');
  if (!name) fieldErrors.name = 'Informe o nome do produto.';
  else if ([...name].length > NAME_MAX) fieldErrors.name = `O nome pode ter no máximo ${NAME_MAX} caracteres.`;

  // Plain text with its line breaks; at most two blank lines in a row.
  const description = values.description.replace(/\r\n?/g, '\n').replace(/\n{4,}/g, '\n\n\n').trim();
  if ([...description].length > DESCRIPTION_MAX) {
    fieldErrors.description = `A descrição pode ter no máximo ${DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres (tem ${[...description].length.toLocaleString('pt-BR')}).`;
  }

  const priceCents = parseBRLInput(values.price);
  if (!values.price.trim()) fieldErrors.price = 'Informe o preço.';
  else if (priceCents === null) fieldErrors.price = 'Use um valor em reais, por exemplo 94,90.';
  else if (priceCents < MIN_PRICE_CENTS) fieldErrors.price = `O preço mínimo é ${formatBRL(MIN_PRICE_CENTS)}.`;
  else if (priceCents > MAX_PRICE_CENTS) fieldErrors.price = `O preço máximo é ${formatBRL(MAX_PRICE_CENTS)}.`;

  const typedSlug = values.slug.trim();
  const slug = slugify(typedSlug);
  if (typedSlug && !slug) fieldErrors.slug = 'Use letras, números e hífens (por exemplo cafe-especial-250g).';

  const stock = integerField(values.stock, 0, MAX_STOCK);
  if (stock === 'bad') fieldErrors.stock = `Use um número inteiro de 0 a ${MAX_STOCK.toLocaleString('pt-BR')}, ou deixe em branco para não controlar o estoque.`;

  const displayOrder = integerField(values.displayOrder, -MAX_DISPLAY_ORDER, MAX_DISPLAY_ORDER);
  if (displayOrder === 'bad') fieldErrors.displayOrder = 'Use um número inteiro (menores aparecem primeiro).';

  const dimensions = {
    weightGrams: integerField(values.weightGrams, 1, MAX_WEIGHT_GRAMS),
    heightCm: integerField(values.heightCm, 1, MAX_SIZE_CM),
    widthCm: integerField(values.widthCm, 1, MAX_SIZE_CM),
    lengthCm: integerField(values.lengthCm, 1, MAX_SIZE_CM),
  };
  if (dimensions.weightGrams === 'bad') fieldErrors.weightGrams = `Use o peso em gramas, um número inteiro de 1 a ${MAX_WEIGHT_GRAMS.toLocaleString('pt-BR')}.`;
  for (const f of ['heightCm', 'widthCm', 'lengthCm'] as const) {
    if (dimensions[f] === 'bad') fieldErrors[f] = `Use centímetros, um número inteiro de 1 a ${MAX_SIZE_CM.toLocaleString('pt-BR')}.`;
  }

  const ncm = normalizeNcm(values.ncm);
  if (ncm && ncmProblem(ncm)) fieldErrors.ncm = ncmProblem(ncm)!;
  if (values.origin.trim() && originProblem(values.origin)) fieldErrors.origin = originProblem(values.origin)!;
  const gtin = values.gtin.replace(/\s/g, '');
  if (gtinProblem(gtin)) fieldErrors.gtin = gtinProblem(gtin)!;

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, values };
  return {
    ok: true,
    value: {
      name,
      description,
      priceCents: priceCents!,
      slug,
      stock: stock as number | null,
      displayOrder: (displayOrder as number | null) ?? 0,
      active: values.active === 'on' || values.active === 'true',
      requiresShipping: values.requiresShipping === 'on' || values.requiresShipping === 'true',
      weightGrams: dimensions.weightGrams as number | null,
      heightCm: dimensions.heightCm as number | null,
      widthCm: dimensions.widthCm as number | null,
      lengthCm: dimensions.lengthCm as number | null,
      ncm: ncm || null,
      origin: values.origin.trim() ? Number(values.origin) : null,
      gtin: gtin || null,
    },
  };
}
