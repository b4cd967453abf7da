import { describe, expect, it } from 'vitest';
import { UF_CODES } from '@balcao/br/uf';
import { DEFAULT_SHIPPING_RULES, NO_DELIVERY_MESSAGE, quoteShipping, type ShippingRules } from './quote';
import { regionOf, REGIONS, UFS_BY_REGION } from './regions';

const rules: ShippingRules = {
  nationalCents: 3500,
  regionCents: { Sudeste: 1500, Sul: 1800, Nordeste: 2500 },
  ufCents: { SP: 990, RJ: 0 },
  freeAboveCents: 20000,
  pickup: { enabled: true, address: 'Rua Augusta, 100 — São Paulo/SP' },
};

describe('regions', () => {
  it('put each of the 27 UFs in exactly one region', () => {
    const all = REGIONS.flatMap((r) => UFS_BY_REGION[r]);
    expect(all).toHaveLength(27);
    expect(new Set(all)).toEqual(new Set(UF_CODES));
    expect(regionOf('AM')).toBe('Norte');
    expect(regionOf('DF')).toBe('Centro-Oeste');
  });
});

describe('quoteShipping', () => {
  it('takes the UF rate over the region rate over the national rate', () => {
    expect(quoteShipping(rules, { kind: 'delivery', state: 'SP' }, 5000)).toEqual({ ok: true, kind: 'delivery', cents: 990, freeByThreshold: false, basis: 'uf' });
    expect(quoteShipping(rules, { kind: 'delivery', state: 'MG' }, 5000)).toMatchObject({ cents: 1500, basis: 'region' });
    expect(quoteShipping(rules, { kind: 'delivery', state: 'BA' }, 5000)).toMatchObject({ cents: 2500, basis: 'region' });
    expect(quoteShipping(rules, { kind: 'delivery', state: 'AM' }, 5000)).toMatchObject({ cents: 3500, basis: 'national' });
    // A UF rate of zero is a free UF, not "no rate".
    expect(quoteShipping(rules, { kind: 'delivery', state: 'RJ' }, 5000)).toMatchObject({ cents: 0, basis: 'uf', freeByThreshold: false });
  });

  it('is free from the threshold on (the items subtotal, inclusive), and charged one centavo below it', () => {
    expect(quoteShipping(rules, { kind: 'delivery', state: 'MG' }, 19999)).toMatchObject({ cents: 1500, freeByThreshold: false });
    expect(quoteShipping(rules, { kind: 'delivery', state: 'MG' }, 20000)).toMatchObject({ cents: 0, freeByThreshold: true });
    expect(quoteShipping({ ...rules, freeAboveCents: null }, { kind: 'delivery', state: 'MG' }, 10_000_000)).toMatchObject({ cents: 1500 });
  });

  it('does not deliver where no rate applies, and says whether pickup is the way out', () => {
    const noNational = { ...rules, nationalCents: null };
    expect(quoteShipping(noNational, { kind: 'delivery', state: 'AM' }, 5000)).toEqual({ ok: false, reason: 'no-delivery', message: NO_DELIVERY_MESSAGE });
    expect(quoteShipping({ ...noNational, pickup: { enabled: false, address: '' } }, { kind: 'delivery', state: 'AM' }, 5000)).toMatchObject({
      ok: false,
      message: 'A loja não entrega nesse estado.',
    });
  });

  it('pickup costs nothing and shows the address, only when offered', () => {
    expect(quoteShipping(rules, { kind: 'pickup' }, 5000)).toEqual({ ok: true, kind: 'pickup', cents: 0, address: 'Rua Augusta, 100 — São Paulo/SP' });
    expect(quoteShipping(DEFAULT_SHIPPING_RULES, { kind: 'pickup' }, 5000)).toMatchObject({ ok: false, reason: 'no-pickup' });
  });

  it('a new shop delivers everywhere for free', () => {
    for (const uf of UF_CODES) expect(quoteShipping(DEFAULT_SHIPPING_RULES, { kind: 'delivery', state: uf }, 500)).toMatchObject({ ok: true, cents: 0 });
  });

  it('refuses a subtotal that is not integer centavos', () => {
    expect(() => quoteShipping(rules, { kind: 'pickup' }, 10.5)).toThrow(RangeError);
    expect(() => quoteShipping(rules, { kind: 'pickup' }, -1)).toThrow(RangeError);
  });
});
