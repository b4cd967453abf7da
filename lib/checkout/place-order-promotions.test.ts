/** placeOrder with automatic promotions: priced on the server at submit, stored one line per cause, free shipping by region. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderDiscounts, orders, payments, products, promotions } from '@/db/schema';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { DEFAULT_SHIPPING_RULES } from '@/lib/shipping/quote';
import { saveShippingRules } from '@/lib/shipping/settings';
import { createCoupon } from '@/lib/coupons/coupons';
import { createPromotion, listPromotions } from '@/lib/promotions/admin';
import { orderViewByToken } from '@/lib/orders/queries';
import { promotionsSeen } from './cart-promotions';
import { placeOrder, type OrderInput } from './place-order';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { productIdBySlug } from '@/test/payments/db';

let cafe: number; // R$ 39,90
const SP = { zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const RJ = { zip: '20040-002', street: 'Avenida Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' };

withFakeProvider(() => {});
beforeAll(async () => {
  cafe = await productIdBySlug('cafe-especial-250g');
});
beforeEach(async () => {
  await database().db.delete(promotions);
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 500 });
  await saveShippingRules({ ...DEFAULT_SHIPPING_RULES, nationalCents: 2_000 });
  await database().db.update(products).set({ requiresShipping: true }).where(eq(products.id, cafe));
});
afterAll(async () => {
  await saveShippingRules(DEFAULT_SHIPPING_RULES);
  await database().db.delete(promotions);
});

const input = (over: Partial<OrderInput> = {}): OrderInput => ({
  checkoutKey: randomUUID(),
  method: 'pix',
  items: [{ productId: cafe, quantity: 3 }],
  buyer: { name: 'Maria da Silva', document: '529.982.247-25', email: 'maria@example.com' },
  delivery: SP,
  ...over,
});

async function placed(over: Partial<OrderInput> = {}) {
  const r = await placeOrder(input(over));
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.token, r.orderToken));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  const discounts = await db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order.id));
  return { order, payment, discounts, token: r.orderToken };
}

const leve3 = () => createPromotion({ name: 'Leve 3, pague 2', type: 'buy_x_pay_y', scope: 'product', scopeId: cafe, rules: { buy: 3, pay: 2 }, startsAt: null, endsAt: null }, 'dono@example.com');

describe('placeOrder with promotions', () => {
  it('"Leve 3, pague 2", then a coupon on what is left, then the Pix discount: each its own line, the charge their sum', async () => {
    await leve3();
    await createCoupon({ code: 'DEZ', kind: 'fixed', value: 1_000, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: null, onePerDocument: false }, 'dono@example.com');
    const { order, payment, discounts, token } = await placed({ coupon: 'DEZ' });
    // 3 × 39,90 = 119,70 − 39,90 = 79,80 − 10,00 = 69,80 − 5 % (3,49) = 66,31 + frete 20,00
    expect(order).toMatchObject({ itemsCents: 11_970, promotionDiscountCents: 3_990, couponDiscountCents: 1_000, pixDiscountCents: 349, shippingCents: 2_000, totalCents: 8_631 });
    expect(payment.amountCents).toBe(8_631);
    expect(discounts.map((d) => [d.type, d.name, d.amountCents, JSON.parse(d.lineShares)])).toEqual([['buy_x_pay_y', 'Leve 3, pague 2', 3_990, [3_990]]]);
    const view = await orderViewByToken(token);
    expect(view?.money.discounts.map((d) => [d.kind, d.label, d.cents])).toEqual([
      ['promotion', 'Leve 3, pague 2', 3_990],
      ['coupon', 'Cupom DEZ', 1_000],
      ['pix', 'Desconto no Pix (5%)', 349],
    ]);
  });

  it('re-prices at submit when the promotion ended since the page, says what changed, and places at the new price once confirmed', async () => {
    const promo = await leve3();
    const seen = promotionsSeen([{ promotionId: promo.id, name: promo.name, amountCents: 3_990 }]);
    await database().db.update(promotions).set({ endsAt: new Date(Date.now() - 1_000).toISOString() }).where(eq(promotions.id, promo.id));
    const first = input({ promotionsSeen: seen });
    const refused = await placeOrder(first);
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('A promoção "Leve 3, pague 2" terminou (era −R$ 39,90).'), promotionsNow: '[]' });
    expect(await database().db.select().from(orders).where(eq(orders.checkoutKey, first.checkoutKey))).toEqual([]);
    const { order } = await placed({ promotionsSeen: '[]' });
    expect(order).toMatchObject({ promotionDiscountCents: 0, itemsCents: 11_970 });
  });

  it('a promotion that started since the page is said too', async () => {
    await leve3();
    const r = await placeOrder(input({ promotionsSeen: '[]' }));
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('A promoção "Leve 3, pague 2" começou: −R$ 39,90.') });
  });

  it('free shipping by region: SP free, RJ pays; counted as the promotion\'s discount given', async () => {
    const promo = await createPromotion({ name: 'Frete grátis SP', type: 'free_shipping', scope: 'shop', scopeId: null, rules: { minCents: 10_000, ufs: ['SP'], cepRanges: [], options: 'all' }, startsAt: null, endsAt: null }, 'dono@example.com');
    const sp = await placed({ delivery: SP });
    expect(sp.order).toMatchObject({ shippingCents: 0, totalCents: 11_970 - 598 });
    expect(sp.discounts.map((d) => [d.type, d.amountCents])).toEqual([['free_shipping', 2_000]]);
    const rj = await placed({ delivery: RJ, buyer: { name: 'João Souza', document: '111.444.777-35', email: 'joao@example.com' } });
    expect(rj.order.shippingCents).toBe(2_000);
    const below = await placed({ items: [{ productId: cafe, quantity: 2 }], buyer: { name: 'Ana Lima', document: '390.533.447-05', email: 'ana@example.com' } });
    expect(below.order.shippingCents).toBe(2_000);
    await database().db.update(orders).set({ status: 'paid' }).where(eq(orders.id, sp.order.id));
    const row = (await listPromotions()).find((p) => p.id === promo.id);
    expect(row).toMatchObject({ status: 'active', uses: 1, discountCents: 2_000 });
  });

  it('a coupon "Frete grátis" frees the shipping and counts its use', async () => {
    await createCoupon({ code: 'FRETEGRATIS', kind: 'free_shipping', value: 0, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: 5, onePerDocument: false }, 'dono@example.com');
    const { order } = await placed({ coupon: 'FRETEGRATIS', delivery: RJ });
    expect(order).toMatchObject({ shippingCents: 0, couponCode: 'FRETEGRATIS', couponDiscountCents: 0 });
  });

  it('a paused promotion, or one not yet started, does not apply', async () => {
    const p = await leve3();
    await database().db.update(promotions).set({ startsAt: new Date(Date.now() + 3_600_000).toISOString() }).where(eq(promotions.id, p.id));
    expect((await placed()).order.promotionDiscountCents).toBe(0);
    await database().db.update(promotions).set({ startsAt: null, pausedAt: new Date().toISOString() }).where(eq(promotions.id, p.id));
    expect((await placed({ buyer: { name: 'Ana Lima', document: '390.533.447-05', email: 'ana@example.com' } })).order.promotionDiscountCents).toBe(0);
  });
});
