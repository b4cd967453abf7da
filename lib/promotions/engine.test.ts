import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderMoney } from '@/lib/orders/pricing';
import { allocate } from './allocate';
import { applyPromotions, freeShippingFor, withFreeShipping, type PromoLine } from './engine';
import { splitDiscounts } from './line-split';
import type { LivePromotion } from './rules';

const leve3pague2: LivePromotion = { id: 'p1', name: 'Leve 3, pague 2', type: 'buy_x_pay_y', scope: 'shop', scopeId: null, rules: { buy: 3, pay: 2 } };
const progQty: LivePromotion = {
  id: 'p2', name: 'Mais peças, mais desconto', type: 'progressive', scope: 'category', scopeId: 7,
  rules: { basis: 'quantity', kind: 'percent', tiers: [{ min: 2, value: 1000 }, { min: 3, value: 1500 }] },
};
const progSubtotal: LivePromotion = {
  id: 'p3', name: 'R$ 20 off acima de R$ 200', type: 'progressive', scope: 'product', scopeId: 2,
  rules: { basis: 'subtotal', kind: 'fixed', tiers: [{ min: 20_000, value: 2_000 }] },
};
const freteSudeste: LivePromotion = {
  id: 'p4', name: 'Frete grátis Sudeste', type: 'free_shipping', scope: 'shop', scopeId: null,
  rules: { minCents: 19_900, ufs: ['SP', 'RJ', 'MG', 'ES'], cepRanges: [], options: 'cheapest' },
};
const freteCep: LivePromotion = {
  id: 'p5', name: 'Frete grátis Centro', type: 'free_shipping', scope: 'shop', scopeId: null,
  rules: { minCents: 0, ufs: [], cepRanges: [{ from: '70000000', to: '70099999' }], options: 'all' },
};

const line = (productId: number, unitPriceCents: number, quantity: number, categoryIds: number[] = []): PromoLine => ({ productId, unitPriceCents, quantity, categoryIds });

describe('applyPromotions — carts by type', () => {
  it.each([
    ['3 equal units: one free', [line(1, 5_000, 3)], [leve3pague2], [5_000], 5_000],
    ['2 units: no full group', [line(1, 5_000, 2)], [leve3pague2], [0], 0],
    ['the cheapest of each group of 3 is free, across lines', [line(1, 9_000, 2), line(2, 3_000, 1), line(3, 1_000, 3)], [leve3pague2], [0, 3_000, 1_000], 4_000],
    ['6 units: two free', [line(1, 4_990, 6)], [leve3pague2], [9_980], 9_980],
    ['progressive by quantity, 2 units in the category: 10 %', [line(1, 4_990, 2, [7]), line(2, 10_000, 1)], [progQty], [998, 0], 998],
    ['progressive by quantity, 3 units: 15 %, split by line, rest on the last', [line(1, 3_333, 1, [7]), line(2, 3_333, 2, [7])], [progQty], [500, 1_000], 1_500],
    ['progressive by subtotal, fixed, only its product', [line(2, 10_000, 2), line(1, 5_000, 1)], [progSubtotal], [2_000, 0], 2_000],
    ['progressive by subtotal below the tier', [line(2, 9_999, 2)], [progSubtotal], [0], 0],
  ])('%s', (_name, lines, promos, perLine, total) => {
    const r = applyPromotions(lines, promos);
    expect(r.lineDiscounts).toEqual(perLine);
    expect(r.totalCents).toBe(total);
  });

  it('each line takes the promotion that takes the most off it, one per line', () => {
    // Line 1: Leve 3 pague 2 frees one of its 3 units (R$ 50) vs 15 % of R$ 150 (R$ 22,50).
    const r = applyPromotions([line(1, 5_000, 3, [7]), line(2, 1_000, 3, [7])], [leve3pague2, progQty]);
    expect(r.discounts.map((d) => [d.name, d.lineShares])).toEqual([['Leve 3, pague 2', [5_000, 1_000]]]);
    const progFirst = applyPromotions([line(1, 10_000, 1, [7]), line(2, 100, 2, [7])], [leve3pague2, progQty]);
    // Line 1: progressive 15 % (R$ 15 of R$ 100) vs no free unit on it; line 2: one free unit (R$ 1) vs its 15 % share.
    expect(progFirst.discounts.map((d) => d.name)).toEqual(['Leve 3, pague 2', 'Mais peças, mais desconto']);
    expect(progFirst.totalCents).toBe(progFirst.discounts.reduce((s, d) => s + d.amountCents, 0));
  });

  it('then the coupon on what is left, then the Pix discount on what is left after it', () => {
    const lines = [line(1, 5_000, 3)];
    const promo = applyPromotions(lines, [leve3pague2]).totalCents; // R$ 50,00 off R$ 150,00
    const m = orderMoney(15_000, 'pix', 500, 1_000, promo); // R$ 10 coupon, 5 % Pix
    expect(m).toMatchObject({ promotionDiscountCents: 5_000, couponDiscountCents: 1_000, pixDiscountCents: 450, totalCents: 8_550 });
    expect(orderMoney(15_000, 'boleto', 500, 1_000, promo).totalCents).toBe(9_000);
  });
});

describe('free shipping by region and option', () => {
  const cart = (zip: string | null, uf: string | null, net = 20_000) => ({ lines: [line(1, net, 1)], lineNetCents: [net], zip, uf });
  it.each([
    ['SP over the minimum', cart('01310100', 'SP'), true],
    ['RJ over the minimum', cart('20040002', 'RJ'), true],
    ['BA is not in the Sudeste', cart('40010000', 'BA'), false],
    ['no CEP yet: not said free', cart(null, null), false],
    ['a CEP in the range, below no minimum', cart('70040010', 'DF', 1_000), true],
  ])('%s', (_n, c, free) => {
    expect(freeShippingFor([freteSudeste, freteCep], c).free).toBe(free);
  });
  it('says how much is missing for the region', () => {
    expect(freeShippingFor([freteSudeste], cart('01310100', 'SP', 13_890))).toEqual({ free: false, missingCents: 6_010 });
    expect(freeShippingFor([freteSudeste], cart('40010000', 'BA', 13_890))).toEqual({ free: false, missingCents: null });
  });
  it('makes only the cheapest option free, or all', () => {
    const opts = [{ id: 'a', cents: 2_500 }, { id: 'b', cents: 1_800 }];
    expect(withFreeShipping(opts, 'cheapest').map((o) => o.cents)).toEqual([2_500, 0]);
    expect(withFreeShipping(opts, 'all').map((o) => o.cents)).toEqual([0, 0]);
  });
});

const arbLines = fc.array(fc.record({ productId: fc.integer({ min: 1, max: 4 }), unitPriceCents: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 9 }), categoryIds: fc.constant([7]) }), { minLength: 1, maxLength: 6 });
const arbPromos = fc.subarray([leve3pague2, progQty, progSubtotal, { ...leve3pague2, id: 'p6', rules: { buy: 2, pay: 1 } } as LivePromotion]);

describe('rounding and refund splits (property-based)', () => {
  it('allocate: shares sum to the amount, none negative, none above its weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1_000_000 }), (weights, amount) => {
        const shares = allocate(amount, weights);
        const total = weights.reduce((s, w) => s + w, 0);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(Math.min(amount, total));
        shares.forEach((s, i) => expect(s >= 0 && s <= weights[i]).toBe(true));
      }),
    );
  });

  it('promotions, coupon and Pix: lines sum to the total, no line negative, total never below zero', () => {
    fc.assert(
      fc.property(arbLines, arbPromos, fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 2_000 }), (lines, promos, couponFixed, pixBps) => {
        const r = applyPromotions(lines, promos);
        const items = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
        r.lineDiscounts.forEach((d, i) => expect(d).toBeLessThanOrEqual(lines[i].unitPriceCents * lines[i].quantity));
        const m = orderMoney(items, 'pix', pixBps, couponFixed, r.totalCents);
        expect(m.totalCents).toBeGreaterThanOrEqual(0);
        expect(m.itemsCents - m.promotionDiscountCents - m.couponDiscountCents - m.pixDiscountCents).toBe(m.totalCents);
        const split = splitDiscounts({ lineTotals: lines.map((l) => l.unitPriceCents * l.quantity), promotionShares: r.discounts.map((d) => d.lineShares), couponCents: m.couponDiscountCents, pixCents: m.pixDiscountCents });
        expect(split.reduce((s, l) => s + l.netCents, 0)).toBe(m.totalCents);
        expect(split.reduce((s, l) => s + l.couponCents, 0)).toBe(m.couponDiscountCents);
        expect(split.reduce((s, l) => s + l.pixCents, 0)).toBe(m.pixDiscountCents);
        split.forEach((l) => expect(l.netCents).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it('a line refund is the same every time for the same order', () => {
    const o = { lineTotals: [3_333, 3_333, 3_334], promotionShares: [[0, 0, 3_334]], couponCents: 1_001, pixCents: 250 };
    expect(splitDiscounts(o)).toEqual(splitDiscounts(o));
    // The coupon's odd centavo and the Pix's go to the last line that can take them (the third is already free).
    expect(splitDiscounts(o).map((l) => l.netCents)).toEqual([2_708, 2_707, 0]);
  });
});
