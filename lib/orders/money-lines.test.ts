import { describe, expect, it } from 'vitest';
import { orderMoneyLines } from './money-lines';

const items = [{ name: 'Café', quantity: 2, unitPriceCents: 4745, lineTotalCents: 9490 }];

describe('orderMoneyLines', () => {
  it('shows the Pix discount as its own line, with its rate', () => {
    expect(orderMoneyLines({ totalCents: 9016, refundedCents: 0, pixDiscountCents: 474, pixDiscountBps: 500 }, items)).toEqual({
      items,
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
});
