/**
 * Boleto de cobrança (FEBRABAN / Carta-Circular BCB 2.926): the 44-digit barcode, the
 * 47-digit digitable line ("linha digitável"), their check digits, the due factor and the
 * Interleaved 2 of 5 bars that draw the barcode. Pure and browser-safe.
 *
 * Barcode (44):  bank(3) currency "9"(1) DV(1) factor(4) amount(10, centavos) free field(25)
 * Line (47):     bank+currency+free[0..5) DV10 · free[5..15) DV10 · free[15..25) DV10 · DV · factor+amount
 */

import { saoPauloDate } from './dates';

/** Day 0 of the due factor (factor 1000 = 2000-07-03). */
const FACTOR_BASE = '1997-10-07';
/** 2025-02-21 was factor 9999; 2025-02-22 restarted at 1000, and each cycle has 9000 days. */
const FACTOR_CYCLE = 9000;
/** Largest amount the 10-digit amount field holds: R$ 99.999.999,99. */
export const MAX_BOLETO_CENTS = 9_999_999_999;

export type BoletoBarcodeInput = {
  bankCode: string;
  amountCents: number;
  dueDate: string;
  freeField: string;
};

function dayNumber(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [y, m, d] = date.split('-').map(Number);
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return Math.round(t / 86_400_000);
}

function dateOfDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

const BASE_DAY = dayNumber(FACTOR_BASE);

/** Due factor of a YYYY-MM-DD date: days since 1997-10-07, restarting at 1000 after 9999 (2025-02-22 → "1000"). */
export function dueFactor(date: string): string {
  const days = dayNumber(date) - BASE_DAY;
  if (days < 1000) throw new RangeError('due dates before 2000-07-03 have no 4-digit due factor');
  return String(((days - 1000) % FACTOR_CYCLE) + 1000);
}

/**
 * The due date a factor stands for. A factor recurs every 9000 days, so the candidate nearest
 * to `near` (YYYY-MM-DD; default: today in São Paulo) is chosen. "0000" (no due date) and anything
 * that is not 4 digits from 1000 to 9999 throw RangeError.
 */
export function dueDateFromFactor(factor: string, near?: string): string {
  if (!/^\d{4}$/.test(factor) || Number(factor) < 1000) throw new RangeError(`not a due factor: ${factor}`);
  const f = Number(factor);
  const ref = dayNumber(near ?? saoPauloDate());
  const first = BASE_DAY + f;
  const k = Math.max(0, Math.round((ref - first) / FACTOR_CYCLE));
  return dateOfDayNumber(first + k * FACTOR_CYCLE);
}

/** Módulo 11 general check digit of the 43 other barcode digits (weights 2..9 from the right; 0, 10, 11 → 1). */
export function barcodeCheckDigit(digits43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits43.length - 1; i >= 0; i--) {
    sum += Number(digits43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? '1' : String(dv);
}

/** Módulo 10 check digit of a digitable-line field (weights 2,1,2… from the right; digits of each product summed). */
export function mod10(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Builds the 44-digit barcode. Throws RangeError on a bad bank code, free field, date or amount (above R$ 99.999.999,99). */
export function buildBoletoBarcode(o: BoletoBarcodeInput): string {
  if (!/^\d{3}$/.test(o.bankCode)) throw new RangeError('bank code must be 3 digits');
  if (!/^\d{25}$/.test(o.freeField)) throw new RangeError('free field must be 25 digits');
  if (!Number.isSafeInteger(o.amountCents) || o.amountCents < 0) throw new RangeError('amount must be a non-negative integer of centavos');
  if (o.amountCents > MAX_BOLETO_CENTS) throw new RangeError('a boleto amount is at most R$ 99.999.999,99');
  const factor = dueFactor(o.dueDate);
  const amount = String(o.amountCents).padStart(10, '0');
  const without = `${o.bankCode}9${factor}${amount}${o.freeField}`;
  const dv = barcodeCheckDigit(without);
  return `${without.slice(0, 4)}${dv}${without.slice(4)}`;
}

/** Barcode without its check digit (position 5), the 43 digits the DV is computed over. */
function withoutDv(barcode: string): string {
  return barcode.slice(0, 4) + barcode.slice(5);
}

/** True for a 44-digit cobrança barcode (not an arrecadação one, which starts with 8) with currency 9 and a correct DV. */
export function isValidBoletoBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode)) return false;
  if (barcode[0] === '8' || barcode[3] !== '9') return false;
  return barcode[4] === barcodeCheckDigit(withoutDv(barcode));
}

/** 44-digit barcode → 47-digit digitable line (digits only). Throws on anything that is not 44 digits. */
export function barcodeToDigitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('a boleto barcode has 44 digits');
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

function compactLine(line: string): string {
  return line.replace(/[\s.\-]/g, '');
}

/** 47-digit digitable line (spaces, dots and hyphens allowed) → 44-digit barcode. Throws on anything else. */
export function digitableLineToBarcode(line: string): string {
  const d = compactLine(line);
  if (!/^\d{47}$/.test(d)) throw new RangeError('a boleto digitable line has 47 digits');
  return d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
}

/** True when the line (spaces, dots and hyphens allowed) has 47 digits, correct field DVs and a valid barcode behind it. */
export function isValidDigitableLine(line: string): boolean {
  const d = compactLine(line);
  if (!/^\d{47}$/.test(d)) return false;
  if (mod10(d.slice(0, 9)) !== d[9] || mod10(d.slice(10, 20)) !== d[20] || mod10(d.slice(21, 31)) !== d[31]) return false;
  return isValidBoletoBarcode(digitableLineToBarcode(d));
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE"; input that is not 47 digits comes back unchanged. */
export function formatDigitableLine(line: string): string {
  const d = compactLine(line);
  if (!/^\d{47}$/.test(d)) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/** Interleaved 2 of 5 patterns (n = narrow, w = wide) of each digit. */
const ITF_PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

export type Itf25Element = { wide: boolean; bar: boolean };

/**
 * The Interleaved 2 of 5 sequence of an even number of digits, left to right, alternating
 * bar/space: start (narrow bar, narrow space, narrow bar, narrow space), then per digit pair
 * the first digit's widths on the bars and the second's on the spaces, then stop (wide bar,
 * narrow space, narrow bar). Draw narrow as 1 unit and wide as 3 (FEBRABAN ratio).
 */
export function itf25Bars(barcode: string): Itf25Element[] {
  if (!/^\d+$/.test(barcode) || barcode.length % 2 !== 0) throw new RangeError('ITF-25 needs an even number of digits');
  const out: Itf25Element[] = [
    { wide: false, bar: true },
    { wide: false, bar: false },
    { wide: false, bar: true },
    { wide: false, bar: false },
  ];
  for (let i = 0; i < barcode.length; i += 2) {
    const bars = ITF_PATTERNS[Number(barcode[i])];
    const spaces = ITF_PATTERNS[Number(barcode[i + 1])];
    for (let k = 0; k < 5; k++) {
      out.push({ wide: bars[k] === 'w', bar: true });
      out.push({ wide: spaces[k] === 'w', bar: false });
    }
  }
  out.push({ wide: true, bar: true }, { wide: false, bar: false }, { wide: false, bar: true });
  return out;
}
