import { eq } from 'drizzle-orm';
import { insertProduct, setStock, stockOfProduct } from '@/test/catalog/products';
import { encode } from 'next-auth/jwt';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db';
import { categories, productPhotos, products, users } from '@/db/schema';
import { saveOptions, variantsForEdit } from '@/lib/catalog/variant-admin';
import { categoryIdsOf } from '@/lib/catalog/search';
import { productDigitalOf } from '@/lib/digital/product-digital';
import { SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { env } from '@/lib/config/env';
import { prepareDatabase } from '@/test/payments/db';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { to });
  },
}));

const actions = await import('./actions');
const upload = await import('../../../api/dashboard/products/[id]/photos/route');
const images = await import('../../../images/products/[file]/route');

let sessionCookie: string;
let productId: number;

const signIn = () => {
  jar.cookies = [{ name: 'next-auth.session-token', value: sessionCookie }];
};
const valid = { name: 'Garrafa térmica', description: '', price: '129,90', slug: '', stock: '3', displayOrder: '', active: 'on', requiresShipping: 'on', weightGrams: '600', heightCm: '28', widthCm: '8', lengthCm: '8' };

beforeAll(async () => {
  await prepareDatabase();
  const [u] = await db().insert(users).values({ email: 'catalogo@balcao.dev', name: 'Loja', passwordHash: 'x' }).returning();
  sessionCookie = await encode({ token: { sub: String(u.id) }, secret: env().authSecret });
  const [p] = await db().insert(products).values({ slug: 'alvo-das-acoes', name: 'Alvo', description: '', priceCents: 1000, imagePath: '' }).returning();
  productId = p.id;
});
beforeEach(() => {
  jar.cookies = [];
});

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return upload.POST(
    new Request(`http://localhost:3000/api/dashboard/products/${productId}/photos`, {
      method: 'POST',
      body,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'content-type': 'application/octet-stream', ...headers },
    }),
    { params: Promise.resolve({ id: String(productId) }) },
  );
}

describe('without a session every catalog action and the upload are refused, and nothing changes', () => {
  it.each([
    ['saveProductAction (create)', () => actions.saveProductAction(null, fd(valid))],
    ['saveProductAction (edit)', () => actions.saveProductAction(null, fd({ ...valid, productId: '1' }))],
    ['removeProductAction', () => actions.removeProductAction(null, fd({ productId: '1' }))],
    ['restoreProductAction', () => actions.restoreProductAction(null, fd({ productId: '1' }))],
    ['removePhotoAction', () => actions.removePhotoAction(null, fd({ productId: '1', photoId: '1' }))],
    ['movePhotoAction', () => actions.movePhotoAction(null, fd({ productId: '1', photoId: '1', to: 'cover' }))],
  ])('%s', async (_name, call) => {
    const before = await db().select().from(products);
    expect(await call()).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
    expect(await db().select().from(products)).toEqual(before);
  });

  it('the upload route answers 401', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const res = await post(new Uint8Array(png));
    expect(res.status).toBe(401);
    expect(await db().select().from(productPhotos).where(eq(productPhotos.productId, productId))).toEqual([]);
  });
});

describe('with a session', () => {
  it('creates a product and goes on to its page; a refused form comes back with its errors and values', async () => {
    signIn();
    const bad = await actions.saveProductAction(null, fd({ ...valid, price: '0,10' }));
    expect(bad).toMatchObject({ ok: false, fieldErrors: { price: 'O preço mínimo é R$ 0,50.' }, values: { name: 'Garrafa térmica', price: '0,10' } });
    await expect(actions.saveProductAction(null, fd(valid))).rejects.toMatchObject({ to: expect.stringMatching(/^\/dashboard\/produtos\/\d+\?criado=1$/) });
    const [row] = await db().select().from(products).where(eq(products.slug, 'garrafa-termica'));
    expect(row).toMatchObject({ priceCents: 12990, active: true, requiresShipping: true, weightGrams: 600 });
    expect(await stockOfProduct(row.id)).toBe(3);
  });

  it('a save with the stock the form showed, after units were sold meanwhile, is refused and keeps everything typed', async () => {
    signIn();
    const p = { id: await insertProduct({ slug: 'duas-unidades', name: 'Duas unidades', description: '', priceCents: 5000, imagePath: '', stock: 2 }) };
    const form = { ...valid, productId: String(p.id), name: 'Duas unidades (nova embalagem)', price: '59,90', slug: 'duas-unidades', stock: '2', stockShown: '2' };
    // The form was opened showing 2; 2 are sold before the merchant saves a price change.
    await setStock(p.id, 0);
    const refused = await actions.saveProductAction(null, fd(form));
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining('O estoque mudou enquanto você editava: confira e salve de novo'),
      fieldErrors: { stock: 'O estoque mudou enquanto você editava: confira e salve de novo' },
      values: { name: 'Duas unidades (nova embalagem)', price: '59,90', stock: '0', stockShown: '0' },
    });
    expect(await db().select().from(products).where(eq(products.id, p.id))).toMatchObject([{ priceCents: 5000, name: 'Duas unidades' }]);
    expect(await stockOfProduct(p.id)).toBe(0);
    // Saved again from the re-rendered form (it now shows 0): it goes through.
    expect(await actions.saveProductAction(null, fd({ ...form, stock: '0', stockShown: '0' }))).toMatchObject({ ok: true });
    expect(await db().select().from(products).where(eq(products.id, p.id))).toMatchObject([{ priceCents: 5990, name: 'Duas unidades (nova embalagem)' }]);
    expect(await stockOfProduct(p.id)).toBe(0);
  });

  it("one 'Salvar produto' saves the name, a variant's stock and NCM and the categories together; a physical product's digital fields are ignored; a bad GTIN refuses everything", async () => {
    signIn();
    const id = await insertProduct({ slug: 'camiseta-do-editor', name: 'Camiseta do editor', description: '', priceCents: 5000, imagePath: '', stock: 4, active: false });
    await saveOptions(id, [{ name: 'Tamanho', values: 'P, M' }]);
    const [p, m] = (await variantsForEdit(id)).variants;
    const [cat] = await db().insert(categories).values({ name: 'Editor', slug: 'editor-cat', position: 0 }).returning();
    const editor = fd({
      ...valid,
      productId: String(id),
      name: 'Camiseta do editor (nova)',
      slug: 'camiseta-do-editor',
      active: '',
      optionName0: 'Tamanho',
      optionValues0: 'P, M',
      variantIds: `${p.id},${m.id}`,
      [`v${p.id}-stock`]: '9',
      [`v${p.id}-stockShown`]: String(p.stock),
      [`v${p.id}-ncm`]: '6109.10.00',
      [`v${p.id}-active`]: 'on',
      [`v${m.id}-stock`]: '1',
      [`v${m.id}-stockShown`]: String(m.stock),
      [`v${m.id}-gtin`]: '7891000315508',
      [`v${m.id}-active`]: 'on',
      categoriesShown: '1',
      categoryIds: String(cat.id),
      digitalShown: '1',
      digitalKind: 'link',
      digitalUrl: 'https://curso.example/aula',
    });
    // The GTIN's check digit is wrong: nothing is written, the error is on its cell, in Portuguese.
    expect(await actions.saveProductAction(null, editor)).toMatchObject({ ok: false, fieldErrors: { [`v${m.id}-gtin`]: 'O dígito verificador deste código de barras não confere.' }, values: { name: 'Camiseta do editor (nova)', categoryIds: String(cat.id) } });
    expect((await db().select().from(products).where(eq(products.id, id)))[0].name).toBe('Camiseta do editor');
    editor.set(`v${m.id}-gtin`, '7891000315507');
    expect(await actions.saveProductAction(null, editor)).toMatchObject({ ok: true, message: 'Produto salvo.' });
    expect((await db().select().from(products).where(eq(products.id, id)))[0].name).toBe('Camiseta do editor (nova)');
    expect((await variantsForEdit(id)).variants.map((v) => [v.stock, v.ncm, v.gtin])).toEqual([
      [9, '61091000', null],
      [1, null, '7891000315507'],
    ]);
    expect(await categoryIdsOf(id)).toEqual([cat.id]);
    // "Produto digital" was not checked: the link typed below it is not saved.
    expect(await productDigitalOf(id)).toBeNull();
    // Checked, the same form makes it digital (and it ships nothing).
    editor.set('digital', 'on');
    editor.set(`v${p.id}-stockShown`, '9');
    editor.set(`v${m.id}-stockShown`, '1');
    expect(await actions.saveProductAction(null, editor)).toMatchObject({ ok: true });
    expect(await productDigitalOf(id)).toMatchObject({ kind: 'link', url: 'https://curso.example/aula' });
    expect((await db().select().from(products).where(eq(products.id, id)))[0].requiresShipping).toBe(false);
  });

  it('the upload route refuses other sites, form posts and bodies over 10 MB; stores a real photo; the image route serves it immutable with an ETag', async () => {
    signIn();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c86' } }).png().toBuffer();
    expect((await post(new Uint8Array(png), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(new Uint8Array(png), { 'content-type': 'multipart/form-data; boundary=x' })).status).toBe(403);
    const big = await post(new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ ok: false, error: 'A foto pode ter no máximo 10 MB.' });
    const pdf = await post(new TextEncoder().encode('%PDF-1.4\n'));
    expect(pdf.status).toBe(400);

    const ok = await post(new Uint8Array(png));
    expect(ok.status).toBe(201);
    const { photoId } = (await ok.json()) as { photoId: number };
    const { coversOf } = await import('@/lib/catalog/photos');
    const cover = (await coversOf([productId])).get(productId)!;
    expect(cover.id).toBe(photoId);
    const src = cover.sources.find((s) => s.width === 320)!;
    const file = src.url.split('/').pop()!;
    const get = (name: string, headers: Record<string, string> = {}) => images.GET(new Request(`http://localhost:3000${src.url}`, { headers }), { params: Promise.resolve({ file: name }) });
    const res = await get(file);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${file.split('-')[2].replace('.webp', '')}"`);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
    expect((await get(file, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(file.replace(/-[0-9a-f]{20}\./, `-${'0'.repeat(20)}.`))).status).toBe(404);
    expect((await get('../../etc/passwd')).status).toBe(404);
  });
});
