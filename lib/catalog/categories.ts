/** The merchant's categories ("Categorias", "Nova categoria") and a product's categories. */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { database } from '@/db';
import { all, get, run } from '@/db/driver';
import { categories, productCategories, products } from '@/db/schema';
import { slugify, uniqueSlug } from './slug';

import { CATEGORY_NAME_MAX } from './category-rules';

export { CATEGORY_NAME_MAX };

export type CategorySave = { ok: true; id: number; slug: string } | { ok: false; error: string };

/** "Nova categoria": its page's address is made from the name, unique. */
export async function createCategory(rawName: string): Promise<CategorySave> {
  const name = rawName.trim().replace(/\s+/g, ' ');
  if (!name) return { ok: false, error: 'Informe o nome da categoria.' };
  if ([...name].length > CATEGORY_NAME_MAX) return { ok: false, error: `O nome pode ter no máximo ${CATEGORY_NAME_MAX} caracteres.` };
  return database().transaction(function* (tx) {
    const existing = yield* all(tx.select({ slug: categories.slug, name: categories.name }).from(categories));
    if (existing.some((c) => c.name.toLowerCase() === name.toLowerCase())) return { ok: false, error: 'Já existe uma categoria com este nome.' } as CategorySave;
    const taken = new Set(existing.map((c) => c.slug));
    const slug = uniqueSlug(slugify(name) || 'categoria', (s) => taken.has(s));
    const row = yield* get(tx.insert(categories).values({ name, slug, position: existing.length }).returning({ id: categories.id }));
    return { ok: true, id: row!.id, slug } as CategorySave;
  });
}

export async function removeCategory(id: number): Promise<boolean> {
  const removed = await database().db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return removed.length > 0;
}

/** Puts a product in exactly these categories (unknown ids are ignored). */
export async function setProductCategories(productId: number, categoryIds: readonly number[]): Promise<boolean> {
  return database().transaction(function* (tx) {
    const product = yield* get(tx.select({ id: products.id }).from(products).where(eq(products.id, productId)));
    if (!product) return false;
    const known = categoryIds.length === 0 ? [] : yield* all(tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, [...categoryIds])));
    yield* run(tx.delete(productCategories).where(eq(productCategories.productId, productId)));
    for (const { id } of known) yield* run(tx.insert(productCategories).values({ productId, categoryId: id }));
    return true;
  });
}
