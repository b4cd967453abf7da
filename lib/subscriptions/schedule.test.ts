import { describe, expect, it } from 'vitest';
import { afterUnpaid, createOn, cycleDate, cycleIsPaused, monthlyCents, subscriptionUnitCents, unitPriceForCycle } from './schedule';
import { cycleCheckoutKey } from './keys';

describe('the schedule', () => {
  it('a monthly subscription started on the 31st falls back to each month’s last day, and back to the 31st', () => {
    const dates = [0, 1, 2, 3, 4, 12, 13].map((n) => cycleDate('2027-01-31', 31, 1, n));
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2028-01-31', '2028-02-29']);
  });

  it('every 2 and 3 months keeps its day, across the year', () => {
    expect([0, 1, 2, 3].map((n) => cycleDate('2026-11-30', 30, 3, n))).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
    expect([1, 6].map((n) => cycleDate('2026-12-15', 15, 2, n))).toEqual(['2027-02-15', '2027-12-15']);
  });

  it('creates a cycle’s charge "Dias de antecedência" before its date: 1 for Pix, 3 for boleto', () => {
    expect(createOn('2027-03-01', 'pix')).toBe('2027-02-28');
    expect(createOn('2027-03-01', 'boleto')).toBe('2027-02-26');
  });

  it('a pause or a skip covers the cycles before its end; a confirmed price applies from its cycle', () => {
    expect([3, 4, 5].map((n) => cycleIsPaused({ pausedUntilCycle: 5 }, n))).toEqual([true, true, false]);
    expect(cycleIsPaused({ pausedUntilCycle: null }, 1)).toBe(false);
    const s = { unitPriceCents: 5990, newUnitPriceCents: 6490, newPriceFromCycle: 4 };
    expect([3, 4, 9].map((n) => unitPriceForCycle(s, n))).toEqual([5990, 6490, 6490]);
  });

  it('suspends on the third unpaid cycle in a row', () => {
    expect(afterUnpaid(0)).toEqual({ unpaidInRow: 1, suspend: false });
    expect(afterUnpaid(1)).toEqual({ unpaidInRow: 2, suspend: false });
    expect(afterUnpaid(2)).toEqual({ unpaidInRow: 3, suspend: true });
  });

  it('money: the discount and a month’s share round half up to the centavo', () => {
    expect(subscriptionUnitCents(5990, 1000)).toBe(5391);
    expect(subscriptionUnitCents(6655, 1250)).toBe(5823); // 831.875 → 832
    expect(monthlyCents(8990, 3)).toBe(2997);
    expect(monthlyCents(5990, 1)).toBe(5990);
  });

  it('a cycle’s checkout key is a stable UUID of its subscription and cycle', () => {
    const k = cycleCheckoutKey('sub-1', 3);
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cycleCheckoutKey('sub-1', 3)).toBe(k);
    expect(cycleCheckoutKey('sub-1', 4)).not.toBe(k);
  });
});
