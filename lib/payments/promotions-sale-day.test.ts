/**
 * Money correctness with promotions: a sale day against the embedded sandbox (the real client,
 * the in-process exchange) with "Leve 3, pague 2", a progressive discount, free shipping for SP,
 * a coupon and the Pix discount. Every order's lines add up to its charge; buyers pay the
 * charged amount; one line is refunded at its split net, another order in full; after
 * reconciliation, paid − refunded equals what the provider's balance moved.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderDiscounts, orderItems, orders, products, promotions } from '@/db/schema';
import { simulatorAdvanceClock, simulatorPayCode } from '@balcao/payment-sandbox';
import { defaultSandbox, stopSandboxWorker } from '@/lib/embedded-provider';
import { createCoupon } from '@/lib/coupons/coupons';
import { createPromotion } from '@/lib/promotions/admin';
import { splitDiscounts } from '@/lib/promotions/line-split';
import { placeOrder } from '@/lib/checkout/place-order';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { DEFAULT_SHIPPING_RULES } from '@/lib/shipping/quote';
import { saveShippingRules } from '@/lib/shipping/settings';
import { startProcessContext } from '@/lib/process/context';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { rowsByToken } from '@/test/payments/place';
import { paymentProvider } from './provider';
import { reconcileAll } from './reconcile';
import { refundOrderPayment } from './merchant-actions';

const SP = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const RJ = { zip: '20040-002', street: 'Avenida Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };
const ACTOR = 'demo@balcao.dev';

let cafe: number;
let adesivo: number;
beforeAll(async () => {
  startProcessContext();
  await prepareDatabase();
  cafe = await productIdBySlug('cafe-especial-250g');
  adesivo = await productIdBySlug('adesivo-balcao');
  await database().db.update(products).set({ requiresShipping: true }).where(eq(products.id, cafe));
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 500 });
  await saveShippingRules({ ...DEFAULT_SHIPPING_RULES, nationalCents: 1_990 });
  const none = { startsAt: null, endsAt: null };
  await createPromotion({ name: 'Leve 3, pague 2', type: 'buy_x_pay_y', scope: 'product', scopeId: cafe, rules: { buy: 3, pay: 2 }, ...none }, ACTOR);
  await createPromotion({ name: '10 % a partir de 2 itens', type: 'progressive', scope: 'shop', scopeId: null, rules: { basis: 'quantity', kind: 'percent', tiers: [{ min: 2, value: 1_000 }] }, ...none }, ACTOR);
  await createPromotion({ name: 'Frete grátis SP', type: 'free_shipping', scope: 'shop', scopeId: null, rules: { minCents: 10_000, ufs: ['SP'], cepRanges: [], options: 'all' }, ...none }, ACTOR);
  await createCoupon({ code: 'DEZ', kind: 'fixed', value: 1_000, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: null, onePerDocument: false }, ACTOR);
}, 60_000);
afterAll(async () => {
  await stopSandboxWorker();
  await database().db.delete(promotions);
  startProcessContext();
});

describe('a sale day with promotions', () => {
  it('keeps every order one line per cause and paid − refunded equal to the provider balance', async () => {
    const api = paymentProvider();
    const before = (await api.getBalance()).balanceCents;
    const carts = [
      { items: [{ productId: cafe, quantity: 3 }], delivery: SP, coupon: 'DEZ' },
      { items: [{ productId: cafe, quantity: 4 }, { productId: adesivo, quantity: 2 }], delivery: RJ },
      { items: [{ productId: cafe, quantity: 1 }, { productId: adesivo, quantity: 1 }], delivery: SP },
      { items: [{ productId: cafe, quantity: 6 }], delivery: RJ, coupon: 'DEZ' },
      { items: [{ productId: adesivo, quantity: 5 }, { productId: cafe, quantity: 2 }], delivery: SP },
      { items: [{ productId: cafe, quantity: 2 }], delivery: RJ },
    ];
    const placed: Awaited<ReturnType<typeof rowsByToken>>[] = [];
    for (const [i, c] of carts.entries()) {
      const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', buyer: { name: 'Maria da Silva', document: '52998224725', email: `m${i}@example.com` }, ...c });
      if (!r.ok) throw new Error(r.error);
      placed.push(await rowsByToken(r.orderToken));
    }
    for (const { order, payment } of placed) {
      const shares = await database().db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order.id));
      const itemDiscounts = shares.filter((d) => d.type !== 'free_shipping');
      expect(itemDiscounts.reduce((s, d) => s + d.amountCents, 0)).toBe(order.promotionDiscountCents);
      expect(order.itemsCents - order.promotionDiscountCents - order.couponDiscountCents - order.pixDiscountCents + order.shippingCents).toBe(order.totalCents);
      expect(payment.amountCents).toBe(order.totalCents);
    }
    expect(placed.some((p) => p.order.promotionDiscountCents > 0 && p.order.couponDiscountCents > 0 && p.order.pixDiscountCents > 0)).toBe(true);

    // Buyers pay what the shop showed them.
    simulatorAdvanceClock(defaultSandbox(), 2);
    for (const { payment } of placed) expect(simulatorPayCode(defaultSandbox(), payment.pixCode!)).toMatchObject({ ok: true });
    for (let i = 0; i < 10 && (await database().db.select().from(orders)).some((o) => placed.some((p) => p.order.id === o.id) && o.status !== 'paid'); i++) await reconcileAll();

    // One line refunded at its net (its total minus its share of each discount), one order in full.
    const partial = placed[1].order;
    const items = await database().db.select().from(orderItems).where(eq(orderItems.orderId, partial.id)).orderBy(orderItems.id);
    const discounts = await database().db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, partial.id));
    const split = splitDiscounts({
      lineTotals: items.map((l) => l.lineTotalCents),
      promotionShares: discounts.filter((d) => d.type !== 'free_shipping').map((d) => JSON.parse(d.lineShares) as number[]),
      couponCents: partial.couponDiscountCents,
      pixCents: partial.pixDiscountCents,
    });
    expect(split.reduce((s, l) => s + l.netCents, 0)).toBe(partial.totalCents - partial.shippingCents);
    expect(await refundOrderPayment(partial.id, { amountCents: split[1].netCents, reason: 3, description: 'Devolução de um item' }, ACTOR)).toMatchObject({ ok: true });
    expect(await refundOrderPayment(placed[3].order.id, { amountCents: placed[3].order.totalCents, reason: 3, description: 'Desistência' }, ACTOR)).toMatchObject({ ok: true });
    for (let i = 0; i < 5; i++) await reconcileAll();

    const final = await Promise.all(placed.map(async (p) => (await database().db.select().from(orders).where(eq(orders.id, p.order.id)))[0]));
    const paid = final.filter((o) => o.paidAt).reduce((s, o) => s + o.totalCents, 0);
    const refunded = final.reduce((s, o) => s + o.refundedCents, 0);
    expect(final.every((o) => o.paidAt)).toBe(true);
    expect(refunded).toBe(split[1].netCents + placed[3].order.totalCents);
    expect((await api.getBalance()).balanceCents - before).toBe(paid - refunded);
  }, 90_000);
});
