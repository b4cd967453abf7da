import { describe, expect, it } from 'vitest';
import { orderMoney, pixDiscountCents, pixPriceCents } from './pricing';
import { bpsToPercentText, parsePercentToBps } from '@/lib/payment-settings/pix-discount';

describe('pixDiscountCents', () => {
  it('rounds the discounted items half up to the centavo; the discount is what that takes off', () => {
    // 95 % of R$ 94,90 = 90,155 → R$ 90,16 (the issue's own example), so the discount is R$ 4,74
    expect(pixPriceCents(9490, 500)).toBe(9016);
    expect(pixDiscountCents(9490, 500)).toBe(474);
    // 95 % of R$ 94,89 = 90,1455 → 90,15
    expect(pixPriceCents(9489, 500)).toBe(9015);
    // exactly half a centavo goes up: 95 % of R$ 0,30 = 0,285 → 0,29
    expect(pixPriceCents(30, 500)).toBe(29);
    // under half goes down: 95 % of R$ 0,09 = 0,0855 → 0,09 (no discount at all)
    expect(pixDiscountCents(9, 500)).toBe(0);
    // 87,66 % of R$ 1.000,00 = R$ 876,60 exactly
    expect(pixDiscountCents(100000, 1234)).toBe(12340);
    expect(pixDiscountCents(9490, 3000)).toBe(2847);
  });

  it('is computed once on the order, not per line', () => {
    // Two lines of R$ 0,10 at 5 %: each alone 0,095 → 0,10 (no discount); together 0,19 → 1 centavo off.
    expect(pixDiscountCents(10, 500) + pixDiscountCents(10, 500)).toBe(0);
    expect(pixDiscountCents(10 + 10, 500)).toBe(1);
  });

  it('is zero without a rate or items, and exact for the largest totals', () => {
    expect(pixDiscountCents(9490, 0)).toBe(0);
    expect(pixDiscountCents(0, 500)).toBe(0);
    expect(pixDiscountCents(-5, 500)).toBe(0);
    // R$ 99.999.999,99 at 29,99 %: 70.009.999.992,9999… → the product stays a safe integer
    expect(pixDiscountCents(9_999_999_999, 2999)).toBe(2_999_000_000);
  });
});

describe('orderMoney', () => {
  it('discounts only Pix, and stores the rate only when it took something off', () => {
    expect(orderMoney(9490, 'pix', 500)).toEqual({ itemsCents: 9490, promotionDiscountCents: 0, couponDiscountCents: 0, pixDiscountCents: 474, pixDiscountBps: 500, totalCents: 9016 });
    expect(orderMoney(9490, 'boleto', 500)).toEqual({ itemsCents: 9490, promotionDiscountCents: 0, couponDiscountCents: 0, pixDiscountCents: 0, pixDiscountBps: 0, totalCents: 9490 });
    expect(orderMoney(9490, 'pix', 0)).toEqual({ itemsCents: 9490, promotionDiscountCents: 0, couponDiscountCents: 0, pixDiscountCents: 0, pixDiscountBps: 0, totalCents: 9490 });
  });
});

describe('percent text ↔ basis points', () => {
  it.each([
    ['5', 500],
    ['5,25', 525],
    ['5.5', 550],
    [' 30 % ', 3000],
    ['0', 0],
    ['0,01', 1],
  ])('%j → %d', (text, bps) => expect(parsePercentToBps(text)).toBe(bps));

  it('refuses more than two decimals and non-numbers; empty is undefined', () => {
    expect(parsePercentToBps('5,255')).toBeNaN();
    expect(parsePercentToBps('abc')).toBeNaN();
    expect(parsePercentToBps('-5')).toBeNaN();
    expect(parsePercentToBps('')).toBeUndefined();
  });

  it('prints without trailing zeros', () => {
    expect(bpsToPercentText(500)).toBe('5');
    expect(bpsToPercentText(525)).toBe('5,25');
    expect(bpsToPercentText(550)).toBe('5,5');
    expect(bpsToPercentText(1)).toBe('0,01');
    expect(bpsToPercentText(0)).toBe('0');
  });
});
