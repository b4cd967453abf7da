/**
 * Money is integer centavos inside the app. The payment API speaks decimal reais
 * (JSON numbers); the conversion lives here and only the API client and the sandbox use it.
 */

export type Cents = number;

/** Largest amount either API accepts, in centavos (Pix: 9,999,999,999.99). */
export const MAX_API_CENTS = 999_999_999_999;

export function assertCents(value: number, what = 'amount'): Cents {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer of centavos`);
  return value;
}

/** Centavos → the API's decimal reais. 1234 → 12.34 (the nearest double prints exactly as 12.34). */
export function centsToReais(cents: Cents): number {
  assertCents(cents);
  if (cents > MAX_API_CENTS) throw new RangeError('amount exceeds what the payment API accepts');
  return cents / 100;
}

/** True when a JSON number has at most two decimal places as written (5, 5.5, 5.05 — not 5.001, not 1e21). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

/** The API's decimal reais → centavos, exactly. Throws on more than two decimals or a non-finite number. */
export function reaisToCents(reais: number): Cents {
  if (!hasAtMostTwoDecimals(reais)) throw new RangeError(`not an amount in reais with at most 2 decimals: ${reais}`);
  const [whole, frac = ''] = String(Math.abs(reais)).split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${reais}`);
  return reais < 0 ? -cents : cents;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 123456 → "R$ 1.234,56" (with a normal space, so text matching stays simple). */
export function formatBRL(cents: Cents): string {
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** Decimal with a comma, no symbol: 123456 → "1234,56" (CSV for Excel pt-BR). */
export function formatDecimalComma(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a person types → centavos: "1.234,56", "1234,56", "1234.56", "R$ 10", "10,5".
 * Returns null when it is not an amount.
 */
export function parseBRLInput(input: string): Cents | null {
  let s = input.replace(/R\$/i, '').replace(/\s/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
