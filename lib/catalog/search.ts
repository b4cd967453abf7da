/**
 * The shop's search (/busca?q=) and category pages (/categorias/<slug>), and the catalog's
 * sorting. Search runs on SQLite FTS5 (`products_fts`, migration 0022: name, description, SKUs
 * and categories, folded for case and accents by unicode61), on better-sqlite3 and libSQL alike.
 */
import 'server-only';
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { categories, productCategories, products, type Category } from '@/db/schema';
import { CATALOG_PAGE_SIZE, catalogColumns, catalogOrder, type CatalogCard } from './catalog';
import { coversOf } from './photos';
import { isSlug } from './slug';

export const SORTS = { recentes: 'Mais recentes', 'menor-preco': 'Menor preço', 'maior-preco': 'Maior preço' } as const;
export type Sort = keyof typeof SORTS;

export function sortOf(param: string | string[] | undefined): Sort {
  const v = Array.isArray(param) ? param[0] : param;
  return v === 'menor-preco' || v === 'maior-preco' ? v : 'recentes';
}

function orderOf(sort: Sort) {
  if (sort === 'menor-preco') return [asc(products.priceCents), desc(products.id)];
  if (sort === 'maior-preco') return [desc(products.priceCents), desc(products.id)];
  return [...catalogOrder];
}

/**
 * The words of a search as an FTS5 query: letters and digits only, each quoted (nothing typed
 * can be FTS syntax) and a prefix ("caf" finds "café"); every word must match. Null: no word.
 */
export function ftsQuery(q: string): string | null {
  const words = (q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length === 0 ? null : words.map((w) => `"${w}"*`).join(' ');
}

export type ProductListPage = { products: CatalogCard[]; total: number; page: number; pages: number };

async function pageOf(where: SQL | undefined, page: number, sort: Sort): Promise<ProductListPage> {
  const filter = and(eq(products.active, true), where);
  const [{ n }] = await db().select({ n: count() }).from(products).where(filter);
  const pages = Math.max(1, Math.ceil(n / CATALOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pages);
  const rows = await db()
    .select(catalogColumns)
    .from(products)
    .where(filter)
    .orderBy(...orderOf(sort))
    .limit(CATALOG_PAGE_SIZE)
    .offset((current - 1) * CATALOG_PAGE_SIZE);
  const covers = await coversOf(rows.map((r) => r.id));
  return { products: rows.map((r) => ({ ...r, cover: covers.get(r.id) ?? null })), total: n, page: current, pages };
}

/** One page of the catalog in the chosen order. */
export function sortedCatalogPage(page: number, sort: Sort): Promise<ProductListPage> {
  return pageOf(undefined, page, sort);
}

/** The products on sale matching `q` (name, description, SKU, category; any case and accents). */
export async function searchProducts(q: string, page: number, sort: Sort): Promise<ProductListPage> {
  const match = ftsQuery(q);
  if (!match) return { products: [], total: 0, page: 1, pages: 1 };
  return pageOf(sql`${products.id} IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`, page, sort);
}

/** The categories, in the menu's order. */
export async function listCategories(): Promise<Category[]> {
  return db().select().from(categories).orderBy(asc(categories.position), asc(categories.name));
}

/**
 * How many products on sale a category holds (what its page would list). Spelled out with
 * aliases: in a one-table select Drizzle writes a column without its table, and a bare "id"
 * inside the subquery would be the product's.
 */
const onSaleCount = sql<number>`(SELECT count(*) FROM product_categories AS pc JOIN products AS p ON p.id = pc.product_id WHERE pc.category_id = "categories"."id" AND p.active = 1)`;

/** Every category with its count of products on sale, in the menu's order (the dashboard's list). */
export async function categoriesWithCounts(): Promise<(Category & { onSale: number })[]> {
  return db()
    .select({ ...getTableColumns(categories), onSale: onSaleCount })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

/**
 * The categories a shopper is offered (the header's menu, an empty search): only those with a
 * product on sale, so a category made ahead of its products, or whose products were all
 * deactivated, never leads to an empty page. Its page still answers, saying it is empty.
 */
export async function shopCategories(): Promise<Category[]> {
  return shopCategoriesQuery();
}

/** shopCategories' statement, for a caller that sends it in a batch with others (lib/shop/storefront.ts). */
export function shopCategoriesQuery() {
  return db()
    .select()
    .from(categories)
    .where(sql`${onSaleCount} > 0`)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function categoryBySlug(slug: string): Promise<Category | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db().select().from(categories).where(eq(categories.slug, slug));
  return row ?? null;
}

/** A category's products on sale. */
export function categoryProducts(categoryId: number, page: number, sort: Sort): Promise<ProductListPage> {
  return pageOf(sql`${products.id} IN (SELECT ${productCategories.productId} FROM ${productCategories} WHERE ${productCategories.categoryId} = ${categoryId})`, page, sort);
}

/** The categories a product is in (ids), for the dashboard's form. */
export async function categoryIdsOf(productId: number): Promise<number[]> {
  const rows = await db().select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, productId));
  return rows.map((r) => r.id);
}
