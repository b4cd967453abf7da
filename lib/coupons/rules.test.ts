import { describe, expect, it } from 'vitest';
import type { Coupon } from '@/db/schema';
import { checkCoupon, normalizeCouponCode } from './rules';
import { parseCouponForm, parsePercentInput } from './coupon-form';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 'c1',
  code: 'VERAO10',
  kind: 'percent',
  value: 1000,
  minSubtotalCents: 0,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  usesCount: 0,
  onePerDocument: false,
  disabledAt: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const at = { itemsCents: 10000, today: '2026-03-10' };

describe('checkCoupon', () => {
  it('says why a code does not apply', () => {
    expect(checkCoupon(undefined, at)).toMatchObject({ ok: false, message: 'Cupom inválido' });
    expect(checkCoupon(coupon({ disabledAt: 'x' }), at)).toMatchObject({ ok: false, message: 'Cupom inválido' });
    expect(checkCoupon(coupon({ endsOn: '2026-03-09' }), at)).toMatchObject({ ok: false, message: 'Cupom expirado' });
    expect(checkCoupon(coupon({ startsOn: '2026-03-11' }), at)).toMatchObject({ ok: false, message: 'Cupom válido a partir de 11/03/2026' });
    expect(checkCoupon(coupon({ maxUses: 1, usesCount: 1 }), at)).toMatchObject({ ok: false, message: 'Cupom esgotado' });
    const min = checkCoupon(coupon({ minSubtotalCents: 15000 }), at);
    expect(min.ok).toBe(false);
    if (!min.ok) expect(min.message.replace(/\s/g, ' ')).toBe('Pedido mínimo R$ 150,00');
  });
  it('applies on its first and last day, and at the minimum', () => {
    expect(checkCoupon(coupon({ startsOn: '2026-03-10', endsOn: '2026-03-10', minSubtotalCents: 10000, maxUses: 2, usesCount: 1 }), at).ok).toBe(true);
  });
  it('compares codes case-insensitively', () => expect(normalizeCouponCode('  verao10 ')).toBe('VERAO10'));
});

describe('parseCouponForm', () => {
  const form = (v: Record<string, string>) => ({ get: (k: string) => v[k] ?? '' });
  it('reads a percentage in basis points and a fixed value in centavos', () => {
    expect(parsePercentInput('7,5')).toBe(750);
    expect(parseCouponForm(form({ code: 'verao10', kind: 'percent', value: '10', maxUses: '5', onePerDocument: 'on' }))).toEqual({
      ok: true,
      value: { code: 'VERAO10', kind: 'percent', value: 1000, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: 5, onePerDocument: true },
    });
    expect(parseCouponForm(form({ code: 'FRETE', kind: 'fixed', value: '15,00', minSubtotal: '100,00', endsOn: '31/12/2026' }))).toMatchObject({
      ok: true,
      value: { kind: 'fixed', value: 1500, minSubtotalCents: 10000, endsOn: '2026-12-31' },
    });
  });
  it('puts each error on its field', () => {
    const r = parseCouponForm(form({ code: 'a b', kind: 'percent', value: '150', startsOn: '2026-05-01', endsOn: '2026-04-01', maxUses: '0' }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fieldErrors).sort()).toEqual(['code', 'endsOn', 'maxUses', 'value']);
  });
});
