import { describe, expect, it } from 'vitest';
import { bpsToPercentText, parsePercentToBps, pixDiscountCents, pixPriceCents } from './pix-discount';

describe('pixDiscountCents', () => {
  it('is the percentage of the items, rounded half up to the centavo', () => {
    // 5 % of R$ 94,90 = 4,745 → 4,75 (half up), so the Pix price is R$ 90,15
    expect(pixDiscountCents(9490, 500)).toBe(475);
    expect(pixPriceCents(9490, 500)).toBe(9015);
    // 5 % of R$ 94,89 = 4,7445 → 4,74
    expect(pixDiscountCents(9489, 500)).toBe(474);
    // 5 % of R$ 0,10 = 0,005 → 0,01 (exactly half goes up)
    expect(pixDiscountCents(10, 500)).toBe(1);
    // 5 % of R$ 0,09 = 0,0045 → 0,00
    expect(pixDiscountCents(9, 500)).toBe(0);
    // 12,34 % of R$ 1.000,00 = 123,40
    expect(pixDiscountCents(100000, 1234)).toBe(12340);
    expect(pixDiscountCents(9490, 3000)).toBe(2847);
  });

  it('is computed once on the order, not per line', () => {
    // Two lines of R$ 0,10 at 5 %: per line 0,005 → 0,01 each = 0,02; per order 0,01.
    expect(pixDiscountCents(10 + 10, 500)).toBe(1);
  });

  it('is zero without a rate or items, and never uses floats for large totals', () => {
    expect(pixDiscountCents(9490, 0)).toBe(0);
    expect(pixDiscountCents(0, 500)).toBe(0);
    expect(pixDiscountCents(-5, 500)).toBe(0);
    expect(pixDiscountCents(9_999_999_999, 2999)).toBe(2_998_999_999 + 1); // 2.998.999.999,7001 → half up
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
