/** Read-only queries on the product catalog (the only source of prices). */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { products } from '@/db/schema';

export type CatalogProduct = {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  imagePath: string;
  /** null = not tracked (always available). */
  stock: number | null;
};

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  imagePath: products.imagePath,
  stock: products.stock,
};

/** Every product on sale, in catalog order. */
export async function listProducts(): Promise<CatalogProduct[]> {
  return db().select(columns).from(products).where(eq(products.active, true)).orderBy(asc(products.id));
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The product on sale with this slug, or null (also for a malformed slug). */
export async function productBySlug(slug: string): Promise<CatalogProduct | null> {
  if (!SLUG.test(slug) || slug.length > 100) return null;
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
