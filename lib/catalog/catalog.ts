/** Read-only queries on the product catalog (the only source of prices). */
import 'server-only';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database, db } from '@/db';
import { productPhotos, productSlugRedirects, productVariants, products } from '@/db/schema';
import { coversOf, photoRowsWhere, photosByProduct, type PhotoView } from './photos';
import { isSlug } from './slug';
import { effectiveOf, lineName, readOptions, variantLabel, type ProductOption } from './variants';

export type CatalogProduct = {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  imagePath: string;
  /**
   * Units on sale across the product's active variants; null when one of them is not tracked
   * (always available), 0 when every one is sold out.
   */
  stock: number | null;
  /** A physical product: the checkout asks for a delivery address and charges shipping. */
  requiresShipping: boolean;
  /** Whether the buyer chooses a variant (its options) on the product's page. */
  hasOptions?: boolean;
};

/**
 * A product's units on sale across its active variants (null: one is not tracked; 0: none left).
 * The outer column is written whole: in a one-table select Drizzle leaves columns unqualified,
 * and a bare "id" here would be the variant's.
 */
export function productStockSql() {
  return sql<number | null>`(SELECT CASE WHEN count(*) = 0 THEN 0 WHEN sum(v.stock IS NULL) > 0 THEN NULL ELSE sum(max(v.stock, 0)) END FROM product_variants v WHERE v.product_id = "products"."id" AND v.active = 1)`;
}

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  imagePath: products.imagePath,
  stock: productStockSql(),
  requiresShipping: products.requiresShipping,
  hasOptions: sql<boolean>`(${products.options} <> '[]')`.mapWith(Boolean),
};

/** The catalog's order: the merchant's display order, then the newest first (the seed's in its own order). */
const catalogOrder = [asc(products.displayOrder), desc(products.id)] as const;

/** Every product on sale, in catalog order. */
export async function listProducts(): Promise<CatalogProduct[]> {
  return db().select(columns).from(products).where(eq(products.active, true)).orderBy(...catalogOrder);
}

export const CATALOG_PAGE_SIZE = 24;

export type CatalogCard = CatalogProduct & { cover: PhotoView | null };

/** One page of the shop's catalog (products_catalog_idx walks it), each with its cover photo. */
export async function catalogPage(page: number): Promise<{ products: CatalogCard[]; total: number; page: number; pages: number }> {
  const [{ n }] = await db().select({ n: count() }).from(products).where(eq(products.active, true));
  const pages = Math.max(1, Math.ceil(n / CATALOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pages);
  const rows = await db()
    .select(columns)
    .from(products)
    .where(eq(products.active, true))
    .orderBy(...catalogOrder)
    .limit(CATALOG_PAGE_SIZE)
    .offset((current - 1) * CATALOG_PAGE_SIZE);
  const covers = await coversOf(rows.map((r) => r.id));
  return { products: rows.map((r) => ({ ...r, cover: covers.get(r.id) ?? null })), total: n, page: current, pages };
}

export type ProductPage = { product: CatalogProduct; photos: PhotoView[]; choice: ProductChoice };

/**
 * A product page: the product on sale with its photos and its choices (options, variants on
 * sale), or the slug it now has (an old link), or null. The product, its photos and its
 * variants are found by the slug in one batch: one round trip on Turso.
 */
export async function productPage(slug: string): Promise<ProductPage | { movedTo: string } | null> {
  if (!isSlug(slug)) return null;
  const onSale = and(eq(products.slug, slug), eq(products.active, true));
  const idOfSlug = db().select({ id: products.id }).from(products).where(onSale);
  const [found, photoRows, variantRows] = await database().batch([
    db().select({ ...columns, options: products.options }).from(products).where(onSale).limit(1),
    photoRowsWhere(inArray(productPhotos.productId, idOfSlug)),
    variantQuery().where(and(onSale, eq(productVariants.active, true))).orderBy(asc(productVariants.position), asc(productVariants.id)),
  ]);
  const [row] = found;
  if (row) {
    const { options, ...product } = row;
    return { product, photos: photosByProduct(photoRows).get(product.id) ?? [], choice: choiceOf(options, variantRows) };
  }
  const [moved] = await db()
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, slug), eq(products.active, true)));
  return moved ? { movedTo: moved.slug } : null;
}

/** The product on sale with this slug, or null (also for a malformed slug). */
export async function productBySlug(slug: string): Promise<CatalogProduct | null> {
  if (!isSlug(slug)) return null;
  const rows = await db()
    .select(columns)
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Products on sale among `ids` (unknown or inactive ids are simply absent). */
export async function productsByIds(ids: readonly number[]): Promise<CatalogProduct[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  return db()
    .select(columns)
    .from(products)
    .where(and(inArray(products.id, wanted), eq(products.active, true)));
}

/** The product on sale with this id, or null. */
export async function productById(id: number): Promise<CatalogProduct | null> {
  const [p] = await productsByIds([id]);
  return p ?? null;
}

/**
 * One variant on sale, as a cart line and an order price it: `id` is the product's, `name` the
 * line's whole name ("Camiseta básica — M / Preto"), `priceCents` and `stock` the variant's.
 */
export type CatalogItem = CatalogProduct & {
  variantId: number;
  sku: string | null;
  /** "M / Preto"; null for the implicit variant of a product without options. */
  variantName: string | null;
  productName: string;
  weightGrams: number | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
};

const variantColumns = {
  id: products.id,
  slug: products.slug,
  productName: products.name,
  description: products.description,
  productPriceCents: products.priceCents,
  imagePath: products.imagePath,
  requiresShipping: products.requiresShipping,
  productWeight: products.weightGrams,
  productHeight: products.heightCm,
  productWidth: products.widthCm,
  productLength: products.lengthCm,
  variantId: productVariants.id,
  option1: productVariants.option1,
  option2: productVariants.option2,
  option3: productVariants.option3,
  sku: productVariants.sku,
  priceCents: productVariants.priceCents,
  stock: productVariants.stock,
  weightGrams: productVariants.weightGrams,
  heightCm: productVariants.heightCm,
  widthCm: productVariants.widthCm,
  lengthCm: productVariants.lengthCm,
  position: productVariants.position,
  photoId: productVariants.photoId,
};

const variantQuery = () => db().select(variantColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId));
type VariantRow = Awaited<ReturnType<typeof variantQuery>>[number];

function itemOf(r: VariantRow): CatalogItem {
  const label = variantLabel(r);
  const eff = effectiveOf(r, { priceCents: r.productPriceCents, weightGrams: r.productWeight, heightCm: r.productHeight, widthCm: r.productWidth, lengthCm: r.productLength });
  return {
    id: r.id,
    slug: r.slug,
    name: lineName(r.productName, label),
    productName: r.productName,
    description: r.description,
    imagePath: r.imagePath,
    requiresShipping: r.requiresShipping,
    variantId: r.variantId,
    sku: r.sku,
    variantName: label,
    stock: r.stock,
    ...eff,
  };
}

/**
 * The variants on sale of these products (active product, active variant): what a cart's or an
 * order's lines are priced from (lib/orders/pricing.ts matches each line with its variant).
 */
export async function itemsOfProducts(productIds: readonly number[]): Promise<CatalogItem[]> {
  const wanted = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  return catalogItemsOf(await catalogItemsQuery(wanted));
}

/** `itemsOfProducts` as a query, to read in a batch with others (none found for no ids); `catalogItemsOf` reads its rows. */
export function catalogItemsQuery(productIds: readonly number[]) {
  const wanted = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  return variantQuery()
    .where(and(inArray(products.id, wanted), eq(products.active, true), eq(productVariants.active, true)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

export const catalogItemsOf = (rows: VariantRow[]): CatalogItem[] => rows.map(itemOf);

export type ProductChoice = { options: ProductOption[]; variants: (CatalogItem & { values: string[]; photoId: number | null })[] };

/** A product page's options and its variants on sale, in the grid's order. */
export async function choicesOf(productId: number, optionsJson?: string): Promise<ProductChoice> {
  const json =
    optionsJson ?? (await db().select({ options: products.options }).from(products).where(eq(products.id, productId)))[0]?.options ?? '[]';
  const rows = await variantQuery()
    .where(and(eq(products.id, productId), eq(productVariants.active, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return choiceOf(json, rows);
}

function choiceOf(optionsJson: string, rows: VariantRow[]): ProductChoice {
  const options = readOptions(optionsJson);
  return {
    options,
    variants: rows
      .map((r) => ({ ...itemOf(r), values: [r.option1, r.option2, r.option3].filter((v): v is string => !!v), photoId: r.photoId }))
      // A product with options sells only its combinations; one without, only its implicit variant.
      .filter((v) => v.values.length === options.length),
  };
}

/** The options JSON of a product on sale (the product page reads it with the product). */
export async function optionsJsonOf(productId: number): Promise<string> {
  const [row] = await db().select({ options: products.options }).from(products).where(eq(products.id, productId));
  return row?.options ?? '[]';
}

/** A variant by its id or its SKU (whether on sale or not: the caller prices it from itemsOfProducts). */
export async function variantByRef(ref: string): Promise<{ productId: number; variantId: number } | null> {
  const find = async (where: SQL) =>
    (await db().select({ productId: productVariants.productId, variantId: productVariants.id }).from(productVariants).where(where).limit(1))[0];
  // An id first; a numeric SKU ("7891234") is found when no variant has that id.
  const byId = /^[1-9]\d{0,9}$/.test(ref) ? await find(eq(productVariants.id, Number(ref))) : undefined;
  return byId ?? (await find(eq(productVariants.sku, ref))) ?? null;
}

/** The catalog's columns and order, for the other lists of products on sale (lib/catalog/search.ts). */
export { columns as catalogColumns, catalogOrder };
