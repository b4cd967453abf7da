/**
 * The products CSV ("Importar produtos" / "Exportar produtos"; columns in docs/reference.md):
 * one line per variant, grouped by the product's slug. This module reads a file into products
 * (each line checked alone, then each product as a whole) and writes the same format. Pure.
 *
 * A column left out of the file keeps what the shop has (`undefined` below); a blank cell in a
 * column that is there means "none" (stock not tracked, the product's price or size, no SKU).
 * A text cell that starts with = + - or @ would run as a formula in a spreadsheet: it is
 * refused, unless written as the export writes it (a leading apostrophe, which is dropped).
 */
import { formatDecimalComma, parseBRLInput, formatBRL } from '@balcao/br/money';
import { readCsv } from '@/lib/csv/read';
import { csvRow, CSV_BOM } from '@/lib/csv/write';
import { DESCRIPTION_MAX, MAX_PRICE_CENTS, MAX_SIZE_CM, MAX_STOCK, MAX_WEIGHT_GRAMS, MIN_PRICE_CENTS, NAME_MAX } from './product-form';
import { gtinProblem, ncmProblem, normalizeNcm, originProblem } from '@balcao/br/nfe-fiscal';
import { slugify } from './slug';
import { checkOptions, comboKey, MAX_OPTIONS, type ProductOption } from './variants';
import { SKU_MAX } from './variant-form';
import { CATEGORY_NAME_MAX } from './category-rules';

/** Under the server actions' 1 MB body cap (next.config.mjs): 5,000 lines without photos are ~700 KB. */
export const IMPORT_MAX_BYTES = 900 * 1024;
export const IMPORT_MAX_LINES = 10_000;
/** A product's most photos (photos.ts MAX_PHOTOS, which is server-only). */
const MAX_PHOTOS = 5;

export const COLUMNS = {
  slug: 'Slug',
  name: 'Nome',
  description: 'Descrição',
  price: 'Preço',
  categories: 'Categorias',
  active: 'Ativo',
  requiresShipping: 'Precisa de entrega',
  option1: 'Opção 1',
  value1: 'Valor 1',
  option2: 'Opção 2',
  value2: 'Valor 2',
  option3: 'Opção 3',
  value3: 'Valor 3',
  sku: 'SKU',
  variantPrice: 'Preço da variante',
  stock: 'Estoque',
  weightGrams: 'Peso (g)',
  heightCm: 'Altura (cm)',
  widthCm: 'Largura (cm)',
  lengthCm: 'Comprimento (cm)',
  variantActive: 'Variante ativa',
  photos: 'Fotos',
  // The NF-e's fiscal fields, last so that files written before them still import (their cells are then kept).
  ncm: 'NCM',
  origin: 'Origem',
  gtin: 'GTIN',
} as const;
export type Column = keyof typeof COLUMNS;
export const COLUMN_ORDER = Object.keys(COLUMNS) as Column[];
const REQUIRED: Column[] = ['slug', 'name', 'price'];
/** Between categories and between photo URLs in one cell. */
export const LIST_SEPARATOR = '|';

export const DIMENSION_COLUMNS = ['weightGrams', 'heightCm', 'widthCm', 'lengthCm'] as const;
type Dim = (typeof DIMENSION_COLUMNS)[number];
export const FISCAL_COLUMNS = ['ncm', 'origin', 'gtin'] as const;
export type Fiscal = { ncm: string | null; origin: number | null; gtin: string | null };

export type ImportVariant = {
  line: number;
  values: string[];
  sku?: string | null;
  priceCents?: number | null;
  stock?: number | null;
  /** The variant's weight and size as sold (its own or the product's); null = not given. */
  weightGrams?: number | null;
  heightCm?: number | null;
  widthCm?: number | null;
  lengthCm?: number | null;
  /** The variant's NCM (8 digits), origin (0–8) and GTIN as sold (its own or the product's); null = none. */
  ncm?: string | null;
  origin?: number | null;
  gtin?: string | null;
  active?: boolean;
};

export type ImportProduct = {
  slug: string;
  lines: number[];
  name: string;
  priceCents: number;
  description?: string;
  categories?: string[];
  active?: boolean;
  requiresShipping?: boolean;
  photos?: string[];
  options: ProductOption[];
  variants: ImportVariant[];
};

export type LineError = { line: number; message: string; /** The line's product, when its slug could be read. */ slug?: string };
export type ImportFileParse =
  | { ok: true; products: ImportProduct[]; errors: LineError[]; /** Products (or lines without a slug) refused while reading. */ refused: number; lineCount: number; encoding: 'utf-8' | 'windows-1252' }
  | { ok: false; error: string };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const HEADER_NAMES = new Map<string, Column>(COLUMN_ORDER.flatMap((c) => [[fold(COLUMNS[c]), c] as const, [fold(c), c] as const]));

/** What the export writes before a formula-looking cell (csvCell): dropped on the way back. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;
const FORMULA = /^[=+\-@]/;

class CellError extends Error {
  constructor(
    readonly column: Column,
    message: string,
  ) {
    super(message);
  }
}

const TRUE = new Set(['sim', 's', 'yes', 'y', 'true', '1', 'ativo', 'ativa', 'x']);
const FALSE = new Set(['nao', 'n', 'no', 'false', '0', 'inativo', 'inativa']);

function integerCell(column: Column, text: string, min: number, max: number, hint: string): number | null {
  const t = text.replace(/\./g, '').trim();
  if (!t) return null;
  if (!/^-?\d{1,9}$/.test(t) || Number(t) < min || Number(t) > max) throw new CellError(column, hint);
  return Number(t);
}

type Cells = Partial<Record<Column, string>>;

/** One line's cells → its product fields and its variant, or the first cell that is wrong. */
function readLine(line: number, cells: Cells) {
  const text = (c: Column): string | undefined => {
    const raw = cells[c];
    if (raw === undefined) return undefined;
    const v = raw.trim();
    if (FORMULA.test(v)) throw new CellError(c, `começa com "${v[0]}", e uma planilha leria a célula como fórmula. Tire o sinal, ou escreva um apóstrofo antes dele (como faz o "Exportar produtos").`);
    return v.replace(NEUTRALISED, '');
  };
  const money = (c: Column, blankOk: boolean): number | null | undefined => {
    const v = cells[c]?.trim();
    if (v === undefined) return undefined;
    if (!v) {
      if (blankOk) return null;
      throw new CellError(c, 'informe o preço.');
    }
    const cents = parseBRLInput(v);
    if (cents === null) throw new CellError(c, 'use um valor em reais, por exemplo 94,90.');
    if (cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS) throw new CellError(c, `use de ${formatBRL(MIN_PRICE_CENTS)} a ${formatBRL(MAX_PRICE_CENTS)}.`);
    return cents;
  };
  const bool = (c: Column): boolean | undefined => {
    const v = cells[c];
    if (v === undefined || !v.trim()) return undefined;
    const f = fold(v);
    if (TRUE.has(f)) return true;
    if (FALSE.has(f)) return false;
    throw new CellError(c, 'use "sim" ou "não".');
  };
  const int = (c: Column, min: number, max: number, hint: string) => (cells[c] === undefined ? undefined : integerCell(c, cells[c]!, min, max, hint));
  const list = (c: Column) => {
    const v = text(c);
    return v === undefined ? undefined : v.split(LIST_SEPARATOR).map((x) => x.trim().replace(/\s+/g, ' ')).filter(Boolean);
  };

  const rawSlug = text('slug') ?? '';
  const slug = slugify(rawSlug);
  if (!slug) throw new CellError('slug', 'informe o endereço do produto (por exemplo camiseta-basica): as linhas de um mesmo produto têm o mesmo slug.');
  const name = (text('name') ?? '').replace(/\s+/g, ' ');
  if ([...name].length > NAME_MAX) throw new CellError('name', `use no máximo ${NAME_MAX} caracteres.`);
  const description = text('description')
    ?.replace(/\r\n?/g, '\n')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
  if (description && [...description].length > DESCRIPTION_MAX) throw new CellError('description', `use no máximo ${DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.`);
  const priceCents = cells.price?.trim() ? money('price', false) : null;
  const categories = list('categories');
  if (categories?.some((c) => [...c].length > CATEGORY_NAME_MAX)) throw new CellError('categories', `cada categoria pode ter no máximo ${CATEGORY_NAME_MAX} caracteres.`);
  const photos = list('photos');
  if (photos) {
    for (const url of photos) if (!/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) throw new CellError('photos', `"${url.slice(0, 60)}" não é um endereço http(s).`);
    if (photos.length > MAX_PHOTOS) throw new CellError('photos', `um produto pode ter até ${MAX_PHOTOS} fotos.`);
  }
  const options: { name: string; value: string }[] = [];
  for (const [n, o, v] of [
    [1, 'option1', 'value1'],
    [2, 'option2', 'value2'],
    [3, 'option3', 'value3'],
  ] as const) {
    const optionName = text(o) ?? '';
    const value = text(v) ?? '';
    if (!optionName && !value) continue;
    if (!optionName) throw new CellError(o, `informe o nome da opção ${n} (por exemplo Tamanho).`);
    if (!value) throw new CellError(v, `informe o valor de "${optionName}" nesta linha.`);
    if (value.includes('/') || value.includes(',')) throw new CellError(v, 'um valor não pode ter "/" nem ",".');
    options.push({ name: optionName, value });
  }
  // Checked with the product form's own rules (@balcao/br/nfe-fiscal).
  const ncmText = text('ncm');
  const ncm = ncmText === undefined ? undefined : normalizeNcm(ncmText) || null;
  if (ncm && ncmProblem(ncm)) throw new CellError('ncm', ncmProblem(ncm)!);
  const originText = text('origin');
  if (originText && originProblem(originText)) throw new CellError('origin', 'use um número de 0 a 8 (0 = Nacional).');
  const gtinText = text('gtin');
  const gtin = gtinText === undefined ? undefined : gtinText.replace(/\s/g, '') || null;
  if (gtin && gtinProblem(gtin)) throw new CellError('gtin', gtinProblem(gtin)!);
  const sku = text('sku');
  if (sku && ([...sku].length > SKU_MAX || !/^[\p{L}\p{N}._\-/]+$/u.test(sku))) throw new CellError('sku', `use letras, números, ".", "-", "_" ou "/", até ${SKU_MAX} caracteres.`);
  const stockHint = `use um número inteiro de 0 a ${MAX_STOCK.toLocaleString('pt-BR')}, ou deixe em branco para não controlar o estoque.`;
  const sizeHint = `use centímetros, um número inteiro de 1 a ${MAX_SIZE_CM.toLocaleString('pt-BR')}.`;
  const variant: ImportVariant = {
    line,
    values: options.map((o) => o.value),
    sku: sku === undefined ? undefined : sku || null,
    priceCents: money('variantPrice', true),
    stock: int('stock', 0, MAX_STOCK, stockHint),
    weightGrams: int('weightGrams', 1, MAX_WEIGHT_GRAMS, `use o peso em gramas, um número inteiro de 1 a ${MAX_WEIGHT_GRAMS.toLocaleString('pt-BR')}.`),
    heightCm: int('heightCm', 1, MAX_SIZE_CM, sizeHint),
    widthCm: int('widthCm', 1, MAX_SIZE_CM, sizeHint),
    lengthCm: int('lengthCm', 1, MAX_SIZE_CM, sizeHint),
    active: bool('variantActive'),
    ncm,
    origin: originText === undefined ? undefined : originText ? Number(originText) : null,
    gtin,
  };
  return {
    slug,
    product: { name, description, priceCents, categories, photos, active: bool('active'), requiresShipping: bool('requiresShipping') },
    optionNames: options.map((o) => o.name),
    variant,
  };
}

type ReadLine = ReturnType<typeof readLine>;

export const otherLineError = (slug: string, line: number) => `outra linha do produto "${slug}" tem erro (linha ${line}); o produto não foi importado.`;

export const columnError = (column: Column, message: string) => `${COLUMNS[column]}: ${message}`;

/** Bytes of a products CSV → the products it describes, and each refused line with why (naming the column). */
export function parseImportFile(bytes: Uint8Array): ImportFileParse {
  const read = readCsv(bytes, { maxBytes: IMPORT_MAX_BYTES, windows1252: true });
  if (!read.ok) {
    if (read.reason === 'too_large') return { ok: false, error: `O arquivo passa de ${IMPORT_MAX_BYTES / 1024} KB. Divida-o em arquivos menores (um produto não pode ficar em dois arquivos).` };
    if (read.reason === 'empty') return { ok: false, error: 'O arquivo está vazio.' };
    return { ok: false, error: 'Este arquivo não é um CSV: salve a planilha como CSV (UTF-8 ou Windows), separada por ponto e vírgula ou vírgula.' };
  }
  const [head, ...data] = read.records;
  const index = new Map<Column, number>();
  head.cells.forEach((cell, i) => {
    const c = HEADER_NAMES.get(fold(cell));
    if (c && !index.has(c)) index.set(c, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0) {
    return { ok: false, error: `Faltam colunas no cabeçalho (a primeira linha): ${missing.map((c) => `"${COLUMNS[c]}"`).join(', ')}. Baixe um modelo com "Exportar produtos".` };
  }
  if (data.length === 0) return { ok: false, error: 'O arquivo só tem o cabeçalho: nenhum produto para importar.' };
  if (data.length > IMPORT_MAX_LINES) return { ok: false, error: `O arquivo tem ${data.length.toLocaleString('pt-BR')} linhas; envie no máximo ${IMPORT_MAX_LINES.toLocaleString('pt-BR')} por vez.` };

  const errors: LineError[] = [];
  const groups = new Map<string, ReadLine[]>();
  // A line refused alone refuses its whole product (one transaction each, all or nothing).
  const refusedSlugs = new Map<string, number>();
  let refused = 0;
  for (const record of data) {
    const cells: Cells = {};
    for (const [c, i] of index) cells[c] = record.cells[i] ?? '';
    try {
      const r = readLine(record.line, cells);
      const g = groups.get(r.slug);
      if (g) g.push(r);
      else groups.set(r.slug, [r]);
    } catch (e) {
      if (!(e instanceof CellError)) throw e;
      const slug = slugify((cells.slug ?? '').trim().replace(NEUTRALISED, ''));
      errors.push({ line: record.line, message: columnError(e.column, e.message), ...(slug ? { slug } : {}) });
      if (!slug) refused++;
      else if (!refusedSlugs.has(slug)) refusedSlugs.set(slug, record.line);
    }
  }

  const products: ImportProduct[] = [];
  const skus = new Map<string, number>();
  for (const [slug, lines] of groups) {
    const badLine = refusedSlugs.get(slug);
    if (badLine !== undefined) {
      for (const l of lines) errors.push({ line: l.variant.line, message: otherLineError(slug, badLine), slug });
      continue;
    }
    const product = productOf(slug, lines, errors, skus);
    if (product) products.push(product);
    else refused++;
  }
  refused += refusedSlugs.size;
  errors.sort((a, b) => a.line - b.line);
  return { ok: true, products, errors, refused, lineCount: data.length, encoding: read.encoding };
}

/** One product's lines → the product, or null with every line's error added (one bad line refuses its product: one transaction each). */
function productOf(slug: string, lines: ReadLine[], errors: LineError[], skus: Map<string, number>): ImportProduct | null {
  const first = lines[0];
  const own: LineError[] = [];
  const fail = (line: number, column: Column, message: string) => own.push({ line, message: columnError(column, message), slug });
  if (!first.product.name) fail(first.variant.line, 'name', 'informe o nome do produto na primeira linha dele.');
  if (first.product.priceCents === null) fail(first.variant.line, 'price', 'informe o preço na primeira linha do produto.');
  for (const l of lines.slice(1)) {
    // A later line may repeat the product's cells or leave them blank, never say something else.
    const p = l.product;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const checks: [Column, unknown, unknown][] = [
      ['name', p.name || undefined, first.product.name],
      ['description', p.description || undefined, first.product.description],
      ['price', p.priceCents ?? undefined, first.product.priceCents],
      ['categories', p.categories?.length ? p.categories : undefined, first.product.categories],
      ['active', p.active, first.product.active],
      ['requiresShipping', p.requiresShipping, first.product.requiresShipping],
      ['photos', p.photos?.length ? p.photos : undefined, first.product.photos],
    ];
    for (const [column, mine, theirs] of checks) {
      if (mine !== undefined && !same(mine, theirs)) fail(l.variant.line, column, `difere da linha ${first.variant.line}, a primeira do produto "${slug}".`);
    }
    if (!same(l.optionNames, first.optionNames)) {
      const column = (['option1', 'option2', 'option3'] as const)[Math.min(l.optionNames.length, first.optionNames.length, MAX_OPTIONS - 1)];
      fail(l.variant.line, column, `as linhas de um produto têm as mesmas opções (linha ${first.variant.line}: ${first.optionNames.join(', ') || 'nenhuma'}).`);
    }
  }
  const options: ProductOption[] = first.optionNames.map((name, i) => ({ name, values: [...new Map(lines.map((l) => [l.variant.values[i]?.toLowerCase(), l.variant.values[i]])).values()].filter((v): v is string => !!v) }));
  if (own.length === 0 && options.length > 0) {
    const checked = checkOptions(options.map((o) => ({ name: o.name, values: o.values.join(',') })));
    if (!checked.ok) fail(first.variant.line, (['option1', 'option2', 'option3'] as const)[Math.min(checked.index ?? 0, 2)], checked.error);
  }
  const combos = new Map<string, number>();
  for (const l of lines) {
    const key = comboKey(l.variant.values);
    const seen = combos.get(key);
    if (seen !== undefined) fail(l.variant.line, options.length ? 'value1' : 'slug', `a mesma variante já está na linha ${seen}.`);
    else combos.set(key, l.variant.line);
    const sku = l.variant.sku?.toLowerCase();
    if (sku) {
      const other = skus.get(sku);
      if (other !== undefined) fail(l.variant.line, 'sku', `o SKU "${l.variant.sku}" já está na linha ${other}; cada SKU é de uma só variante.`);
      else skus.set(sku, l.variant.line);
    }
  }
  if (own.length > 0) {
    const bad = new Set(own.map((e) => e.line));
    errors.push(...own);
    for (const l of lines) {
      if (!bad.has(l.variant.line)) errors.push({ line: l.variant.line, message: otherLineError(slug, own[0].line), slug });
    }
    return null;
  }
  return {
    slug,
    lines: lines.map((l) => l.variant.line),
    name: first.product.name,
    priceCents: first.product.priceCents!,
    description: first.product.description,
    categories: first.product.categories,
    active: first.product.active,
    requiresShipping: first.product.requiresShipping,
    photos: first.product.photos,
    options,
    variants: lines.map((l) => l.variant),
  };
}

/** One exported line: the product's cells and one variant's. */
export type ExportLine = {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  categories: string[];
  active: boolean;
  requiresShipping: boolean;
  options: { name: string; value: string }[];
  sku: string | null;
  variantPriceCents: number | null;
  stock: number | null;
  dimensions: Record<Dim, number | null>;
  variantActive: boolean;
  photos: string[];
  /** As sold: the variant's own, else the product's. */
  fiscal: Fiscal;
};

const yesNo = (b: boolean) => (b ? 'sim' : 'não');

/** The products CSV (UTF-8 with a BOM, ";"), the same columns `parseImportFile` reads. */
export function exportCsv(lines: Iterable<ExportLine>): string {
  let out = CSV_BOM + csvRow(COLUMN_ORDER.map((c) => COLUMNS[c]));
  for (const l of lines) {
    const o = (i: number) => l.options[i] ?? { name: '', value: '' };
    out += csvRow([
      l.slug,
      l.name,
      l.description,
      formatDecimalComma(l.priceCents),
      l.categories.join(` ${LIST_SEPARATOR} `),
      yesNo(l.active),
      yesNo(l.requiresShipping),
      o(0).name,
      o(0).value,
      o(1).name,
      o(1).value,
      o(2).name,
      o(2).value,
      l.sku,
      l.variantPriceCents === null ? '' : formatDecimalComma(l.variantPriceCents),
      l.stock,
      l.dimensions.weightGrams,
      l.dimensions.heightCm,
      l.dimensions.widthCm,
      l.dimensions.lengthCm,
      yesNo(l.variantActive),
      l.photos.join(` ${LIST_SEPARATOR} `),
      l.fiscal.ncm,
      l.fiscal.origin,
      l.fiscal.gtin,
    ]);
  }
  return out;
}
