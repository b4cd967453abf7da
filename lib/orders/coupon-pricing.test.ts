import { describe, expect, it } from 'vitest';
import { chargeCents, COUPON_MINIMUM_MESSAGE, couponDiscountCents, orderMoney, priceLinkOrder, priceOrder, type PricingProduct } from './pricing';

describe('couponDiscountCents', () => {
  it('a percentage rounds the discounted items half up, like the Pix discount', () => {
    // 9490 at 10 %: 8541 exactly; 9495 at 10 %: 8545.5 → 8546, the discount 949.
    expect(couponDiscountCents(9490, { kind: 'percent', value: 1000 })).toBe(949);
    expect(couponDiscountCents(9495, { kind: 'percent', value: 1000 })).toBe(949);
    expect(couponDiscountCents(9491, { kind: 'percent', value: 1000 })).toBe(949);
  });
  it('a fixed value takes off at most the items, never below zero', () => {
    expect(couponDiscountCents(9490, { kind: 'fixed', value: 1500 })).toBe(1500);
    expect(couponDiscountCents(1000, { kind: 'fixed', value: 1500 })).toBe(1000);
    expect(couponDiscountCents(1000, { kind: 'percent', value: 20000 })).toBe(1000);
    expect(couponDiscountCents(1000, null)).toBe(0);
    expect(couponDiscountCents(1000, { kind: 'fixed', value: -5 })).toBe(0);
  });
});

describe('orderMoney with a coupon', () => {
  it('applies the coupon first and the Pix discount to what is left', () => {
    // R$ 100,00, coupon R$ 10,00 → 9000; Pix 5 % of 9000 = 450 → 8550.
    expect(orderMoney(10000, 'pix', 500, 1000)).toEqual({ itemsCents: 10000, promotionDiscountCents: 0, couponDiscountCents: 1000, pixDiscountCents: 450, pixDiscountBps: 500, totalCents: 8550 });
    expect(orderMoney(10000, 'boleto', 500, 1000)).toEqual({ itemsCents: 10000, promotionDiscountCents: 0, couponDiscountCents: 1000, pixDiscountCents: 0, pixDiscountBps: 0, totalCents: 9000 });
  });
  it('shipping is never discounted', () => {
    const m = orderMoney(10000, 'pix', 500, 1000);
    expect(chargeCents({ ...m, shippingCents: 1990 })).toBe(8550 + 1990);
  });
});

describe('priceOrder and priceLinkOrder with a coupon', () => {
  const catalog: PricingProduct[] = [{ id: 1, name: 'Bolo', priceCents: 6000, stock: null }];
  it('prices the coupon on the items', () => {
    const r = priceOrder([{ productId: 1, quantity: 1 }], catalog, 'pix', { pixDiscountBps: 1000, coupon: { kind: 'percent', value: 1000 } });
    expect(r).toMatchObject({ ok: true, itemsCents: 6000, couponDiscountCents: 600, pixDiscountCents: 540, totalCents: 4860 });
  });
  it('refuses a total the coupon takes below the minimum', () => {
    const r = priceOrder([{ productId: 1, quantity: 1 }], catalog, 'boleto', { coupon: { kind: 'fixed', value: 5800 } });
    expect(r).toEqual({ ok: false, message: COUPON_MINIMUM_MESSAGE });
  });
  it('a link takes the coupon on its amount', () => {
    const r = priceLinkOrder({ title: 'Aula', amountCents: 10000, minAmountCents: null, methods: 'both' }, undefined, 'boleto', { coupon: { kind: 'fixed', value: 2500 } });
    expect(r).toMatchObject({ ok: true, couponDiscountCents: 2500, totalCents: 7500 });
  });
});
