import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems, productPhotoFiles, productPhotos, products } from '@/db/schema';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { listDashboardProducts, productForEdit, removeProduct, restoreProduct, saveProduct, SLUG_TAKEN, STOCK_CHANGED } from './admin';
import { catalogPage, productBySlug, productPage } from './catalog';
import { processPhoto } from './photo-processing';
import { uploadProductPhoto, PHOTOS_FULL } from './photo-upload';
import { coversOf, movePhoto, photoFile, photosOf, removePhoto } from './photos';
import type { ProductValues } from './product-form';
import { DIMENSIONS_REQUIRED } from './variants';
import { setStock, stockOfProduct } from '@/test/catalog/products';

beforeAll(prepareDatabase);

const values = (v: Partial<ProductValues> = {}): ProductValues => ({
  name: 'Café do Sítio',
  description: 'Torra média.\nNotas de mel.',
  priceCents: 9490,
  slug: '',
  stock: null,
  displayOrder: 0,
  active: true,
  requiresShipping: true,
  weightGrams: 300,
  heightCm: 10,
  widthCm: 15,
  lengthCm: 20,
  ...v,
});

async function png(color: [number, number, number]) {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: color[0], g: color[1], b: color[2] } } }).png().toBuffer();
}

describe('saveProduct and the stock the form showed', () => {
  it('applies only while the stock is still what the form showed (compare-and-set); otherwise writes nothing', async () => {
    const created = await saveProduct(null, values({ name: 'Último lote', stock: 2 }));
    if (!created.ok) throw new Error('not created');
    const stockOf = async () => ({ ...(await database().db.select().from(products).where(eq(products.id, created.id)))[0], stock: await stockOfProduct(created.id) });
    // Opened showing 2; 2 sold meanwhile (the checkout's own decrement).
    await setStock(created.id, 0);
    const stale = await saveProduct(created.id, values({ name: 'Último lote', priceCents: 9990, stock: 2, slug: 'outro-endereco' }), 2);
    expect(stale).toEqual({ ok: false, fieldErrors: { stock: STOCK_CHANGED }, currentStock: 0 });
    expect(await stockOf()).toMatchObject({ stock: 0, priceCents: 9490, slug: created.slug });
    expect(await productPage('outro-endereco')).toBeNull(); // no redirect written either

    expect(await saveProduct(created.id, values({ name: 'Último lote', priceCents: 9990, stock: 5 }), 0)).toMatchObject({ ok: true });
    expect(await stockOf()).toMatchObject({ stock: 5, priceCents: 9990 });
    // An untracked stock compares as untracked.
    expect(await saveProduct(created.id, values({ name: 'Último lote', stock: null }), 5)).toMatchObject({ ok: true });
    expect(await saveProduct(created.id, values({ name: 'Último lote', stock: 3 }), null)).toMatchObject({ ok: true });
    expect(await saveProduct(created.id, values({ name: 'Último lote', stock: 1 }), null)).toMatchObject({ ok: false, currentStock: 3 });
  });
});

describe('saveProduct and shipping dimensions', () => {
  it('refuses to activate a product that ships without weight and size, each said next to its field; inactive or not shipped is fine', async () => {
    const missing = await saveProduct(null, values({ name: 'Sem medidas', weightGrams: null, lengthCm: null }));
    expect(missing).toEqual({ ok: false, fieldErrors: { weightGrams: DIMENSIONS_REQUIRED, lengthCm: DIMENSIONS_REQUIRED } });
    expect(await saveProduct(null, values({ name: 'Sem medidas', weightGrams: null, active: false }))).toMatchObject({ ok: true });
    expect(await saveProduct(null, values({ name: 'Curso', weightGrams: null, heightCm: null, requiresShipping: false }))).toMatchObject({ ok: true });
  });
});

describe('saveProduct and slugs', () => {
  it('makes the slug from the name, folding accents, and keeps it unique', async () => {
    const a = await saveProduct(null, values({ name: 'Pão de Queijo Mineiro' }));
    const b = await saveProduct(null, values({ name: 'Pão de queijo mineiro!' }));
    expect(a).toMatchObject({ ok: true, slug: 'pao-de-queijo-mineiro' });
    expect(b).toMatchObject({ ok: true, slug: 'pao-de-queijo-mineiro-2' });
  });

  it('refuses a typed slug another product holds, now or before', async () => {
    const a = await saveProduct(null, values({ name: 'Moka italiana', slug: 'moka' }));
    const b = await saveProduct(null, values({ name: 'Outra moka' }));
    if (!a.ok || !b.ok) throw new Error('setup');
    expect(await saveProduct(b.id, values({ name: 'Outra moka', slug: 'moka' }))).toEqual({ ok: false, fieldErrors: { slug: SLUG_TAKEN } });
    // a renames: "moka" becomes an old slug of a, still not free for b
    expect(await saveProduct(a.id, values({ name: 'Moka italiana', slug: 'moka-italiana' }))).toMatchObject({ ok: true, slug: 'moka-italiana' });
    expect(await saveProduct(b.id, values({ name: 'Outra moka', slug: 'moka' }))).toEqual({ ok: false, fieldErrors: { slug: SLUG_TAKEN } });
    // and a new product named "Moka" gets a suffix instead of stealing a's old address
    expect(await saveProduct(null, values({ name: 'Moka' }))).toMatchObject({ ok: true, slug: 'moka-2' });
  });

  it('redirects old slugs to the current one, and a product may take an old slug of its own back', async () => {
    const a = await saveProduct(null, values({ name: 'Chaleira', slug: 'chaleira' }));
    if (!a.ok) throw new Error('setup');
    await saveProduct(a.id, values({ name: 'Chaleira', slug: 'chaleira-inox' }));
    await saveProduct(a.id, values({ name: 'Chaleira', slug: 'chaleira-inox-1l' }));
    expect(await productPage('chaleira')).toEqual({ movedTo: 'chaleira-inox-1l' });
    expect(await productPage('chaleira-inox')).toEqual({ movedTo: 'chaleira-inox-1l' });
    expect((await productForEdit(a.id))?.oldSlugs.sort()).toEqual(['chaleira', 'chaleira-inox']);
    await saveProduct(a.id, values({ name: 'Chaleira', slug: 'chaleira' }));
    expect(await productPage('chaleira')).toMatchObject({ product: { id: a.id } });
    expect(await productPage('chaleira-inox-1l')).toEqual({ movedTo: 'chaleira' });
    // an empty slug on edit keeps the current one (renaming does not move the address)
    expect(await saveProduct(a.id, values({ name: 'Chaleira Nova', slug: '' }))).toMatchObject({ ok: true, slug: 'chaleira' });
  });

  it('does not redirect to an inactive product', async () => {
    const a = await saveProduct(null, values({ name: 'Bule', slug: 'bule' }));
    if (!a.ok) throw new Error('setup');
    await saveProduct(a.id, values({ name: 'Bule', slug: 'bule-esmaltado', active: false }));
    expect(await productPage('bule')).toBeNull();
    expect(await productPage('bule-esmaltado')).toBeNull();
  });
});

describe('removeProduct', () => {
  it('deletes a product nobody ordered, photos included', async () => {
    const a = await saveProduct(null, values({ name: 'Descartável' }));
    if (!a.ok) throw new Error('setup');
    expect(await uploadProductPhoto(a.id, await png([200, 10, 10]))).toMatchObject({ ok: true });
    expect(await removeProduct(a.id)).toBe('deleted');
    expect(await productForEdit(a.id)).toBeNull();
    expect(await database().db.select().from(productPhotos).where(eq(productPhotos.productId, a.id))).toEqual([]);
  });

  it('archives a product that was ordered: out of the shop and the list, kept for the order, restorable', async () => {
    const a = await saveProduct(null, values({ name: 'Vendido uma vez' }));
    if (!a.ok) throw new Error('setup');
    const { order } = await insertOrderWithPayment();
    await database().db.insert(orderItems).values({ orderId: order.id, productId: a.id, name: 'Vendido uma vez', unitPriceCents: 9490, quantity: 1, lineTotalCents: 9490 });
    expect(await removeProduct(a.id)).toBe('archived');
    expect(await productBySlug(a.slug)).toBeNull();
    expect((await listDashboardProducts({ q: 'Vendido uma vez' })).rows).toEqual([]);
    expect((await listDashboardProducts({ q: 'Vendido uma vez', filter: 'arquivados' })).rows).toMatchObject([{ id: a.id, status: 'archived' }]);
    const [item] = await database().db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ name: 'Vendido uma vez', unitPriceCents: 9490 });
    expect(await restoreProduct(a.id)).toBe(true);
    expect((await listDashboardProducts({ q: 'Vendido uma vez' })).rows).toMatchObject([{ id: a.id, status: 'inactive' }]);
  });
});

describe('listDashboardProducts', () => {
  it('searches by name ignoring accents, filters by status and pages by 20', async () => {
    for (let i = 0; i < 25; i++) await saveProduct(null, values({ name: `Xícara número ${i}`, stock: i === 3 ? 0 : 5 }));
    const first = await listDashboardProducts({ q: 'xicara' });
    expect(first).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(20);
    expect((await listDashboardProducts({ q: 'xicara', page: 2 })).rows).toHaveLength(5);
    expect((await listDashboardProducts({ q: 'xicara', page: 99 })).page).toBe(2);
    expect((await listDashboardProducts({ q: 'Xícara número 3', filter: 'esgotados' })).rows).toMatchObject([{ status: 'sold_out' }]);
    expect((await listDashboardProducts({ q: '100%_' })).total).toBe(0);
  });

  it('finds a product by a variant\'s SKU, any case, and by part of it', async () => {
    expect((await listDashboardProducts({ q: 'cam-cafe-m' })).rows.map((r) => r.slug)).toEqual(['camiseta-cafe-da-esquina']);
    expect((await listDashboardProducts({ q: 'CAM-CAFE' })).rows.map((r) => r.slug)).toEqual(['camiseta-cafe-da-esquina']);
    expect((await listDashboardProducts({ q: 'CAM-CAFE-XX' })).total).toBe(0);
  });
});

describe('photos', () => {
  it('keeps at most five, the first as cover; reorders and removes', async () => {
    const a = await saveProduct(null, values({ name: 'Com fotos' }));
    if (!a.ok) throw new Error('setup');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await uploadProductPhoto(a.id, await png([i * 40, 100, 100]));
      if (!r.ok) throw new Error(r.error);
      ids.push(r.photoId);
    }
    expect(await uploadProductPhoto(a.id, await png([1, 2, 3]))).toEqual({ ok: false, error: PHOTOS_FULL, status: 409 });
    expect((await coversOf([a.id])).get(a.id)?.id).toBe(ids[0]);

    expect(await movePhoto(a.id, ids[3], 'cover')).toBe(true);
    expect((await photosOf([a.id])).get(a.id)!.map((p) => p.id)).toEqual([ids[3], ids[0], ids[1], ids[2], ids[4]]);
    expect(await movePhoto(a.id, ids[4], 'later')).toBe(false);
    expect(await movePhoto(a.id, ids[0], 'earlier')).toBe(true);
    expect(await removePhoto(a.id, ids[0])).toBe(true);
    const after = (await photosOf([a.id])).get(a.id)!;
    expect(after.map((p) => [p.id, p.position])).toEqual([
      [ids[3], 0],
      [ids[1], 1],
      [ids[2], 2],
      [ids[4], 3],
    ]);
    expect(await removePhoto(a.id + 1000, ids[1])).toBe(false);

    // a URL names the photo, the width and the bytes' hash
    const src = after[0].sources[0];
    const m = /\/images\/products\/(\d+)-(\d+)-([0-9a-f]{20})\.webp$/.exec(src.url)!;
    const file = await photoFile(Number(m[1]), Number(m[2]));
    expect(file?.hash).toBe(m[3]);
    expect((await sharp(file!.bytes).metadata()).format).toBe('webp');
  });

  it('stores nothing when the upload is refused', async () => {
    const a = await saveProduct(null, values({ name: 'Sem foto' }));
    if (!a.ok) throw new Error('setup');
    const before = (await database().db.select().from(productPhotoFiles)).length;
    expect(await uploadProductPhoto(a.id, Buffer.from('%PDF-1.4 não é foto'))).toMatchObject({ ok: false, status: 400 });
    expect((await database().db.select().from(productPhotoFiles)).length).toBe(before);
    expect((await photosOf([a.id])).get(a.id)).toBeUndefined();
    const processed = await processPhoto(await png([0, 0, 0]));
    expect(processed.ok).toBe(true);
  });

  it('the shop catalog lists active products with their covers, newest first after the display order', async () => {
    const page = await catalogPage(1);
    expect(page.products.length).toBeLessThanOrEqual(24);
    expect(page.products.every((p) => p.id > 0)).toBe(true);
    expect(page.pages).toBe(Math.ceil(page.total / 24));
    const withCover = page.products.find((p) => p.name === 'Com fotos');
    expect(withCover?.cover?.sources.length).toBeGreaterThan(0);
    const [active] = await database().db.select().from(products).where(eq(products.active, false));
    expect(page.products.some((p) => p.id === active?.id)).toBe(false);
  });
});

describe('a digital product', () => {
  it('ships nothing and is activated without weight or size, whatever the shipping box said', async () => {
    const [ebook] = await database().db.select().from(products).where(eq(products.slug, 'ebook-guia-do-cafe-coado'));
    const none = { weightGrams: null, heightCm: null, widthCm: null, lengthCm: null };
    const saved = await saveProduct(ebook!.id, values({ name: ebook!.name, slug: ebook!.slug, requiresShipping: true, active: true, ...none }), null);
    expect(saved).toMatchObject({ ok: true });
    expect((await database().db.select().from(products).where(eq(products.id, ebook!.id)))[0]).toMatchObject({ requiresShipping: false, active: true });
    // A product that is not digital still needs them.
    const created = await saveProduct(null, values({ name: 'Sem medidas', active: true, ...none }));
    expect(created).toMatchObject({ ok: false, fieldErrors: { weightGrams: DIMENSIONS_REQUIRED } });
  });
});
