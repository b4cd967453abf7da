/**
 * Correios S10 (UPU) object codes: two letters, eight digits, a check digit, "BR". The check
 * digit: weights 8 6 4 2 3 5 9 7 over the eight digits, r = 11 − (sum mod 11); 10 → 0, 11 → 5.
 */
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new RangeError('an S10 serial is eight digits');
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0);
  const r = 11 - (sum % 11);
  return r === 10 ? 0 : r === 11 ? 5 : r;
}

export function s10Code(prefix: string, serialNumber: number): string {
  const serial = String(serialNumber % 100_000_000).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}BR`;
}

export function isValidS10(code: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(code);
  return !!m && s10CheckDigit(m[1]) === Number(m[2]);
}
