/**
 * "Importar produtos": the file is stored as sent (`product_imports`, keyed by a random id and
 * checked by its sha256), previewed line by line against the shop ("novo", "atualizado",
 * "sem mudança", "erro: …"), and applied only on "Confirmar importação": one transaction per
 * product, each re-planned from what the shop holds inside its transaction, so a product that
 * already is what the file says is not written at all (the same file twice changes nothing the
 * second time). Photos by URL are queued and fetched afterwards (import-photos.ts).
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { database, type AppSchema } from '@/db';
import { all, get, run, type AnyDb, type Step } from '@/db/driver';
import { categories, productCategories, productImports, productPhotos, productSlugRedirects, productVariants, products, type Product, type ProductVariant } from '@/db/schema';
import { columnError, FISCAL_COLUMNS, type Fiscal, otherLineError, type ImportProduct, type ImportVariant, type LineError, parseImportFile, type Column } from './import-file';
import { MAX_DISPLAY_ORDER } from './product-form';
import { slugify, uniqueSlug } from './slug';
import { DIMENSIONS_REQUIRED, missingDimensions, readOptions, valuesOf, type Dimensions } from './variants';

type Tx = AnyDb<AppSchema>;

export type LineStatus = 'novo' | 'atualizado' | 'sem mudança';
export type LineResult = { line: number; slug: string; name: string; status: LineStatus } | { line: number; slug: string; name: string; status: 'erro'; message: string };
export type ProductOutcome = { slug: string; status: 'novo' | 'atualizado' | 'sem mudança' | 'erro'; productId?: number };
export type ImportSummary = { novo: number; atualizado: number; semMudanca: number; erro: number; lines: number };

/** What the shop holds for one slug. */
type Current = { product: Product; variants: ProductVariant[]; categories: string[]; photoCount: number };

const DIMS = ['weightGrams', 'heightCm', 'widthCm', 'lengthCm'] as const;
const DIM_COLUMN: Record<(typeof DIMS)[number], Column> = { weightGrams: 'weightGrams', heightCm: 'heightCm', widthCm: 'widthCm', lengthCm: 'lengthCm' };

// ---------- the upload ----------

export const IMPORT_KEEP_HOURS = 24;

export async function storeImport(bytes: Uint8Array, fileName: string, createdBy: number | null): Promise<{ id: string; sha256: string }> {
  const id = randomBytes(18).toString('base64url');
  const sha256 = sha256Of(bytes);
  const cutoff = new Date(Date.now() - IMPORT_KEEP_HOURS * 3600_000).toISOString();
  await database().transaction(function* (tx) {
    // Yesterday's uploads are not needed: their products are saved or were never confirmed.
    yield* run(tx.delete(productImports).where(lt(productImports.createdAt, cutoff)));
    yield* run(tx.insert(productImports).values({ id, sha256, fileName: fileName.slice(0, 120), bytes: Buffer.from(bytes), createdBy }));
  });
  return { id, sha256 };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function importById(id: string) {
  if (!/^[A-Za-z0-9_-]{20,40}$/.test(id)) return null;
  const [row] = await database().db.select().from(productImports).where(eq(productImports.id, id));
  return row ?? null;
}

// ---------- planning: what a product of the file does to the shop ----------

function* readCurrent(tx: Tx, slug: string): Generator<Step, Current | null, unknown> {
  const product = yield* get(tx.select().from(products).where(eq(products.slug, slug)));
  if (!product) return null;
  const variants = yield* all(tx.select().from(productVariants).where(eq(productVariants.productId, product.id)).orderBy(asc(productVariants.position), asc(productVariants.id)));
  const cats = yield* all(
    tx
      .select({ name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, product.id))
      .orderBy(asc(categories.position), asc(categories.name)),
  );
  const photos = yield* get(tx.select({ n: sql<number>`count(*)` }).from(productPhotos).where(eq(productPhotos.productId, product.id)));
  return { product, variants, categories: cats.map((c) => c.name), photoCount: photos?.n ?? 0 };
}

type TargetVariant = {
  line: number;
  existing: ProductVariant | undefined;
  values: string[];
  sku: string | null;
  priceCents: number | null;
  stock: number | null;
  /** Stored: null where the product's own value is meant. */
  own: Dimensions & Fiscal;
  active: boolean;
  position: number;
};

type Plan =
  | { ok: false; errors: LineError[] }
  | {
      ok: true;
      status: 'novo' | 'atualizado' | 'sem mudança';
      lineStatus: Map<number, LineStatus>;
      product: Pick<Product, 'name' | 'description' | 'priceCents' | 'active' | 'requiresShipping' | 'options'> & Dimensions & Fiscal;
      categories: string[];
      variants: TargetVariant[];
      deactivate: number[];
      photos: string[];
    };

const eqCase = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i].toLowerCase());

/**
 * The file's product against what the shop holds → what to write and each line's status, or
 * each refused line. Pure (the caller reads `current`, the SKU holders and the slug's old owner).
 */
export function planProduct(incoming: ImportProduct, current: Current | null, skuHolder: (sku: string) => { variantId: number; productId: number } | undefined, oldSlugOwner: number | undefined): Plan {
  const errors: LineError[] = [];
  const refuseAll = (message: string) => incoming.lines.forEach((line) => errors.push({ line, message }));
  if (!current && oldSlugOwner !== undefined) {
    refuseAll(columnError('slug', 'este endereço já foi de outro produto (e redireciona para ele); use outro slug.'));
    return { ok: false, errors };
  }
  const p = current?.product;
  const first = incoming.variants[0];
  const productDims: Dimensions = p
    ? { weightGrams: p.weightGrams, heightCm: p.heightCm, widthCm: p.widthCm, lengthCm: p.lengthCm }
    : { weightGrams: first.weightGrams ?? null, heightCm: first.heightCm ?? null, widthCm: first.widthCm ?? null, lengthCm: first.lengthCm ?? null };
  // Like the size: a new product takes its first line's, an existing one keeps its own and a line that differs is the variant's.
  const productFiscal: Fiscal = p ? { ncm: p.ncm, origin: p.origin, gtin: p.gtin } : { ncm: first.ncm ?? null, origin: first.origin ?? null, gtin: first.gtin ?? null };
  const product = {
    name: incoming.name,
    priceCents: incoming.priceCents,
    description: incoming.description ?? p?.description ?? '',
    active: incoming.active ?? p?.active ?? true,
    requiresShipping: incoming.requiresShipping ?? p?.requiresShipping ?? true,
    options: JSON.stringify(incoming.options),
    ...productDims,
    ...productFiscal,
  };
  const cats = incoming.categories ?? current?.categories ?? [];
  const optionCount = incoming.options.length;
  const existingOf = (values: string[]) => current?.variants.find((v) => valuesOf(v).length === optionCount && eqCase(valuesOf(v), values));

  const variants: TargetVariant[] = incoming.variants.map((v: ImportVariant, position) => {
    const existing = existingOf(v.values);
    const effective = (d: (typeof DIMS)[number]) => (v[d] !== undefined ? v[d] : existing ? (existing[d] ?? productDims[d]) : productDims[d]);
    const own = Object.fromEntries(
      DIMS.map((d) => {
        const e = effective(d);
        return [d, e === productDims[d] ? null : e];
      }),
    ) as Dimensions;
    const fiscal = (f: (typeof FISCAL_COLUMNS)[number]) => (v[f] !== undefined ? v[f] : existing ? (existing[f] ?? productFiscal[f]) : productFiscal[f]);
    const ownFiscal = Object.fromEntries(FISCAL_COLUMNS.map((f) => [f, fiscal(f) === productFiscal[f] ? null : fiscal(f)])) as Fiscal;
    return {
      line: v.line,
      existing,
      values: v.values,
      sku: v.sku !== undefined ? v.sku : (existing?.sku ?? null),
      priceCents: v.priceCents !== undefined ? v.priceCents : (existing?.priceCents ?? null),
      stock: v.stock !== undefined ? v.stock : (existing?.stock ?? null),
      own: { ...own, ...ownFiscal },
      active: v.active ?? existing?.active ?? true,
      position: existing?.position ?? position,
    };
  });

  for (const t of variants) {
    if (t.sku) {
      const holder = skuHolder(t.sku.toLowerCase());
      // A SKU of this product's own listed variants may move between them (write() clears first).
      const mine = !!holder && variants.some((o) => o.existing?.id === holder.variantId);
      if (holder && !mine) errors.push({ line: t.line, message: columnError('sku', `o SKU "${t.sku}" já é de outra variante da loja.`) });
    }
    if (product.active && product.requiresShipping && t.active) {
      const missing = missingDimensions(Object.fromEntries(DIMS.map((d) => [d, t.own[d] ?? productDims[d]])) as Dimensions);
      if (missing.length > 0) errors.push({ line: t.line, message: columnError(DIM_COLUMN[missing[0]], DIMENSIONS_REQUIRED) });
    }
  }
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.line));
    const firstBad = errors[0].line;
    for (const line of incoming.lines) if (!bad.has(line)) errors.push({ line, message: otherLineError(incoming.slug, firstBad) });
    return { ok: false, errors };
  }

  // Variants the options no longer make stop being sold (never deleted: orders point at them).
  const keep = new Set(variants.map((t) => t.existing?.id));
  const deactivate = (current?.variants ?? [])
    .filter((v) => v.active && !keep.has(v.id))
    .filter((v) => valuesOf(v).length !== optionCount || !incoming.options.every((o, i) => o.values.some((x) => x.toLowerCase() === valuesOf(v)[i].toLowerCase())))
    .map((v) => v.id);

  const lineStatus = new Map<number, LineStatus>();
  let status: 'novo' | 'atualizado' | 'sem mudança';
  if (!p) {
    status = 'novo';
    for (const t of variants) lineStatus.set(t.line, 'novo');
  } else {
    const productChanged =
      p.name !== product.name ||
      p.description !== product.description ||
      p.priceCents !== product.priceCents ||
      p.active !== product.active ||
      p.requiresShipping !== product.requiresShipping ||
      JSON.stringify(readOptions(p.options)) !== product.options ||
      !eqCase([...current!.categories].sort(), [...cats].sort()) ||
      deactivate.length > 0;
    for (const t of variants) {
      const e = t.existing;
      const variantChanged =
        !e || e.sku !== t.sku || e.priceCents !== t.priceCents || e.stock !== t.stock || e.active !== t.active || DIMS.some((d) => (e[d] ?? productDims[d]) !== (t.own[d] ?? productDims[d])) ||
        FISCAL_COLUMNS.some((f) => (e[f] ?? productFiscal[f]) !== (t.own[f] ?? productFiscal[f])) || !eqCase(valuesOf(e), t.values) || valuesOf(e).join() !== t.values.join();
      lineStatus.set(t.line, !e ? 'novo' : productChanged || variantChanged ? 'atualizado' : 'sem mudança');
    }
    status = [...lineStatus.values()].every((s) => s === 'sem mudança') ? 'sem mudança' : 'atualizado';
  }
  const photos = (incoming.photos ?? []).length > 0 && (current?.photoCount ?? 0) === 0 ? incoming.photos! : [];
  return { ok: true, status, lineStatus, product, categories: cats, variants, deactivate, photos };
}

function* skuHoldersOf(tx: Tx, skus: string[]): Generator<Step, Map<string, { variantId: number; productId: number }>, unknown> {
  const out = new Map<string, { variantId: number; productId: number }>();
  for (let i = 0; i < skus.length; i += 500) {
    const chunk = skus.slice(i, i + 500);
    const rows = yield* all(
      tx
        .select({ variantId: productVariants.id, productId: productVariants.productId, sku: sql<string>`lower(${productVariants.sku})` })
        .from(productVariants)
        .where(inArray(sql`lower(${productVariants.sku})`, chunk)),
    );
    for (const r of rows) out.set(r.sku, { variantId: r.variantId, productId: r.productId });
  }
  return out;
}

function* oldSlugOwner(tx: Tx, slug: string): Generator<Step, number | undefined, unknown> {
  return (yield* get(tx.select({ id: productSlugRedirects.productId }).from(productSlugRedirects).where(eq(productSlugRedirects.slug, slug))))?.id;
}

const skusOf = (p: ImportProduct) => p.variants.map((v) => v.sku?.toLowerCase()).filter((s): s is string => !!s);

export type Preview =
  | { ok: false; error: string }
  | { ok: true; lines: LineResult[]; summary: ImportSummary; photos: number; encoding: 'utf-8' | 'windows-1252' };

/** The preview: each line's result, nothing written. */
export async function previewImport(bytes: Uint8Array): Promise<Preview> {
  const parsed = parseImportFile(bytes);
  if (!parsed.ok) return parsed;
  const lines: LineResult[] = [];
  const outcomes: ProductOutcome[] = [];
  let photos = 0;
  await database().transaction(function* (tx) {
    const holders = yield* skuHoldersOf(tx, parsed.products.flatMap(skusOf));
    for (const incoming of parsed.products) {
      const current = yield* readCurrent(tx, incoming.slug);
      const plan = planProduct(incoming, current, (s) => holders.get(s), current ? undefined : yield* oldSlugOwner(tx, incoming.slug));
      if (!plan.ok) {
        outcomes.push({ slug: incoming.slug, status: 'erro' });
        for (const e of plan.errors) lines.push({ line: e.line, slug: incoming.slug, name: incoming.name, status: 'erro', message: e.message });
        continue;
      }
      outcomes.push({ slug: incoming.slug, status: plan.status });
      photos += plan.photos.length;
      for (const [line, status] of plan.lineStatus) lines.push({ line, slug: incoming.slug, name: incoming.name, status });
    }
  });
  for (const e of parsed.errors) lines.push({ line: e.line, slug: e.slug ?? '', name: '', status: 'erro', message: e.message });
  lines.sort((a, b) => a.line - b.line);
  return { ok: true, lines, summary: summarise(outcomes, parsed.lineCount, parsed.refused), photos, encoding: parsed.encoding };
}

function summarise(outcomes: ProductOutcome[], lineCount: number, refusedReading: number): ImportSummary {
  const n = (s: ProductOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  return { novo: n('novo'), atualizado: n('atualizado'), semMudanca: n('sem mudança'), erro: n('erro') + refusedReading, lines: lineCount };
}

// ---------- applying ----------

export type ApplyResult = { ok: true; summary: ImportSummary; outcomes: ProductOutcome[]; photoQueue: { productId: number; urls: string[] }[] } | { ok: false; error: string };

/** Applies a parsed file: one transaction per product, each planned again from what it reads inside. */
export async function applyImportFile(bytes: Uint8Array): Promise<ApplyResult> {
  const parsed = parseImportFile(bytes);
  if (!parsed.ok) return parsed;
  const outcomes: ProductOutcome[] = [];
  const photoQueue: { productId: number; urls: string[] }[] = [];
  for (const incoming of parsed.products) {
    const result = await database().transaction(function* (tx) {
      const holders = yield* skuHoldersOf(tx, skusOf(incoming));
      const current = yield* readCurrent(tx, incoming.slug);
      const plan = planProduct(incoming, current, (s) => holders.get(s), current ? undefined : yield* oldSlugOwner(tx, incoming.slug));
      if (!plan.ok) return { outcome: { slug: incoming.slug, status: 'erro' } as ProductOutcome, photos: [] as string[] };
      if (plan.status === 'sem mudança') return { outcome: { slug: incoming.slug, status: plan.status, productId: current!.product.id } as ProductOutcome, photos: plan.photos };
      const productId = yield* write(tx, incoming.slug, current, plan);
      return { outcome: { slug: incoming.slug, status: plan.status, productId } as ProductOutcome, photos: plan.photos };
    });
    outcomes.push(result.outcome);
    if (result.outcome.productId && result.photos.length > 0) photoQueue.push({ productId: result.outcome.productId, urls: result.photos });
  }
  return { ok: true, outcomes, photoQueue, summary: summarise(outcomes, parsed.lineCount, parsed.refused) };
}

type OkPlan = Extract<Plan, { ok: true }>;

function* write(tx: Tx, slug: string, current: Current | null, plan: OkPlan): Generator<Step, number, unknown> {
  let productId: number;
  if (!current) {
    const displayOrder = yield* nextDisplayOrder(tx);
    const inserted = yield* get(tx.insert(products).values({ ...plan.product, slug, imagePath: '', displayOrder }).returning({ id: products.id }));
    productId = inserted!.id;
  } else {
    productId = current.product.id;
    yield* run(tx.update(products).set(plan.product).where(eq(products.id, productId)));
  }
  // The insert's trigger made an implicit variant: it is the variant of a product without options.
  const implicit = current ? undefined : yield* get(tx.select().from(productVariants).where(eq(productVariants.productId, productId)));
  // SKUs moving between this product's variants: cleared first, so the unique index never sees two.
  const moving = plan.variants.filter((t) => t.existing && t.existing.sku !== t.sku && t.existing.sku !== null).map((t) => t.existing!.id);
  if (moving.length > 0) yield* run(tx.update(productVariants).set({ sku: null }).where(inArray(productVariants.id, moving)));
  if (plan.deactivate.length > 0) yield* run(tx.update(productVariants).set({ active: false }).where(inArray(productVariants.id, plan.deactivate)));
  const noOptions = plan.variants.length === 1 && plan.variants[0].values.length === 0;
  for (const t of plan.variants) {
    const row = {
      option1: t.values[0] ?? null,
      option2: t.values[1] ?? null,
      option3: t.values[2] ?? null,
      sku: t.sku,
      priceCents: t.priceCents,
      stock: t.stock,
      ...t.own,
      active: t.active,
      position: t.position,
    };
    const id = t.existing?.id ?? (noOptions ? implicit?.id : undefined);
    if (id !== undefined) yield* run(tx.update(productVariants).set(row).where(eq(productVariants.id, id)));
    else yield* run(tx.insert(productVariants).values({ productId, ...row }));
  }
  if (implicit && !noOptions) yield* run(tx.update(productVariants).set({ active: false }).where(eq(productVariants.id, implicit.id)));
  yield* setCategories(tx, productId, plan.categories);
  return productId;
}

/**
 * A new product goes after every product the shop shows: products are applied in the file's
 * order, one transaction each, so a file's new products keep its row order. (The default 0 would
 * put them before the merchant's ordered products, newest first, i.e. the file upside down.) An
 * update never writes the order, so the merchant's "Ordem de exibição" survives any re-import.
 */
function* nextDisplayOrder(tx: Tx): Generator<Step, number, unknown> {
  const row = yield* get(tx.select({ last: sql<number | null>`max(${products.displayOrder})` }).from(products).where(isNull(products.archivedAt)));
  return Math.min((row?.last ?? -1) + 1, MAX_DISPLAY_ORDER);
}

function* setCategories(tx: Tx, productId: number, names: string[]): Generator<Step, void, unknown> {
  const existing = yield* all(tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories));
  const ids: number[] = [];
  for (const name of names) {
    let found = existing.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!found) {
      const taken = new Set(existing.map((c) => c.slug));
      const slug = uniqueSlug(slugify(name) || 'categoria', (s) => taken.has(s));
      const row = yield* get(tx.insert(categories).values({ name, slug, position: existing.length }).returning({ id: categories.id }));
      found = { id: row!.id, name, slug };
      existing.push(found);
    }
    if (!ids.includes(found.id)) ids.push(found.id);
  }
  yield* run(tx.delete(productCategories).where(eq(productCategories.productId, productId)));
  for (const categoryId of ids) yield* run(tx.insert(productCategories).values({ productId, categoryId }));
}

/**
 * "Confirmar importação" of a stored upload: refused unless the file is the one previewed (its
 * sha256) and not applied yet (the claim is a compare-and-set, so two clicks apply it once).
 */
export async function confirmImport(id: string, sha256: string): Promise<ApplyResult & { alreadyApplied?: boolean }> {
  const row = await importById(id);
  if (!row || sha256Of(row.bytes) !== sha256 || row.sha256 !== sha256) return { ok: false, error: 'Não encontramos este arquivo: envie-o de novo.' };
  const claimed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(productImports)
        .set({ appliedAt: new Date().toISOString() })
        .where(and(eq(productImports.id, id), sql`${productImports.appliedAt} IS NULL`)),
    );
  });
  if (claimed !== 1) return { ok: false, error: 'Esta importação já foi confirmada.', alreadyApplied: true };
  const result = await applyImportFile(new Uint8Array(row.bytes));
  if (!result.ok) return result;
  const photosTotal = result.photoQueue.reduce((n, q) => n + q.urls.length, 0);
  await database().db.update(productImports).set({ summary: JSON.stringify(result.summary), photoQueue: JSON.stringify(result.photoQueue), photosTotal }).where(eq(productImports.id, id));
  return result;
}
