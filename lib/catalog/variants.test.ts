import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { productPhotos, productVariants, products } from '@/db/schema';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct } from '@/test/catalog/products';
import { itemsOfProducts } from './catalog';
import { STOCK_CHANGED } from './admin';
import { saveOptions, saveProductWithVariants, saveVariantGrid, variantsForEdit } from './variant-admin';
import type { ProductValues } from './product-form';
import { choiceGroups, chosenVariant, requestedVariant } from './variant-choice';
import { parseVariantGrid, type VariantEdit } from './variant-form';
import { checkOptions, combinations, DIMENSIONS_REQUIRED, effectiveOf, lineName, missingDimensions, variantLabel } from './variants';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

describe('options and combinations', () => {
  it('reads the typed options, ignoring empty rows, and makes every combination, the first option slowest', () => {
    const r = checkOptions([
      { name: ' Tamanho ', values: 'P, M ,G' },
      { name: '', values: '' },
      { name: 'Cor', values: 'Preto,Branco' },
    ]);
    expect(r).toEqual({ ok: true, options: [{ name: 'Tamanho', values: ['P', 'M', 'G'] }, { name: 'Cor', values: ['Preto', 'Branco'] }] });
    if (!r.ok) return;
    expect(combinations(r.options).map((c) => c.join(' / '))).toEqual(['P / Preto', 'P / Branco', 'M / Preto', 'M / Branco', 'G / Preto', 'G / Branco']);
    expect(combinations([])).toEqual([[]]);
  });

  it('refuses a nameless option, no values, repeated names or values, a "/", more than 3 options or 100 combinations', () => {
    expect(checkOptions([{ name: '', values: 'P' }])).toMatchObject({ ok: false, index: 0 });
    expect(checkOptions([{ name: 'Cor', values: ' , ' }])).toMatchObject({ ok: false, error: expect.stringContaining('valores de "Cor"') });
    expect(checkOptions([{ name: 'Cor', values: 'a' }, { name: 'cor', values: 'b' }])).toMatchObject({ ok: false, index: 1 });
    expect(checkOptions([{ name: 'Cor', values: 'Preto, preto' }])).toMatchObject({ ok: false, error: expect.stringContaining('duas vezes') });
    expect(checkOptions([{ name: 'Cor', values: 'Preto/Branco' }])).toMatchObject({ ok: false });
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: 'x' }));
    expect(checkOptions(four)).toMatchObject({ ok: false, error: 'Um produto pode ter no máximo 3 opções.' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`).join(',');
    expect(checkOptions([{ name: 'A', values: many(11) }, { name: 'B', values: many(10) }])).toMatchObject({ ok: false, error: expect.stringContaining('110 combinações') });
  });

  it('names a variant by its values, and its line as "Produto — M / Preto"', () => {
    expect(variantLabel({ option1: 'M', option2: 'Preto', option3: null })).toBe('M / Preto');
    expect(variantLabel({ option1: null, option2: null, option3: null })).toBeNull();
    expect(lineName('Camiseta básica', 'M / Preto')).toBe('Camiseta básica — M / Preto');
    expect(lineName('Caneca', null)).toBe('Caneca');
  });

  it("takes the product's price, weight and size where the variant has none, and says what is missing", () => {
    const product = { priceCents: 4990, weightGrams: 200, heightCm: 3, widthCm: null, lengthCm: 30 };
    const eff = effectiveOf({ priceCents: 5490, weightGrams: null, heightCm: null, widthCm: 25, lengthCm: null }, product);
    expect(eff).toEqual({ priceCents: 5490, weightGrams: 200, heightCm: 3, widthCm: 25, lengthCm: 30 });
    expect(missingDimensions(effectiveOf({ priceCents: null, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null }, product))).toEqual(['widthCm']);
  });
});

describe('the shop\'s choice', () => {
  const options = [
    { name: 'Tamanho', values: ['P', 'M'] },
    { name: 'Cor', values: ['Preto', 'Branco'] },
  ];
  const variants = [
    { variantId: 1, values: ['P', 'Preto'], soldOut: false },
    { variantId: 2, values: ['M', 'Preto'], soldOut: true },
    { variantId: 3, values: ['P', 'Branco'], soldOut: false },
    { variantId: 4, values: ['M', 'Branco'], soldOut: false },
  ];

  it('chooses the requested variant, else the first on sale; reads ?variante strictly', () => {
    expect(chosenVariant(variants, 3)?.variantId).toBe(3);
    expect(chosenVariant(variants, 99)?.variantId).toBe(1);
    expect(chosenVariant([{ ...variants[1] }], null)?.variantId).toBe(2);
    expect(requestedVariant('12')).toBe(12);
    expect(requestedVariant(['7', '8'])).toBe(7);
    expect(requestedVariant('1 or 1=1')).toBeNull();
  });

  it('leads each value to its combination with the other values chosen; a sold-out combination cannot be chosen', () => {
    const groups = choiceGroups(options, variants, variants[0]);
    // From "P / Preto", "M" would make "M / Preto": sold out.
    expect(groups[0].values).toEqual([
      { value: 'P', variantId: 1, checked: true },
      { value: 'M', variantId: null, checked: false },
    ]);
    expect(choiceGroups(options, variants, variants[2])[0].values[1]).toEqual({ value: 'M', variantId: 4, checked: false });
    // A combination that is not sold at all leads to the closest one on sale with that value.
    const noPBranco = variants.filter((v) => v.variantId !== 3);
    expect(choiceGroups(options, noPBranco, noPBranco[0])[1].values[1]).toEqual({ value: 'Branco', variantId: 4, checked: false });
    expect(groups[1].values).toEqual([
      { value: 'Preto', variantId: 1, checked: true },
      { value: 'Branco', variantId: 3, checked: false },
    ]);
    // A value with nothing on sale cannot be chosen.
    const noBlack = variants.map((v) => (v.values[1] === 'Preto' ? { ...v, soldOut: true } : v));
    expect(choiceGroups(options, noBlack, noBlack[2])[1].values[0]).toEqual({ value: 'Preto', variantId: null, checked: false });
  });
});

describe('the grid form', () => {
  it('reads each row, with the stock the grid showed, and says each error on its cell', () => {
    const ok = parseVariantGrid(
      form({ variantIds: '5,6', 'v5-sku': 'CAM-P', 'v5-price': '54,90', 'v5-stock': '3', 'v5-stockShown': '2', 'v5-active': 'on', 'v6-stock': '', 'v6-stockShown': '', 'v6-weightGrams': '210' }),
    );
    expect(ok).toEqual({
      ok: true,
      rows: [
        { id: 5, sku: 'CAM-P', priceCents: 5490, stock: 3, stockShown: 2, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, active: true },
        { id: 6, sku: null, priceCents: null, stock: null, stockShown: null, weightGrams: 210, heightCm: null, widthCm: null, lengthCm: null, active: false },
      ],
    });
    const bad = parseVariantGrid(form({ variantIds: '5,6', 'v5-sku': 'CAM P', 'v5-stock': '-1', 'v6-sku': 'x', 'v6-price': 'dez', 'v6-heightCm': '0' }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(['v5-sku', 'v5-stock', 'v6-heightCm', 'v6-price']);
    const dup = parseVariantGrid(form({ variantIds: '5,6', 'v5-sku': 'abc', 'v6-sku': 'ABC' }));
    expect(dup).toEqual({ ok: false, fieldErrors: { 'v6-sku': 'Este SKU já está em outra variante.' } });
  });

  it("reads each variant's NCM, Origem and GTIN (blank: the product's; absent: kept) and refuses them in Portuguese", () => {
    expect(parseVariantGrid(form({ variantIds: '5,6', 'v5-ncm': '6109.10.00', 'v5-origin': '2', 'v5-gtin': '7 891000 315507', 'v6-ncm': '', 'v6-origin': '', 'v6-gtin': '' }))).toMatchObject({
      ok: true,
      rows: [
        { id: 5, ncm: '61091000', origin: 2, gtin: '7891000315507' },
        { id: 6, ncm: null, origin: null, gtin: null },
      ],
    });
    const older = parseVariantGrid(form({ variantIds: '5' }));
    expect(older.ok && Object.keys(older.rows[0])).not.toContain('ncm');
    expect(parseVariantGrid(form({ variantIds: '5,6', 'v5-ncm': '6109100', 'v5-origin': '9', 'v6-gtin': '7891000315508', 'v6-ncm': '99999999' }))).toEqual({
      ok: false,
      fieldErrors: {
        'v5-ncm': 'O NCM tem 8 dígitos (ex.: 0901.21.00).',
        'v5-origin': 'Escolha a origem da mercadoria.',
        'v6-ncm': 'Este NCM não existe. Confira na tabela NCM (capítulos 01 a 97).',
        'v6-gtin': 'O dígito verificador deste código de barras não confere.',
      },
    });
  });
});

describe('saving options and the grid', () => {
  beforeAll(prepareDatabase);

  async function shirt(values: Partial<typeof products.$inferInsert> = {}, stock: number | null = 4) {
    const slug = `camiseta-${randomUUID().slice(0, 8)}`;
    return insertProduct({ slug, name: 'Camiseta básica', description: '', priceCents: 4990, imagePath: '', active: false, stock, ...values });
  }
  const edit = (v: { id: number; stock: number | null }, over: Partial<VariantEdit> = {}): VariantEdit => ({
    id: v.id,
    sku: null,
    priceCents: null,
    stock: v.stock,
    stockShown: v.stock,
    weightGrams: null,
    heightCm: null,
    widthCm: null,
    lengthCm: null,
    active: true,
    ...over,
  });

  it('creates every combination at once (tracked like the product was), keeps them when options change, deactivates what disappears', async () => {
    const id = await shirt();
    expect(await saveOptions(id, [{ name: 'Tamanho', values: 'P, M' }, { name: 'Cor', values: 'Preto, Branco' }])).toEqual({ ok: true, message: 'Opções salvas: 4 variantes.' });
    const first = await variantsForEdit(id);
    expect(first.variants.map((v) => [variantLabel(v), v.stock, v.active])).toEqual([
      ['P / Preto', 0, true],
      ['P / Branco', 0, true],
      ['M / Preto', 0, true],
      ['M / Branco', 0, true],
    ]);
    const mPreto = first.variants[2].id;
    // "G" joins: the existing four keep their ids.
    await saveOptions(id, [{ name: 'Tamanho', values: 'P, M, G' }, { name: 'Cor', values: 'Preto, Branco' }]);
    const second = await variantsForEdit(id);
    expect(second.variants).toHaveLength(6);
    expect(second.variants.find((v) => variantLabel(v) === 'M / Preto')?.id).toBe(mPreto);
    // "Branco" goes: its variants stay (orders point at them) but are not sold.
    await saveOptions(id, [{ name: 'Tamanho', values: 'P, M, G' }, { name: 'Cor', values: 'Preto' }]);
    const rows = await database().db.select().from(productVariants).where(eq(productVariants.productId, id));
    expect(rows.filter((v) => v.active).map((v) => variantLabel(v))).toEqual(['P / Preto', 'M / Preto', 'G / Preto']);
    await database().db.update(products).set({ active: true }).where(eq(products.id, id));
    expect((await itemsOfProducts([id])).map((i) => i.name)).toEqual(['Camiseta básica — P / Preto', 'Camiseta básica — M / Preto', 'Camiseta básica — G / Preto']);
  });

  it('saves the grid as a compare-and-set on each row\'s shown stock: a sale meanwhile refuses it all and writes nothing', async () => {
    const id = await shirt();
    await saveOptions(id, [{ name: 'Tamanho', values: 'P, M' }]);
    const [p, m] = (await variantsForEdit(id)).variants;
    expect(await saveVariantGrid(id, [edit(p, { stock: 5, sku: `SKU-P-${id}` }), edit(m, { stock: 2 })])).toEqual({ ok: true, message: 'Variantes salvas.' });
    // Opened showing 5 and 2; one "M" is sold before the save.
    await database().db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, m.id));
    const stale = await saveVariantGrid(id, [edit({ id: p.id, stock: 5 }, { stock: 9 }), edit({ id: m.id, stock: 2 }, { stock: 7 })]);
    expect(stale).toMatchObject({ ok: false, fieldErrors: { [`v${m.id}-stock`]: expect.stringContaining(STOCK_CHANGED) }, currentStock: { variantId: m.id, stock: 1 } });
    const after = (await variantsForEdit(id)).variants;
    expect(after.map((v) => v.stock)).toEqual([5, 1]);
  });

  it('refuses a SKU another variant of the shop holds, and an active product that ships without weight and size', async () => {
    const a = await shirt();
    await saveOptions(a, [{ name: 'Tamanho', values: 'P' }]);
    const [pa] = (await variantsForEdit(a)).variants;
    await saveVariantGrid(a, [edit(pa, { sku: `UNICO-${a}` })]);
    const b = await shirt();
    await saveOptions(b, [{ name: 'Tamanho', values: 'P' }]);
    const [pb] = (await variantsForEdit(b)).variants;
    expect(await saveVariantGrid(b, [edit(pb, { sku: `unico-${a}` })])).toMatchObject({ ok: false, fieldErrors: { [`v${pb.id}-sku`]: 'Este SKU já é usado por outra variante da loja.' } });

    const shipping = await shirt({ active: true, requiresShipping: true, weightGrams: 200, heightCm: 3, widthCm: null, lengthCm: 30 });
    await saveOptions(shipping, [{ name: 'Tamanho', values: 'P, M' }]);
    const [sp, sm] = (await variantsForEdit(shipping)).variants;
    expect(await saveVariantGrid(shipping, [edit(sp), edit(sm)])).toMatchObject({
      ok: false,
      error: DIMENSIONS_REQUIRED,
      fieldErrors: { [`v${sp.id}-widthCm`]: DIMENSIONS_REQUIRED, [`v${sm.id}-widthCm`]: DIMENSIONS_REQUIRED },
    });
    expect(await saveVariantGrid(shipping, [edit(sp, { widthCm: 25 }), edit(sm, { widthCm: 26 })])).toMatchObject({ ok: true });
  });
});

describe('the editor\'s one "Salvar produto" (product and grid together)', () => {
  beforeAll(prepareDatabase);

  const productValues = (over: Partial<ProductValues> = {}): ProductValues => ({
    name: 'Camiseta listrada',
    description: '',
    priceCents: 5990,
    slug: '',
    stock: null,
    displayOrder: 0,
    active: true,
    requiresShipping: true,
    weightGrams: null,
    heightCm: 3,
    widthCm: 25,
    lengthCm: 30,
    ...over,
  });

  it("saves the name with a variant's stock and fiscal fields; the product's weight counts for variants left blank in the same save", async () => {
    const id = await insertProduct({ slug: `listrada-${randomUUID().slice(0, 8)}`, name: 'Camiseta', description: '', priceCents: 4990, imagePath: '', active: false, stock: 4 });
    await saveOptions(id, [{ name: 'Tamanho', values: 'P, M' }]);
    const [p, m] = (await variantsForEdit(id)).variants;
    const row = (v: typeof p, over: Partial<VariantEdit>): VariantEdit => ({ id: v.id, sku: null, priceCents: null, stock: v.stock, stockShown: v.stock, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, active: true, ...over });
    // Active and shipping: no weight anywhere is refused, and the grid's rows go back with it.
    const refused = await saveProductWithVariants(id, productValues(), undefined, [row(p, { stock: 7, ncm: '61091000' }), row(m, { stock: 2 })]);
    expect(refused).toMatchObject({ product: { ok: false, fieldErrors: { weightGrams: DIMENSIONS_REQUIRED } } });
    expect((await variantsForEdit(id)).variants.map((v) => [v.stock, v.ncm])).toEqual([
      [0, null],
      [0, null],
    ]);
    // One variant's own weight, the other the product's: both typed in this save.
    const saved = await saveProductWithVariants(id, productValues({ weightGrams: 250 }), undefined, [row(p, { stock: 7, ncm: '61091000', origin: 2, gtin: '7891000315507', weightGrams: 180 }), row(m, { stock: 2 })]);
    expect(saved).toMatchObject({ product: { ok: true, id } });
    const after = await variantsForEdit(id);
    expect(after.variants.map((v) => [v.stock, v.weightGrams, v.ncm, v.origin, v.gtin])).toEqual([
      [7, 180, '61091000', 2, '7891000315507'],
      [2, null, null, null, null],
    ]);
    const [product] = await database().db.select().from(products).where(eq(products.id, id));
    expect(product).toMatchObject({ name: 'Camiseta listrada', weightGrams: 250, active: true });
    // A variant's stale stock refuses it all: the name stays as it was.
    await database().db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, m.id));
    const stale = await saveProductWithVariants(id, productValues({ name: 'Outro nome', weightGrams: 250 }), undefined, [row(p, { stock: 7, stockShown: 7 }), row(m, { stock: 5, stockShown: 2 })]);
    expect(stale).toMatchObject({ variants: { ok: false, currentStock: { variantId: m.id, stock: 1 } } });
    expect((await database().db.select().from(products).where(eq(products.id, id)))[0].name).toBe('Camiseta listrada');
  });
});

describe("a variant's photo (the grid's \"Foto\")", () => {
  beforeAll(prepareDatabase);

  it('reads the cell (absent: kept; empty: the cover; an id), and saves only one of the product\'s own photos', async () => {
    expect(parseVariantGrid(form({ variantIds: '5', 'v5-photo': '12' }))).toMatchObject({ ok: true, rows: [{ id: 5, photoId: 12 }] });
    expect(parseVariantGrid(form({ variantIds: '5', 'v5-photo': '' }))).toMatchObject({ ok: true, rows: [{ id: 5, photoId: null }] });
    expect(parseVariantGrid(form({ variantIds: '5', 'v5-photo': 'x' }))).toEqual({ ok: false, fieldErrors: { 'v5-photo': 'Escolha uma das fotos do produto.' } });

    const slug = `camiseta-foto-${randomUUID().slice(0, 8)}`;
    const id = await insertProduct({ slug, name: 'Camiseta com foto', description: '', priceCents: 4990, imagePath: '', active: false, stock: null });
    const other = await insertProduct({ slug: `${slug}-outra`, name: 'Outra', description: '', priceCents: 4990, imagePath: '', active: false, stock: null });
    const { db } = database();
    const [mine] = await db.insert(productPhotos).values({ productId: id, position: 0, width: 10, height: 10 }).returning({ id: productPhotos.id });
    const [theirs] = await db.insert(productPhotos).values({ productId: other, position: 0, width: 10, height: 10 }).returning({ id: productPhotos.id });
    await saveOptions(id, [{ name: 'Cor', values: 'Preto, Branco' }]);
    const [preto, branco] = (await variantsForEdit(id)).variants;
    const row = (v: typeof preto, photoId: number | null | undefined): VariantEdit => ({ id: v.id, sku: null, priceCents: null, stock: v.stock, stockShown: v.stock, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, active: true, photoId });

    expect(await saveVariantGrid(id, [row(preto, mine.id), row(branco, undefined)])).toEqual({ ok: true, message: 'Variantes salvas.' });
    expect((await variantsForEdit(id)).variants.map((v) => v.photoId)).toEqual([mine.id, null]);
    // Another product's photo is refused on its cell, and nothing is written.
    expect(await saveVariantGrid(id, [row(preto, null), row(branco, theirs.id)])).toMatchObject({ ok: false, fieldErrors: { [`v${branco.id}-photo`]: 'Esta foto não é mais do produto: escolha outra.' } });
    expect((await variantsForEdit(id)).variants.map((v) => v.photoId)).toEqual([mine.id, null]);
    // Back to the cover.
    await saveVariantGrid(id, [row(preto, null)]);
    expect((await variantsForEdit(id)).variants.map((v) => v.photoId)).toEqual([null, null]);
  });
});
