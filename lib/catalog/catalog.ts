/** Read-only queries on the product catalog (the only source of prices). */
import 'server-only';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { productSlugRedirects, products } from '@/db/schema';
import { coversOf, photosOf, type PhotoView } from './photos';
import { isSlug } from './slug';

export type CatalogProduct = {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  imagePath: string;
  /** null = not tracked (always available). */
  stock: number | null;
  /** A physical product: the checkout asks for a delivery address and charges shipping. */
  requiresShipping: boolean;
};

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  imagePath: products.imagePath,
  stock: products.stock,
  requiresShipping: products.requiresShipping,
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

/** A product page: the product on sale with its photos, or the slug it now has (an old link), or null. */
export async function productPage(slug: string): Promise<{ product: CatalogProduct; photos: PhotoView[] } | { movedTo: string } | null> {
  const product = await productBySlug(slug);
  if (product) return { product, photos: (await photosOf([product.id])).get(product.id) ?? [] };
  if (!isSlug(slug)) return null;
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
