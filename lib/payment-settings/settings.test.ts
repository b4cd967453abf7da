import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsSchema } from './settings';

describe('settings limits (the API\'s)', () => {
  it('accepts the defaults and up to 3 decimals in percentages', () => {
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    for (const fine of [2.01, 1.005, 0.1, 100, 0.125]) {
      expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, boletoFinePercent: fine }).success).toBe(true);
    }
  });
  it('refuses what the API would refuse, in Portuguese', () => {
    const r = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, boletoInterestPercent: 0.05, boletoGraceDays: 31 });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('Os juros devem ser de pelo menos 0,1%.');
    expect(messages).toContain('A tolerância deve ser de no máximo 30 dias.');
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, boletoFinePercent: 1.0005 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, pixExpirationDays: 0 }).success).toBe(false);
  });
  it('the checkout asks for the phone without requiring it unless the merchant says so', () => {
    expect(DEFAULT_SETTINGS.requireBuyerPhone).toBe(false);
    const { requireBuyerPhone: _omitted, ...older } = DEFAULT_SETTINGS;
    expect(settingsSchema.parse(older).requireBuyerPhone).toBe(false);
    expect(settingsSchema.parse({ ...DEFAULT_SETTINGS, requireBuyerPhone: true }).requireBuyerPhone).toBe(true);
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, requireBuyerPhone: 'on' }).success).toBe(false);
  });
});
