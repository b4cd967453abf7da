/**
 * The settings form → PaymentSettings, validated by lib/payment-settings settingsSchema (the API's
 * limits), with each error on its field. Numbers are typed the Brazilian way ("0,1"). Pure.
 */
import { parsePercentToBps } from '@/lib/payment-settings/pix-discount';
import { settingsSchema, type PaymentSettings } from '@/lib/payment-settings/settings';
import { typedValues } from '@/lib/forms/typed-values';

const NUMBER_FIELDS = ['boletoFinePercent', 'boletoInterestPercent', 'boletoGraceDays', 'boletoDueDays', 'pixExpirationDays', 'pixDiscountBps', 'stockHoldMinutes'] as const;
/** The numbers, then the checkout's switch "Exigir celular (WhatsApp)" (a checkbox: "on" when ticked). */
export const SETTINGS_FIELDS = [...NUMBER_FIELDS, 'requireBuyerPhone'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type NumberSettingsField = (typeof NUMBER_FIELDS)[number];
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;
export type SettingsParse = { ok: true; value: PaymentSettings } | { ok: false; fieldErrors: SettingsFieldErrors; values: Record<SettingsField, string> };

const PERCENT_FIELDS = new Set<SettingsField>(['boletoFinePercent', 'boletoInterestPercent']);

/** "0,1" / "0.1" / "2" → number; "" → undefined (missing); anything else → NaN. */
export function parseDecimalInput(text: string): number | undefined {
  const s = text.trim().replace(/\s|%/g, '');
  if (!s) return undefined;
  if (!/^\d+([.,]\d+)?$/.test(s)) return NaN;
  return Number(s.replace(',', '.'));
}

export function parseSettingsForm(form: { get(name: string): unknown }): SettingsParse {
  const values = typedValues(form, SETTINGS_FIELDS, { trim: true });
  const fieldErrors: SettingsFieldErrors = {};
  const numbers: Partial<Record<NumberSettingsField, number>> = {};
  for (const f of NUMBER_FIELDS) {
    if (f === 'pixDiscountBps') {
      // Typed as a percentage with up to two decimals ("5,25"), stored exactly as basis points.
      const bps = parsePercentToBps(values[f]);
      if (bps !== undefined && Number.isNaN(bps)) fieldErrors[f] = 'Use um número com até 2 casas decimais, por exemplo 5 ou 5,25.';
      else numbers[f] = bps ?? 0;
      continue;
    }
    const n = parseDecimalInput(values[f]);
    if (n !== undefined && Number.isNaN(n)) fieldErrors[f] = PERCENT_FIELDS.has(f) ? 'Use um número, por exemplo 2 ou 0,1.' : f === 'stockHoldMinutes' ? 'Use um número inteiro de minutos.' : 'Use um número inteiro de dias.';
    else if (n !== undefined) numbers[f] = n;
  }
  const parsed = settingsSchema.safeParse({ ...numbers, requireBuyerPhone: values.requireBuyerPhone === 'on' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = issue.path[0] as SettingsField;
      if (SETTINGS_FIELDS.includes(f) && !fieldErrors[f]) fieldErrors[f] = issue.message;
    }
  }
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) return { ok: false, fieldErrors, values };
  return { ok: true, value: parsed.data };
}

/** A stored setting as the form shows it: 0.1 → "0,1". */
export function settingInputText(n: number): string {
  return String(n).replace('.', ',');
}
