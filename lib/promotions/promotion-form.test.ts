import { describe, expect, it } from 'vitest';
import { parsePromotionForm, parseRegions, saoPauloInstant } from './promotion-form';

const form = (v: Record<string, string>) => new Map(Object.entries(v));

describe('Nova promoção', () => {
  it('"Leve 3, pague 2" on a product, with its period in São Paulo time', () => {
    expect(parsePromotionForm(form({ name: ' Leve 3,  pague 2 ', type: 'buy_x_pay_y', scope: 'product', productId: '7', buy: '3', pay: '2', startsAt: '2026-12-06T09:00', endsAt: '2026-12-31T23:59' }))).toEqual({
      ok: true,
      value: { name: 'Leve 3, pague 2', type: 'buy_x_pay_y', scope: 'product', scopeId: 7, rules: { buy: 3, pay: 2 }, startsAt: '2026-12-06T12:00:00.000Z', endsAt: '2027-01-01T02:59:00.000Z' },
    });
  });

  it('progressive tiers by quantity in %, and by subtotal in R$', () => {
    const q = parsePromotionForm(form({ name: 'Mais é menos', type: 'progressive', scope: 'shop', basis: 'quantity', tierKind: 'percent', tier1Min: '2', tier1Value: '10', tier2Min: '3', tier2Value: '7,5' }));
    expect(q).toMatchObject({ ok: true, value: { rules: { basis: 'quantity', kind: 'percent', tiers: [{ min: 2, value: 1000 }, { min: 3, value: 750 }] } } });
    const s = parsePromotionForm(form({ name: 'R$ 20 off', type: 'progressive', scope: 'shop', basis: 'subtotal', tierKind: 'fixed', tier1Min: '200,00', tier1Value: '20,00' }));
    expect(s).toMatchObject({ ok: true, value: { rules: { basis: 'subtotal', kind: 'fixed', tiers: [{ min: 20000, value: 2000 }] } } });
  });

  it('free shipping with UFs and CEP ranges', () => {
    expect(parseRegions('SP, rj; 70000-000 a 70099-999')).toEqual({ ufs: ['SP', 'RJ'], cepRanges: [{ from: '70000000', to: '70099999' }] });
    expect(parseRegions('XX')).toEqual({ bad: 'XX' });
    const r = parsePromotionForm(form({ name: 'Frete grátis Sudeste', type: 'free_shipping', scope: 'shop', minOrder: '199,00', regions: 'SP, RJ, MG, ES', options: 'cheapest' }));
    expect(r).toMatchObject({ ok: true, value: { rules: { minCents: 19900, ufs: ['SP', 'RJ', 'MG', 'ES'], cepRanges: [], options: 'cheapest' } } });
  });

  it('says what is wrong next to each field', () => {
    const r = parsePromotionForm(form({ name: '', type: 'buy_x_pay_y', scope: 'category', buy: '3', pay: '3', endsAt: '2026-01-01T00:00', startsAt: '2026-02-01T00:00' }));
    expect(r).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String), categoryId: 'Escolha a categoria.', pay: expect.any(String), endsAt: 'O fim deve vir depois do início.' } });
    expect(saoPauloInstant('06/12/2026')).toBeNull();
  });
});
