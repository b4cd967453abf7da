import { beforeAll, describe, expect, it } from 'vitest';
import { ensureMigrated } from '@/db';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from './quote';
import { getShippingRules, rulesOf, saveShippingRules } from './settings';
import { parseShippingForm, shippingFormValues } from './settings-form';

const rules: ShippingRules = {
  nationalCents: 3500,
  regionCents: { Sudeste: 1500, Norte: 4200 },
  ufCents: { SP: 990 },
  freeAboveCents: 20000,
  pickup: { enabled: true, address: 'Rua Augusta, 100 — Consolação, São Paulo/SP' },
};

describe('shipping rules in the database', () => {
  beforeAll(() => ensureMigrated());

  it('a shop without rules delivers for free and has no pickup', async () => {
    expect(await getShippingRules()).toEqual(DEFAULT_SHIPPING_RULES);
  });

  it('saves and reads back the rules (twice: the second save updates the one row)', async () => {
    await saveShippingRules({ ...rules, nationalCents: null });
    await saveShippingRules(rules);
    expect(await getShippingRules()).toEqual(rules);
  });

  it('a damaged rate map reads as no rates there, never as a wrong price', () => {
    const row = { id: 1, nationalCents: 100, regionCents: '{oops', ufCents: '{"SP": -5, "XX": 10, "RJ": 1.5, "MG": 700}', freeAboveCents: null, pickupEnabled: false, pickupAddress: '', updatedAt: '', ...CARRIER_COLUMNS };
    expect(rulesOf(row)).toMatchObject({ regionCents: {}, ufCents: { MG: 700 } });
  });
});

const CARRIER_COLUMNS = { carrierEnabled: false, carrierTokenSealed: null, carrierEnvironment: 'sandbox' as const, carrierOriginZip: '', carrierServices: '1,2', handlingDays: 0, carrierAdjustKind: 'none' as const, carrierAdjustValue: 0 };

describe('the Entrega form', () => {
  it('round-trips the rules through what the form shows', () => {
    const parsed = parseShippingForm(shippingFormValues(rules));
    expect(parsed).toEqual({ ok: true, rules });
  });

  it('blank means no rate (or never free); money as a Brazilian types it', () => {
    const parsed = parseShippingForm({ national: '', region_Sul: 'R$ 1.234,5', uf_AM: '0', freeAbove: '' });
    expect(parsed).toEqual({
      ok: true,
      rules: { nationalCents: null, regionCents: { Sul: 123450 }, ufCents: { AM: 0 }, freeAboveCents: null, pickup: { enabled: false, address: '' } },
    });
  });

  it('each bad field gets its own Portuguese message and the typed values come back', () => {
    const parsed = parseShippingForm({ national: '12,345', uf_SP: 'abc', freeAbove: '100000,00', pickupEnabled: 'on', pickupAddress: '  ' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      national: 'Frete para todo o Brasil: informe um valor em reais, como 15,90.',
      uf_SP: 'Frete para SP: informe um valor em reais, como 15,90.',
      freeAbove: 'Frete grátis a partir de: no máximo R$ 99.999,99.',
      pickupAddress: 'Informe o endereço de retirada: ele aparece para o comprador.',
    });
    expect(parsed.values.uf_SP).toBe('abc');
  });
});
