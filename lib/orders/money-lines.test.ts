import { describe, expect, it } from 'vitest';
import { discountCents, orderMoneyLines } from './money-lines';

const items = [{ name: 'Café', quantity: 2, unitPriceCents: 4745, lineTotalCents: 9490 }];

describe('orderMoneyLines', () => {
  it('shows the Pix discount as its own line, with its rate', () => {
    expect(orderMoneyLines({ totalCents: 9016, refundedCents: 0, pixDiscountCents: 474, pixDiscountBps: 500 }, items)).toEqual({
      items,
      itemsCents: 9490,
      discounts: [{ kind: 'pix', label: 'Desconto no Pix (5%)', cents: 474 }],
      shipping: null,
      adjustments: [{ label: 'Desconto no Pix (5%)', cents: -474 }],
      totalCents: 9016,
      refundedCents: 0,
    });
  });
  it('has no adjustment without a discount, and shows what the lines do not explain', () => {
    expect(orderMoneyLines({ totalCents: 9490, refundedCents: 0, pixDiscountCents: 0, pixDiscountBps: 0 }, items).adjustments).toEqual([]);
    expect(orderMoneyLines({ totalCents: 9500, refundedCents: 0 }, items).adjustments).toEqual([{ label: 'Ajustes', cents: 10 }]);
  });
  it('shows shipping as its own line (free shipping too), after the discount', () => {
    expect(orderMoneyLines({ totalCents: 10516, refundedCents: 0, pixDiscountCents: 474, pixDiscountBps: 500, shippingMethod: 'delivery', shippingCents: 1500 }, items).adjustments).toEqual([
      { label: 'Desconto no Pix (5%)', cents: -474 },
      { label: 'Frete', cents: 1500 },
    ]);
    expect(orderMoneyLines({ totalCents: 9490, refundedCents: 0, shippingMethod: 'delivery', shippingCents: 0 }, items).adjustments).toEqual([{ label: 'Frete grátis', cents: 0 }]);
    expect(orderMoneyLines({ totalCents: 9490, refundedCents: 0, shippingMethod: 'pickup', shippingCents: 0 }, items).adjustments).toEqual([]);
  });
  it('gives the pages shipping apart (pickup too) and the stored items subtotal; the CSV needs no items', () => {
    const m = orderMoneyLines({ totalCents: 9490, refundedCents: 0, itemsCents: 9490, shippingMethod: 'pickup', shippingCents: 0 }, items);
    expect(m.shipping).toEqual({ method: 'pickup', cents: 0 });
    const csv = orderMoneyLines({ totalCents: 10516, refundedCents: 0, itemsCents: 9490, pixDiscountCents: 474, pixDiscountBps: 500, shippingMethod: 'delivery', shippingCents: 1500 }, []);
    expect(csv.itemsCents).toBe(9490);
    expect(discountCents(csv, 'pix')).toBe(474);
    expect(csv.adjustments.map((a) => a.label)).toEqual(['Desconto no Pix (5%)', 'Frete']);
  });
});

describe('orderMoneyLines with a coupon', () => {
  it('shows the coupon as its own line, before the Pix discount', () => {
    const m = orderMoneyLines({ totalCents: 8068, refundedCents: 0, couponCode: 'VERAO10', couponDiscountCents: 949, pixDiscountCents: 473, pixDiscountBps: 500 }, items);
    expect(m.discounts).toEqual([
      { kind: 'coupon', label: 'Cupom VERAO10', cents: 949 },
      { kind: 'pix', label: 'Desconto no Pix (5%)', cents: 473 },
    ]);
    expect(m.adjustments).toEqual([
      { label: 'Cupom VERAO10', cents: -949 },
      { label: 'Desconto no Pix (5%)', cents: -473 },
    ]);
    expect(discountCents(m, 'coupon')).toBe(949);
  });
});
