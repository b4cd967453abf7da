import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, db, ensureMigrated } from '@/db';
import { products } from '@/db/schema';
import { CATALOG, seed } from '@/db/seed';
import { listProducts, productBySlug, productById, productsByIds } from './catalog';

beforeAll(async () => {
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  await db().insert(products).values({ slug: 'fora-de-linha', name: 'Fora de linha', description: '', priceCents: 1000, imagePath: '/x.svg', active: false });
});

describe('catalog', () => {
  it('lists the products on sale in catalog order, each with its illustration', async () => {
    const list = await listProducts();
    expect(list.map((p) => p.slug)).toEqual(CATALOG.map((p) => p.slug));
    expect(list.every((p) => p.imagePath === `/products/${p.slug}.svg`)).toBe(true);
    expect(list.every((p) => Number.isSafeInteger(p.priceCents) && p.priceCents > 0)).toBe(true);
  });

  it('finds a product by slug, never an inactive one or a malformed slug', async () => {
    expect((await productBySlug('prensa-francesa'))?.priceCents).toBe(14900);
    expect(await productBySlug('fora-de-linha')).toBeNull();
    expect(await productBySlug('nao-existe')).toBeNull();
    expect(await productBySlug("x' or 1=1 --")).toBeNull();
    expect(await productBySlug('A'.repeat(300))).toBeNull();
  });

  it('finds products by id, skipping unknown, inactive and invalid ids', async () => {
    const [inactive] = await db().select({ id: products.id }).from(products).where(eq(products.slug, 'fora-de-linha'));
    const found = await productsByIds([1, 2, 2, 99999, inactive.id, -1, 0, 1.5, Number.NaN]);
    expect(found.map((p) => p.id).sort()).toEqual([1, 2]);
    expect(await productsByIds([])).toEqual([]);
    expect(await productById(inactive.id)).toBeNull();
    expect((await productById(1))?.slug).toBe(CATALOG[0].slug);
  });
});
