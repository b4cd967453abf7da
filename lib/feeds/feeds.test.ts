import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simulatorAdvanceClock } from '@balcao/payment-sandbox';
import { database } from '@/db';
import { feedCache, products, productVariants, promotions, rateLimitCounters } from '@/db/schema';
import { defaultSandbox } from '@/lib/embedded-provider';
import { shopNow } from '@/lib/embedded-provider/clock';
import { itemsOfProducts } from '@/lib/catalog/catalog';
import { env } from '@/lib/config/env';
import { splitCsv } from '@/lib/csv/read';
import { insertProduct, insertProductWithVariants } from '@/test/catalog/products';
import { addPhoto, withoutSeedProducts } from '@/test/feeds/catalog';
import { child, childrenNamed, parseXml } from '@/test/feeds/xml';
import { prepareDatabase } from '@/test/payments/db';
import { feedBuildCount } from './cache';
import { feedProblems } from './check';
import { GOOGLE_NS } from './google-xml';
import { feedItems, feedPrice } from './items';
import { META_COLUMNS } from './meta-csv';
import { serveFeed, verifyFeeds } from './serve';
import { readFeedSettings, saveFeedSettings } from './settings';
import { readFeedSource } from './source';

/** Google's required attributes for every item (product data specification; brand stands in for the unknown GTIN). */
const GOOGLE_REQUIRED = ['g:id', 'title', 'description', 'link', 'g:image_link', 'g:availability', 'g:price', 'g:condition', 'g:brand', 'g:item_group_id'];

const fetchFeed = (channel: 'google' | 'meta', more: { token?: string | null; ifNoneMatch?: string | null; clientKey?: string } = {}) =>
  serveFeed({ channel, clientKey: more.clientKey ?? 'test-client', token: more.token ?? null, ifNoneMatch: more.ifNoneMatch ?? null });

let shirt: { productId: number; variantIds: number[] };
let shirtPhotos: number[];
let mug: number;

beforeAll(async () => {
  await prepareDatabase();
  await withoutSeedProducts();
  shirt = await insertProductWithVariants(
    { slug: 'camiseta-feed', name: 'Camiseta & "Cia" <básica>', description: 'Algodão 100%.', priceCents: 7900, imagePath: '', weightGrams: 300, heightCm: 2, widthCm: 20, lengthCm: 30 },
    [{ name: 'Tamanho', values: ['P', 'M', 'G'] }],
    [
      { values: ['P'], stock: 5, sku: 'CAM-P' },
      { values: ['M'], stock: 0, sku: 'CAM-M' },
      { values: ['G'], stock: null, priceCents: 8900 },
    ],
  );
  shirtPhotos = [await addPhoto(shirt.productId, 0), await addPhoto(shirt.productId, 1)];
  await database().db.update(productVariants).set({ photoId: shirtPhotos[1] }).where(eq(productVariants.id, shirt.variantIds[2]));
  mug = await insertProduct({ slug: 'caneca-feed', name: 'Caneca', description: 'Cerâmica.', priceCents: 3990, imagePath: '', stock: 3, weightGrams: 400, heightCm: 10, widthCm: 10, lengthCm: 10 });
  await addPhoto(mug, 0);
  await insertProduct({ slug: 'ebook-feed', name: 'E-book', description: 'PDF.', priceCents: 1990, imagePath: '', requiresShipping: false });
});

beforeEach(async () => {
  await database().db.delete(rateLimitCounters);
});

describe('GET /feeds/google.xml', () => {
  it('is RSS 2.0 with the g: namespace, one item per variant on sale, every required field present', async () => {
    const res = await fetchFeed('google');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(await res.text());
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    expect(rss.attrs['xmlns:g']).toBe(GOOGLE_NS);
    const items = childrenNamed(child(rss, 'channel')!, 'item');
    // 3 sizes + the mug; the e-book (digital) is left out by default.
    expect(items).toHaveLength(4);
    for (const item of items) {
      for (const field of GOOGLE_REQUIRED) expect(child(item, field)?.text, `${field} of ${child(item, 'g:id')?.text}`).toBeTruthy();
      expect(child(item, 'g:condition')!.text).toBe('new');
      expect(child(item, 'link')!.text.startsWith(`${env().appUrl}/products/`)).toBe(true);
      expect(child(item, 'g:image_link')!.text.startsWith(`${env().appUrl}/images/products/`)).toBe(true);
    }
  });

  it("prices every item at the shop's price, and a sold-out variant is out_of_stock", async () => {
    const rss = parseXml(await (await fetchFeed('google')).text());
    const items = childrenNamed(child(rss, 'channel')!, 'item');
    const shop = await itemsOfProducts([shirt.productId, mug]);
    expect(shop).toHaveLength(4);
    for (const line of shop) {
      const item = items.find((i) => child(i, 'link')!.text.endsWith(`?variante=${line.variantId}`));
      expect(item, line.name).toBeDefined();
      expect(child(item!, 'g:price')!.text).toBe(feedPrice(line.priceCents));
      expect(child(item!, 'title')!.text).toBe(line.name);
      expect(child(item!, 'g:availability')!.text).toBe(line.stock === 0 ? 'out_of_stock' : 'in_stock');
      expect(child(item!, 'g:item_group_id')!.text).toBe(`p${line.id}`);
    }
    const g = items.find((i) => child(i, 'link')!.text.endsWith(`?variante=${shirt.variantIds[2]}`))!;
    expect(child(g, 'g:price')!.text).toBe('89.00 BRL');
    expect(child(g, 'g:id')!.text).toBe(`v${shirt.variantIds[2]}`);
    // The variant's own photo first, the product's others after it.
    expect(child(g, 'g:image_link')!.text).toContain(`/images/products/${shirtPhotos[1]}-800-`);
    expect(child(g, 'g:additional_image_link')!.text).toContain(`/images/products/${shirtPhotos[0]}-800-`);
    expect(child(g, 'g:shipping_weight')!.text).toBe('300 g');
    const m = items.find((i) => child(i, 'g:id')!.text === 'CAM-M')!;
    expect(child(m, 'g:availability')!.text).toBe('out_of_stock');
  });

  it('answers 304 to the ETag of an unchanged catalog, and a new ETag once a price changes', async () => {
    const first = await fetchFeed('google');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchFeed('google', { ifNoneMatch: etag })).status).toBe(304);
    await database().db.update(productVariants).set({ priceCents: 9900 }).where(eq(productVariants.id, shirt.variantIds[2]));
    const after = await fetchFeed('google', { ifNoneMatch: etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain('<g:price>99.00 BRL</g:price>');
    await database().db.update(productVariants).set({ priceCents: 8900 }).where(eq(productVariants.id, shirt.variantIds[2]));
  });

  it('notes the fetch time, refuses a client past its rate limit, and asks for the secret token once set', async () => {
    await fetchFeed('google');
    expect((await readFeedSettings()).fetchedAt.google).not.toBeNull();
    for (let i = 0; i < 30; i++) await fetchFeed('meta', { clientKey: 'greedy' });
    const refused = await fetchFeed('meta', { clientKey: 'greedy' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetchFeed('meta', { clientKey: 'other' })).status).toBe(200);

    await saveFeedSettings({ brand: '', includeDigital: false, requireToken: true });
    const { accessToken } = await readFeedSettings();
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect((await fetchFeed('google')).status).toBe(404);
    expect((await fetchFeed('google', { token: 'wrong' })).status).toBe(404);
    expect((await fetchFeed('google', { token: accessToken })).status).toBe(200);
    await saveFeedSettings({ brand: '', includeDigital: false, requireToken: false });
    expect((await fetchFeed('google')).status).toBe(200);
  });

  it("uses the merchant's brand over the shop's name, and lists digital products when asked", async () => {
    await saveFeedSettings({ brand: 'Marca Própria', includeDigital: true, requireToken: false });
    const items = feedItems((await readFeedSource()).source);
    expect(items).toHaveLength(5);
    expect(new Set(items.map((i) => i.brand))).toEqual(new Set(['Marca Própria']));
    expect(items.find((i) => i.title === 'E-book')!.shippingWeightGrams).toBeNull();
    await saveFeedSettings({ brand: '', includeDigital: false, requireToken: false });
  });
});

describe('the feeds stored server-side', () => {
  const availabilityOf = (xml: string, sku: string) => {
    const items = childrenNamed(child(parseXml(xml), 'channel')!, 'item');
    return child(items.find((i) => child(i, 'g:id')!.text === sku)!, 'g:availability')!.text;
  };

  it('two fetches without a change build the body once; the second is the stored one', async () => {
    await fetchFeed('google');
    const before = feedBuildCount();
    const a = await fetchFeed('google');
    const b = await fetchFeed('google');
    expect(feedBuildCount()).toBe(before);
    expect(await a.text()).toBe(await b.text());
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    const [stored] = await database().db.select().from(feedCache).where(eq(feedCache.channel, 'google'));
    expect(stored.etag).toBe(a.headers.get('etag'));
  });

  it('a change of stock written by any code path (plain SQL, as another process would) is in the next fetch, built once', async () => {
    expect(availabilityOf(await (await fetchFeed('google')).text(), 'CAM-P')).toBe('in_stock');
    const before = feedBuildCount();
    await database().db.run(sql`update product_variants set stock = 0 where sku = 'CAM-P'`);
    const after = await (await fetchFeed('google')).text();
    expect(availabilityOf(after, 'CAM-P')).toBe('out_of_stock');
    await fetchFeed('google');
    expect(feedBuildCount()).toBe(before + 1);
    await database().db.run(sql`update product_variants set stock = 5 where sku = 'CAM-P'`);
    expect(availabilityOf(await (await fetchFeed('google')).text(), 'CAM-P')).toBe('in_stock');
  });

  it("the catalog's name and the Meta feed follow too; the fetch time alone rebuilds nothing", async () => {
    await fetchFeed('meta');
    await database().db.update(products).set({ name: 'Caneca grande' }).where(eq(products.id, mug));
    expect(await (await fetchFeed('meta')).text()).toContain('Caneca grande');
    const before = feedBuildCount();
    await fetchFeed('meta');
    await fetchFeed('google');
    await fetchFeed('google');
    expect(feedBuildCount()).toBe(before + 1);
    await database().db.update(products).set({ name: 'Caneca' }).where(eq(products.id, mug));
  });

  it('a promotion that starts later on the shop’s clock shows its sale price once the clock passes its start, with no write in between', async () => {
    const startsAt = new Date(shopNow() + 3_600_000).toISOString();
    await database().db.insert(promotions).values({
      id: 'feed-later', name: '10% depois', type: 'progressive', scope: 'product', scopeId: mug, startsAt,
      rules: JSON.stringify({ basis: 'quantity', kind: 'percent', tiers: [{ min: 1, value: 1000 }] }),
    });
    try {
      const mugSale = async () => child(childrenNamed(child(parseXml(await (await fetchFeed('google')).text()), 'channel')!, 'item').find((i) => child(i, 'title')!.text === 'Caneca')!, 'g:sale_price')?.text;
      expect(await mugSale()).toBeUndefined();
      expect(await mugSale()).toBeUndefined();
      simulatorAdvanceClock(defaultSandbox(), 2 * 3600);
      expect(await mugSale()).toBe('35.91 BRL');
    } finally {
      await database().db.delete(promotions);
    }
  });
});

describe('GET /feeds/meta.csv', () => {
  it("has Meta's columns and one row per item, in Meta's words", async () => {
    const res = await fetchFeed('meta');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = splitCsv(await res.text(), ',');
    expect(records[0].cells).toEqual([...META_COLUMNS]);
    const rows = records.slice(1).map((r) => Object.fromEntries(META_COLUMNS.map((c, i) => [c, r.cells[i]])));
    expect(rows).toHaveLength(4);
    for (const row of rows) for (const c of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'item_group_id']) expect(row[c], c).toBeTruthy();
    expect(rows.find((r) => r.id === 'CAM-M')!.availability).toBe('out of stock');
    expect(rows.find((r) => r.id === 'CAM-P')).toMatchObject({ availability: 'in stock', price: '79.00 BRL', title: 'Camiseta & "Cia" <básica> — P' });
  });
});

describe('sale price and GTIN', () => {
  const googleItems = async () => childrenNamed(child(parseXml(await (await fetchFeed('google')).text()), 'channel')!, 'item');
  const byVariant = (items: ReturnType<typeof childrenNamed>, variantId: number) => items.find((i) => child(i, 'link')!.text.endsWith(`?variante=${variantId}`))!;
  const mugItem = (items: ReturnType<typeof childrenNamed>) => items.find((i) => child(i, 'title')!.text === 'Caneca')!;

  it('gives g:sale_price and sale_price while a promotion takes something off one unit, none for "Leve 3, pague 2"', async () => {
    const rules = (r: object) => JSON.stringify(r);
    await database().db.insert(promotions).values([
      { id: 'feed-progressive', name: '10% na camiseta', type: 'progressive', scope: 'product', scopeId: shirt.productId, rules: rules({ basis: 'quantity', kind: 'percent', tiers: [{ min: 1, value: 1000 }] }) }, // 10%: the value is in basis points
      { id: 'feed-leve3', name: 'Leve 3, pague 2', type: 'buy_x_pay_y', scope: 'shop', scopeId: null, rules: rules({ buy: 3, pay: 2 }) },
    ]);
    try {
      const items = await googleItems();
      expect(child(byVariant(items, shirt.variantIds[0]), 'g:sale_price')?.text).toBe('71.10 BRL');
      expect(child(byVariant(items, shirt.variantIds[2]), 'g:sale_price')?.text).toBe('80.10 BRL');
      expect(child(mugItem(items), 'g:sale_price')).toBeUndefined();
      const records = splitCsv(await (await fetchFeed('meta')).text(), ',');
      const col = META_COLUMNS.indexOf('sale_price');
      expect(records.find((r) => r.cells[0] === 'CAM-P')!.cells[col]).toBe('71.10 BRL');
      // Paused, it no longer applies: the feed follows on its next fetch.
      await database().db.update(promotions).set({ pausedAt: new Date().toISOString() }).where(eq(promotions.id, 'feed-progressive'));
      expect(child(byVariant(await googleItems(), shirt.variantIds[0]), 'g:sale_price')).toBeUndefined();
    } finally {
      await database().db.delete(promotions);
    }
  });

  it("carries the variant's GTIN, else the product's, only with a valid check digit (then no identifier_exists)", async () => {
    await database().db.update(products).set({ gtin: '7891000315507' }).where(eq(products.id, shirt.productId));
    await database().db.update(productVariants).set({ gtin: '036000291452' }).where(eq(productVariants.id, shirt.variantIds[0]));
    await database().db.update(productVariants).set({ gtin: '7891000315508' }).where(eq(productVariants.id, shirt.variantIds[2]));
    await database().db.update(products).set({ gtin: '96385075' }).where(eq(products.id, mug));
    try {
      const items = await googleItems();
      const [p, m, g] = shirt.variantIds.map((id) => byVariant(items, id));
      expect(child(p, 'g:gtin')?.text).toBe('036000291452');
      expect(child(p, 'g:identifier_exists')).toBeUndefined();
      expect(child(m, 'g:gtin')?.text).toBe('7891000315507');
      expect(child(m, 'g:identifier_exists')).toBeUndefined();
      // A wrong check digit: no g:gtin (Google refuses the item for a wrong one), and the product's is not borrowed.
      expect(child(g, 'g:gtin')).toBeUndefined();
      expect(child(g, 'g:identifier_exists')?.text).toBe('no');
      expect(child(mugItem(items), 'g:gtin')).toBeUndefined();
    } finally {
      await database().db.update(products).set({ gtin: null }).where(inArray(products.id, [shirt.productId, mug]));
      await database().db.update(productVariants).set({ gtin: null }).where(eq(productVariants.productId, shirt.productId));
    }
  });
});

describe('Verificar feed', () => {
  it('counts the problems in words', async () => {
    expect((await verifyFeeds()).problems).toEqual([]);
    const bare = await insertProduct({ slug: 'sem-foto', name: 'Sem foto', description: '', priceCents: 0, imagePath: '/products/x.svg', stock: 1, weightGrams: 100, heightCm: 1, widthCm: 1, lengthCm: 1 });
    const r = await verifyFeeds();
    expect(r.items).toBe(5);
    expect(r.problems).toEqual(['1 produto sem foto', '1 variante sem preço', '1 produto sem descrição']);
    await database().db.delete(productVariants).where(eq(productVariants.productId, bare));
    expect(feedProblems([])).toEqual(['Nenhum produto à venda no feed']);
  });
});
