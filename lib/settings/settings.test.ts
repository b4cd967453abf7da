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
});
