/**
 * The merchant's catalog: list, create, edit, remove (archive when ordered) and restore
 * products. Slugs are unique across current slugs and every slug a product used before
 * (those keep redirecting to it). Writes are single transactions (db/driver generator bodies).
 */
import 'server-only';
import { and, asc, count, desc, eq, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { database } from '@/db';
import { all, get, run, type AnyDb, type Step } from '@/db/driver';
import type { AppSchema } from '@/db';
import { orderItems, productDigital, productSlugRedirects, productVariants, products, type Product } from '@/db/schema';
import { productStockSql } from './catalog';
import { coversOf, photosOf, type PhotoView } from './photos';
import type { ProductField, ProductValues } from './product-form';
import { slugify, uniqueSlug } from './slug';
import { DIMENSIONS_REQUIRED, effectiveOf, missingDimensions, readOptions } from './variants';

type Tx = AnyDb<AppSchema>;

export const PAGE_SIZE = 20;

/** LIKE pattern for "contains", with %, _ and \ escaped (use ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const PRODUCT_FILTERS = ['todos', 'ativos', 'inativos', 'esgotados', 'arquivados'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];
export type ProductStatus = 'active' | 'inactive' | 'sold_out' | 'archived';

/** `stock`: the units on sale across the product's active variants (productStockSql). */
export function productStatus(p: Pick<Product, 'active' | 'archivedAt'> & { stock: number | null }): ProductStatus {
  if (p.archivedAt) return 'archived';
  if (!p.active) return 'inactive';
  return p.stock !== null && p.stock <= 0 ? 'sold_out' : 'active';
}

export const STATUS_LABELS: Record<ProductStatus, string> = { active: 'Ativo', inactive: 'Inativo', sold_out: 'Esgotado', archived: 'Arquivado' };

export type ProductRow = Pick<Product, 'id' | 'name' | 'slug' | 'priceCents' | 'active' | 'archivedAt' | 'imagePath'> & { stock: number | null; status: ProductStatus; cover: PhotoView | null };

export async function listDashboardProducts(opts: { q?: string; filter?: ProductFilter; page?: number }): Promise<{ rows: ProductRow[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [];
  const q = (opts.q ?? '').trim().slice(0, 120);
  if (q) {
    const folded = slugify(q);
    const byName = sql`${products.name} LIKE ${containsPattern(q)} ESCAPE '\\'`;
    // A variant's SKU, as the shop's search finds it (the table written out: in a one-table
    // select Drizzle writes a column without its table, which the subquery would take as its own).
    const bySku = sql`EXISTS (SELECT 1 FROM product_variants AS v WHERE v.product_id = "products"."id" AND v.sku LIKE ${containsPattern(q)} ESCAPE '\\')`;
    conditions.push(folded ? or(byName, bySku, like(products.slug, `%${folded}%`))! : or(byName, bySku)!);
  }
  switch (opts.filter ?? 'todos') {
    case 'ativos':
      conditions.push(eq(products.active, true), isNull(products.archivedAt));
      break;
    case 'inativos':
      conditions.push(eq(products.active, false), isNull(products.archivedAt));
      break;
    case 'esgotados':
      conditions.push(eq(products.active, true), isNull(products.archivedAt), sql`${productStockSql()} <= 0`);
      break;
    case 'arquivados':
      conditions.push(isNotNull(products.archivedAt));
      break;
    default:
      conditions.push(isNull(products.archivedAt));
  }
  const where = and(...conditions);
  const { db } = database();
  const [{ n }] = await db.select({ n: count() }).from(products).where(where);
  const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(opts.page ?? 1) || 1), pages);
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, priceCents: products.priceCents, stock: productStockSql(), active: products.active, archivedAt: products.archivedAt, imagePath: products.imagePath })
    .from(products)
    .where(where)
    .orderBy(asc(products.displayOrder), desc(products.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const covers = await coversOf(rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, status: productStatus(r), cover: covers.get(r.id) ?? null })), total: n, page, pages };
}

/** `stock`: the implicit variant's (a product without options); `variantCount`: its variants. */
export type ProductForEdit = Product & { stock: number | null; photos: PhotoView[]; ordered: boolean; oldSlugs: string[] };

export async function productForEdit(id: number): Promise<ProductForEdit | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { db } = database();
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const [photos, [ordered], redirects, [implicit]] = await Promise.all([
    photosOf([id]),
    db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1),
    db.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects).where(eq(productSlugRedirects.productId, id)).orderBy(desc(productSlugRedirects.createdAt)),
    db.select({ stock: productVariants.stock }).from(productVariants).where(implicitVariantOf(id)).limit(1),
  ]);
  return { ...p, stock: implicit?.stock ?? null, photos: photos.get(id) ?? [], ordered: !!ordered, oldSlugs: redirects.map((r) => r.slug) };
}

export type SaveResult =
  | { ok: true; id: number; slug: string }
  | { ok: false; fieldErrors: Partial<Record<ProductField, string>>; /** Set when the stock changed while the form was open: what it is now. */ currentStock?: number | null };

export const SLUG_TAKEN = 'Este endereço já é usado por outro produto. Escolha outro.';
export const STOCK_CHANGED = 'O estoque mudou enquanto você editava: confira e salve de novo';

/** The variant a product without options is sold as (no option values; the first one). */
export function implicitVariantOf(productId: number): SQL {
  return and(eq(productVariants.productId, productId), isNull(productVariants.option1))!;
}

/**
 * Creates (id null) or updates a product. An empty slug: kept on edit, made from the name on create.
 * `shownStock` (an edit): the stock the form showed; the update is a compare-and-set on it (the
 * same UPDATE's WHERE), so units sold while the merchant edited are never written over with the
 * form's old number: the save is refused with STOCK_CHANGED and nothing is written.
 */
export async function saveProduct(id: number | null, values: ProductValues, shownStock?: number | null): Promise<SaveResult> {
  return database().transaction((tx) => saveProductIn(tx, id, values, shownStock));
}

/** saveProduct's body, a step of a caller's transaction (the editor saves it with the variants' grid: lib/catalog/variant-admin.ts). */
export function* saveProductIn(tx: Tx, id: number | null, values: ProductValues, shownStock?: number | null): Generator<Step, SaveResult, unknown> {
  const current = id === null ? undefined : yield* get(tx.select().from(products).where(eq(products.id, id)));
  if (id !== null && !current) return { ok: false, fieldErrors: { name: 'Este produto não existe mais.' } } as SaveResult;

  // Who holds a slug: a product's current slug, or an old one that redirects to a product.
  function* holderOf(slug: string) {
    const asCurrent = yield* get(tx.select({ id: products.id }).from(products).where(eq(products.slug, slug)));
    if (asCurrent) return asCurrent.id;
    const asOld = yield* get(tx.select({ id: productSlugRedirects.productId }).from(productSlugRedirects).where(eq(productSlugRedirects.slug, slug)));
    return asOld?.id;
  }

  let slug: string;
  if (values.slug) {
    const holder = yield* holderOf(values.slug);
    if (holder !== undefined && holder !== id) return { ok: false, fieldErrors: { slug: SLUG_TAKEN } } as SaveResult;
    slug = values.slug;
  } else if (current) {
    slug = current.slug;
  } else {
    const base = slugify(values.name) || 'produto';
    const prefix = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
    const near = [
      ...(yield* all(tx.select({ slug: products.slug }).from(products).where(or(eq(products.slug, base), sql`${products.slug} LIKE ${prefix} ESCAPE '\\'`)))),
      ...(yield* all(tx.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects).where(or(eq(productSlugRedirects.slug, base), sql`${productSlugRedirects.slug} LIKE ${prefix} ESCAPE '\\'`)))),
    ];
    const taken = new Set(near.map((r) => r.slug));
    slug = uniqueSlug(base, (s) => taken.has(s));
  }

  // A digital product (lib/digital) ships nothing, whatever the box said: no weight nor size asked.
  const digital = current ? yield* get(tx.select({ id: productDigital.productId }).from(productDigital).where(eq(productDigital.productId, current.id))) : undefined;
  const row = {
    name: values.name,
    description: values.description,
    priceCents: values.priceCents,
    slug,
    displayOrder: values.displayOrder,
    active: values.active,
    requiresShipping: values.requiresShipping && !digital,
    weightGrams: values.weightGrams,
    heightCm: values.heightCm,
    widthCm: values.widthCm,
    lengthCm: values.lengthCm,
    ncm: values.ncm,
    origin: values.origin,
    gtin: values.gtin,
  };
  const options = readOptions(current?.options);
  if (values.active && row.requiresShipping) {
    // A product that ships goes on sale only with the weight and size a carrier quotes from:
    // its own, or (with options) every active variant's own or the product's.
    const variants = options.length === 0 ? [] : yield* all(tx.select().from(productVariants).where(and(eq(productVariants.productId, current!.id), eq(productVariants.active, true))));
    const missing = new Set(options.length === 0 ? missingDimensions(values) : variants.flatMap((v) => missingDimensions(effectiveOf(v, values))));
    if (missing.size > 0) return { ok: false, fieldErrors: Object.fromEntries([...missing].map((f) => [f, DIMENSIONS_REQUIRED])) } as SaveResult;
  }
  if (!current) {
    const inserted = yield* get(tx.insert(products).values({ ...row, imagePath: '' }).returning({ id: products.id }));
    // The insert's trigger made the product's implicit variant: it holds the stock.
    yield* run(tx.update(productVariants).set({ stock: values.stock }).where(implicitVariantOf(inserted!.id)));
    return { ok: true, id: inserted!.id, slug } as SaveResult;
  }
  if (options.length === 0) {
    // The stock the form showed must still be the implicit variant's (`IS` also matches an
    // untracked null): else nothing is written.
    const stillShown = shownStock === undefined ? undefined : sql`${productVariants.stock} IS ${shownStock}`;
    const set = yield* run(tx.update(productVariants).set({ stock: values.stock }).where(and(implicitVariantOf(current.id), stillShown)));
    if (set === 0) {
      const now = yield* get(tx.select({ stock: productVariants.stock }).from(productVariants).where(implicitVariantOf(current.id)));
      return { ok: false, fieldErrors: { stock: STOCK_CHANGED }, currentStock: now?.stock ?? null } as SaveResult;
    }
  }
  // Making an archived product active again brings it back from the archive.
  yield* run(tx.update(products).set({ ...row, ...(values.active ? { archivedAt: null } : {}) }).where(eq(products.id, current.id)));
  if (current.slug !== slug) {
    // The old address keeps working; a slug this product used before becomes current again.
    yield* run(tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug)));
    yield* run(tx.insert(productSlugRedirects).values({ slug: current.slug, productId: current.id }).onConflictDoNothing());
  }
  return { ok: true, id: current.id, slug } as SaveResult;
}

/**
 * "Excluir": a product nobody ordered is deleted (with its photos and old slugs); one that
 * was ordered is archived instead (inactive, out of the list), so its orders keep it.
 */
export async function removeProduct(id: number): Promise<'deleted' | 'archived' | 'missing'> {
  const now = new Date().toISOString();
  return database().transaction(function* (tx) {
    const p = yield* get(tx.select({ id: products.id }).from(products).where(eq(products.id, id)));
    if (!p) return 'missing' as const;
    const ordered = yield* get(tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1));
    if (ordered) {
      yield* run(tx.update(products).set({ active: false, archivedAt: now }).where(eq(products.id, id)));
      return 'archived' as const;
    }
    yield* run(tx.delete(products).where(eq(products.id, id)));
    return 'deleted' as const;
  });
}

/** Back from the archive, as an inactive product the merchant can review and activate. */
export async function restoreProduct(id: number): Promise<boolean> {
  const changed = await database().db.update(products).set({ archivedAt: null }).where(and(eq(products.id, id), isNotNull(products.archivedAt)));
  return Number((changed as { changes?: number; rowsAffected?: number }).changes ?? (changed as { rowsAffected?: number }).rowsAffected ?? 0) > 0;
}
