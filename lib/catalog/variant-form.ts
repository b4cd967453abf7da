/**
 * The dashboard's "Variantes" grid → each variant's values, each error on its cell in pt-BR.
 * Field names are `v<id>-<column>`; `variantIds` lists the rows. Pure.
 */
import { formatBRL, parseBRLInput } from '@balcao/br/money';
import { gtinProblem, ncmProblem, normalizeNcm, originProblem } from '@balcao/br/nfe-fiscal';
import { MAX_PRICE_CENTS, MAX_SIZE_CM, MAX_STOCK, MAX_WEIGHT_GRAMS, MIN_PRICE_CENTS } from './product-form';

export const GRID_COLUMNS = ['sku', 'price', 'stock', 'weightGrams', 'heightCm', 'widthCm', 'lengthCm', 'ncm', 'origin', 'gtin', 'active'] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];

export type VariantEdit = {
  id: number;
  sku: string | null;
  /** null: the product's price. */
  priceCents: number | null;
  stock: number | null;
  /** The stock the grid showed ('' = not tracked): the save is a compare-and-set on it. */
  stockShown: number | null | undefined;
  weightGrams: number | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  active: boolean;
  /** The variant's own NF-e fields where they differ from the product's; null: the product's; undefined: not in the form (kept). */
  ncm?: string | null;
  origin?: number | null;
  gtin?: string | null;
  /** One of the product's photos shown when this variant is chosen; null: the product's cover; undefined: not in the form (kept). */
  photoId?: number | null;
};

export const SKU_MAX = 64;
const SKU = /^[\p{L}\p{N}._\-/]+$/u;

export const cellName = (id: number, column: GridColumn | 'stockShown' | 'photo') => `v${id}-${column}`;

type FormLike = { get(name: string): unknown };
const str = (form: FormLike, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function whole(text: string, min: number, max: number): number | null | 'bad' {
  const t = text.replace(/\./g, '');
  if (!t) return null;
  if (!/^-?\d{1,9}$/.test(t)) return 'bad';
  const n = Number(t);
  return n < min || n > max ? 'bad' : n;
}

/** The "Foto" cell: absent (kept), empty (the product's cover) or a photo id. */
function photoOf(raw: unknown, fail: (message: string) => void): { photoId?: number | null } {
  if (typeof raw !== 'string') return {};
  if (raw.trim() === '') return { photoId: null };
  if (/^[1-9]\d{0,9}$/.test(raw.trim())) return { photoId: Number(raw.trim()) };
  fail('Escolha uma das fotos do produto.');
  return {};
}

/**
 * A row's "NCM", "Origem" and "GTIN" cells: blank is the product's own; absent (an older form)
 * keeps what the variant has. Checked with the product form's rules, in its words.
 */
function fiscalOf(form: FormLike, id: number, fail: (column: 'ncm' | 'origin' | 'gtin', message: string) => void): Pick<VariantEdit, 'ncm' | 'origin' | 'gtin'> {
  const out: Pick<VariantEdit, 'ncm' | 'origin' | 'gtin'> = {};
  const raw = (c: 'ncm' | 'origin' | 'gtin') => {
    const v = form.get(cellName(id, c));
    return typeof v === 'string' ? v.trim() : undefined;
  };
  const ncm = raw('ncm');
  if (ncm !== undefined) {
    const n = normalizeNcm(ncm);
    const problem = n ? ncmProblem(n) : null;
    if (problem) fail('ncm', problem);
    out.ncm = n || null;
  }
  const origin = raw('origin');
  if (origin !== undefined) {
    const problem = origin ? originProblem(origin) : null;
    if (problem) fail('origin', problem);
    out.origin = origin && !problem ? Number(origin) : null;
  }
  const gtin = raw('gtin')?.replace(/\s/g, '');
  if (gtin !== undefined) {
    const problem = gtinProblem(gtin);
    if (problem) fail('gtin', problem);
    out.gtin = gtin || null;
  }
  return out;
}

export type GridParse = { ok: true; rows: VariantEdit[] } | { ok: false; fieldErrors: Record<string, string> };

export function parseVariantGrid(form: FormLike): GridParse {
  const ids = str(form, 'variantIds')
    .split(',')
    .filter((s) => /^[1-9]\d{0,9}$/.test(s))
    .map(Number);
  const fieldErrors: Record<string, string> = {};
  const rows: VariantEdit[] = [];
  const skus = new Map<string, number>();
  for (const id of ids) {
    const cell = (c: GridColumn | 'stockShown' | 'photo') => str(form, cellName(id, c));
    const sku = cell('sku');
    if (sku && ([...sku].length > SKU_MAX || !SKU.test(sku))) fieldErrors[cellName(id, 'sku')] = `Use letras, números, ".", "-", "_" ou "/", até ${SKU_MAX} caracteres.`;
    else if (sku && skus.has(sku.toLowerCase())) fieldErrors[cellName(id, 'sku')] = 'Este SKU já está em outra variante.';
    if (sku) skus.set(sku.toLowerCase(), id);
    const priceText = cell('price');
    const price = priceText ? parseBRLInput(priceText) : null;
    if (priceText && (price === null || price < MIN_PRICE_CENTS || price > MAX_PRICE_CENTS)) {
      fieldErrors[cellName(id, 'price')] = `Use um valor de ${formatBRL(MIN_PRICE_CENTS)} a ${formatBRL(MAX_PRICE_CENTS)}, ou deixe em branco para usar o preço do produto.`;
    }
    const stock = whole(cell('stock'), 0, MAX_STOCK);
    if (stock === 'bad') fieldErrors[cellName(id, 'stock')] = 'Use um número inteiro a partir de 0, ou deixe em branco para não controlar.';
    const shownText = form.get(cellName(id, 'stockShown'));
    const stockShown = typeof shownText !== 'string' ? undefined : shownText.trim() === '' ? null : /^\d{1,9}$/.test(shownText.trim()) ? Number(shownText.trim()) : undefined;
    const dims = {
      weightGrams: whole(cell('weightGrams'), 1, MAX_WEIGHT_GRAMS),
      heightCm: whole(cell('heightCm'), 1, MAX_SIZE_CM),
      widthCm: whole(cell('widthCm'), 1, MAX_SIZE_CM),
      lengthCm: whole(cell('lengthCm'), 1, MAX_SIZE_CM),
    };
    for (const [k, v] of Object.entries(dims)) {
      if (v === 'bad') fieldErrors[cellName(id, k as GridColumn)] = 'Use um número inteiro a partir de 1, ou deixe em branco para usar o do produto.';
    }
    const fiscal = fiscalOf(form, id, (column, message) => (fieldErrors[cellName(id, column)] = message));
    rows.push({
      id,
      sku: sku || null,
      priceCents: price,
      stock: stock === 'bad' ? null : stock,
      stockShown,
      weightGrams: dims.weightGrams === 'bad' ? null : dims.weightGrams,
      heightCm: dims.heightCm === 'bad' ? null : dims.heightCm,
      widthCm: dims.widthCm === 'bad' ? null : dims.widthCm,
      lengthCm: dims.lengthCm === 'bad' ? null : dims.lengthCm,
      active: cell('active') === 'on',
      ...fiscal,
      ...photoOf(form.get(cellName(id, 'photo')), (message) => (fieldErrors[cellName(id, 'photo')] = message)),
    });
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, rows };
}
