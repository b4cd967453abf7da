/** The offer at checkout: which one the cart shows, its line in the same order and charge, and its stock under 2 processes. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems, orderOffers, orders, payments, stockMovements, type ProductOffer } from '@/db/schema';
import type { CatalogItem } from '@/lib/catalog/catalog';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { insertProduct, stockOfProduct } from '@/test/catalog/products';
import { raceWorkers } from '@/test/worker-process';
import { chooseOffer, saveOffer } from './offers';
import { placeOrder } from './place-order';
import { OFFER_GONE_MESSAGE } from './place-price';

const item = (id: number, priceCents: number, stock: number | null = null) => ({ id, variantId: id, name: `P${id}`, priceCents, stock, variantName: null }) as unknown as CatalogItem;
const offer = (productId: number, offeredProductId: number, priceCents: number): ProductOffer => ({ productId, offeredProductId, offeredVariantId: null, priceCents, text: 'Leve junto', updatedAt: '' });

describe('chooseOffer: one offer at a time, chosen by the cart', () => {
  it.each([
    ['the offer of the line worth the most', [{ productId: 1, lineTotalCents: 1_000 }, { productId: 2, lineTotalCents: 5_000 }], [offer(1, 10, 500), offer(2, 11, 500)], [item(10, 900), item(11, 900)], 2],
    ['not an item already in the cart', [{ productId: 1, lineTotalCents: 1_000 }, { productId: 10, lineTotalCents: 900 }], [offer(1, 10, 500)], [item(10, 900)], null],
    ['not a sold-out item: the next line\'s offer', [{ productId: 2, lineTotalCents: 5_000 }, { productId: 1, lineTotalCents: 1_000 }], [offer(1, 10, 500), offer(2, 11, 500)], [item(10, 900), item(11, 900, 0)], 1],
    ['not when the offer is no cheaper than the catalog', [{ productId: 1, lineTotalCents: 1_000 }], [offer(1, 10, 900)], [item(10, 900)], null],
    ['no offer on the cart', [{ productId: 3, lineTotalCents: 1_000 }], [offer(1, 10, 500)], [item(10, 900)], null],
  ])('%s', (_n, lines, offers, offered, expected) => {
    expect(chooseOffer(lines, offers, offered)?.productId ?? null).toBe(expected);
  });
});

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 500 });
});
afterAll(() => startProcessContext());

async function pair(offeredStock: number | null) {
  const tag = randomUUID().slice(0, 8);
  const trigger = await insertProduct({ slug: `gatilho-${tag}`, name: `Gatilho ${tag}`, description: '', priceCents: 5_000, imagePath: '', stock: null });
  const offered = await insertProduct({ slug: `oferta-${tag}`, name: `Oferta ${tag}`, description: '', priceCents: 3_000, imagePath: '', stock: offeredStock });
  expect(await saveOffer(trigger, { offered: `p:${offered}`, priceCents: 1_990, text: 'Leve junto por menos' })).toEqual({ ok: true });
  return { trigger, offered };
}

const buyer = { name: 'Maria da Silva', document: '529.982.247-25', email: 'maria@example.com' };
const delivery = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe('placeOrder with the offer ticked', () => {
  it('adds the line at the offer price to the same order and the same single Pix', async () => {
    const { trigger, offered } = await pair(3);
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', items: [{ productId: trigger, quantity: 1 }], offer: trigger, buyer, delivery });
    if (!r.ok) throw new Error(r.error);
    const [order] = await database().db.select().from(orders).where(eq(orders.token, r.orderToken));
    const items = await database().db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.productId, i.unitPriceCents, i.quantity])).toEqual([[trigger, 5_000, 1], [offered, 1_990, 1]]);
    // 50,00 + 19,90 = 69,90 − 5 % Pix (66,405 rounds half up to 66,41) = 66,41: one charge.
    expect(order).toMatchObject({ itemsCents: 6_990, pixDiscountCents: 349, totalCents: 6_641 });
    expect((await database().db.select().from(payments).where(eq(payments.orderId, order.id))).map((p) => p.amountCents)).toEqual([6_641]);
    expect(fake.count('createPix')).toBe(1);
    expect(await database().db.select().from(orderOffers).where(eq(orderOffers.orderId, order.id))).toEqual([{ orderId: order.id, productId: trigger, offeredProductId: offered, offeredVariantId: null, priceCents: 1_990 }]);
    expect(await stockOfProduct(offered)).toBe(2);
  });

  it('refuses a ticked offer the cart no longer shows, before any charge', async () => {
    const { trigger } = await pair(3);
    await saveOffer(trigger, { offered: '', priceCents: null, text: '' });
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', items: [{ productId: trigger, quantity: 1 }], offer: trigger, buyer, delivery });
    expect(r).toMatchObject({ ok: false, error: OFFER_GONE_MESSAGE });
    expect(fake.count('createPix')).toBe(0);
  });

  it('2 processes × 3 shoppers ticking the offer of its last 2 units make exactly 2 orders', async () => {
    const { trigger, offered } = await pair(2);
    const outcomes = (await raceWorkers<{ ok: boolean; error?: string }[]>('test/checkout/offer-worker.ts', [[trigger, 3], [trigger, 3]])).flat();
    expect(outcomes).toHaveLength(6);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(await stockOfProduct(offered)).toBe(0);
    const taken = await database().db.select().from(stockMovements).where(eq(stockMovements.productId, offered));
    expect(taken.map((m) => m.delta)).toEqual([-1, -1]);
  }, 90_000);
});
