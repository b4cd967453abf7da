import { beforeAll, describe, expect, it } from 'vitest';
import { database, db, ensureMigrated } from '@/db';
import { products } from '@/db/schema';
import { seed } from '@/db/seed';
import { eq } from 'drizzle-orm';
import { insertProductWithVariants } from '@/test/catalog/products';
import { createCategory, removeCategory, setProductCategories } from './categories';
import { categoriesWithCounts, categoryBySlug, categoryProducts, ftsQuery, listCategories, searchProducts, shopCategories, sortedCatalogPage, sortOf } from './search';

beforeAll(async () => {
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
});

const slugs = async (q: string) => (await searchProducts(q, 1, 'recentes')).products.map((p) => p.slug);

describe('search (FTS5)', () => {
  it('makes a safe prefix query of the words typed, or none', () => {
    expect(ftsQuery('Café  coado')).toBe('"café"* "coado"*');
    expect(ftsQuery('" OR name:* NEAR(')).toBe('"or"* "name"* "near"*');
    expect(ftsQuery('  -- ')).toBeNull();
  });

  it('finds by name and description whatever the case and accents ("cafe" finds "Café")', async () => {
    expect(await slugs('cafe especial')).toEqual(['cafe-especial-250g']);
    expect(await slugs('CAFÉ ESPECIAL')).toEqual(['cafe-especial-250g']);
    expect(await slugs('ceramica')).toEqual(['caneca-ceramica', 'moedor-manual']); // "Mó cônica de cerâmica"
    expect(await slugs('borossilicato')).toEqual(['prensa-francesa']); // in the description only
    expect(await slugs('caf')).toContain('cafe-especial-250g');
    expect(await slugs('xyzzy')).toEqual([]);
    expect(await slugs('')).toEqual([]);
  });

  it('finds by SKU and by category, and follows a rename; never an inactive product', async () => {
    expect(await slugs('CAM-CAFE-M')).toEqual(['camiseta-cafe-da-esquina']);
    expect(await slugs('roupas')).toEqual(['camiseta-cafe-da-esquina']);
    expect(await slugs('utensilios')).toHaveLength(5);
    const { productId } = await insertProductWithVariants({ slug: 'avental-barista', name: 'Avental de barista', description: 'Lona.', priceCents: 8900, imagePath: '' }, [{ name: 'Cor', values: ['Preto'] }], [{ values: ['Preto'], stock: 3, sku: 'AVT-PRETO' }]);
    expect(await slugs('avt preto')).toEqual(['avental-barista']);
    const made = await createCategory('Acessórios de barista');
    if (!made.ok) throw new Error(made.error);
    expect(made.slug).toBe('acessorios-de-barista');
    await setProductCategories(productId, [made.id]);
    expect(await slugs('acessorios')).toEqual(['avental-barista']);
    await db().update(products).set({ active: false }).where(eq(products.id, productId));
    expect(await slugs('avental')).toEqual([]);
    await db().update(products).set({ active: true, name: 'Avental de lona' }).where(eq(products.id, productId));
    expect(await slugs('lona avental')).toEqual(['avental-barista']);
    expect(await removeCategory(made.id)).toBe(true);
    expect(await slugs('acessorios')).toEqual([]);
  });
});

describe('the categories a shopper is offered', () => {
  it('only those with a product on sale: a new category joins the menu with its first active product and leaves with it', async () => {
    const names = async () => (await shopCategories()).map((c) => c.name);
    const made = await createCategory('Presentes');
    if (!made.ok) throw new Error(made.error);
    expect(await names()).not.toContain('Presentes');
    expect((await listCategories()).map((c) => c.name)).toContain('Presentes');
    expect((await categoriesWithCounts()).find((c) => c.id === made.id)).toMatchObject({ name: 'Presentes', onSale: 0 });

    const { productId } = await insertProductWithVariants({ slug: 'caixa-presente', name: 'Caixa de presente', description: '', priceCents: 4900, imagePath: '' }, [], [{ values: [], stock: 2 }]);
    await setProductCategories(productId, [made.id]);
    expect(await names()).toContain('Presentes');
    expect((await categoriesWithCounts()).find((c) => c.id === made.id)?.onSale).toBe(1);
    // The seed's categories keep their order around it.
    expect((await names()).slice(0, 3)).toEqual(['Cafés', 'Utensílios', 'Roupas']);

    await db().update(products).set({ active: false }).where(eq(products.id, productId));
    expect(await names()).not.toContain('Presentes');
    expect((await categoriesWithCounts()).find((c) => c.id === made.id)?.onSale).toBe(0);
  });
});

describe('categories and sorting', () => {
  it('lists the seed categories in order and pages a category by the chosen sort', async () => {
    expect((await listCategories()).map((c) => c.name).slice(0, 3)).toEqual(['Cafés', 'Utensílios', 'Roupas']);
    const utensilios = (await categoryBySlug('utensilios'))!;
    const cheap = await categoryProducts(utensilios.id, 1, 'menor-preco');
    expect(cheap.products.map((p) => p.priceCents)).toEqual([1250, 2490, 5900, 14900, 22900]);
    expect((await categoryProducts(utensilios.id, 1, 'maior-preco')).products[0].priceCents).toBe(22900);
    expect(await categoryBySlug('nao-existe')).toBeNull();
    expect(await createCategory('cafés')).toEqual({ ok: false, error: 'Já existe uma categoria com este nome.' });
  });

  it('sorts the catalog by price either way, 24 a page', async () => {
    const up = (await sortedCatalogPage(1, 'menor-preco')).products.map((p) => p.priceCents);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await sortedCatalogPage(1, 'maior-preco')).products.map((p) => p.priceCents);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(sortOf('maior-preco')).toBe('maior-preco');
    expect(sortOf(['x'])).toBe('recentes');
  });
});
