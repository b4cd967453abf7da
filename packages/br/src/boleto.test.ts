import { getBoletoInfo, isValidBoleto, parseBoleto } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import {
  barcodeCheckDigit,
  barcodeToDigitableLine,
  buildBoletoBarcode,
  digitableLineToBarcode,
  dueDateFromFactor,
  dueFactor,
  formatDigitableLine,
  isValidBoletoBarcode,
  isValidDigitableLine,
  itf25Bars,
  MAX_BOLETO_CENTS,
  mod10,
} from './boleto';

/** Real slips published with both forms (Banco do Brasil; Bradesco from BoletoPhp). */
const REAL = [
  {
    line: '00190000090114971860168524522114675860000102656',
    formatted: '00190.00009 01149.718601 68524.522114 6 75860000102656',
    barcode: '00196758600001026560000001149718606852452211',
    amountCents: 102_656,
    dueDate: '2018-07-15',
  },
  {
    line: '23791100066000000007989010200304468270000028990',
    formatted: '23791.10006 60000.000079 89010.200304 4 68270000028990',
    barcode: '23794682700000289901100060000000078901020030',
    amountCents: 28_990,
    dueDate: '2016-06-16',
  },
];
/** A published Itaú digitable line. */
const REAL_LINES = ['34191670060463564064460910580004739290000307014'];
/** Printed as an example of formatting only: its general DV is wrong (the library rejects it too). */
const FORMAT_ONLY_LINE = '10491443385511900000200000000141325230000093423';

const FREE = '1234567890123456789012345';

describe('dueFactor', () => {
  it('counts days from 1997-10-07 up to 9999 on 2025-02-21, then restarts at 1000', () => {
    expect(dueFactor('2000-07-03')).toBe('1000');
    expect(dueFactor('2000-07-04')).toBe('1001');
    expect(dueFactor('2016-06-16')).toBe('6827');
    expect(dueFactor('2018-07-15')).toBe('7586');
    expect(dueFactor('2025-02-20')).toBe('9998');
    expect(dueFactor('2025-02-21')).toBe('9999');
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2025-02-23')).toBe('1001');
    expect(dueFactor('2026-01-01')).toBe('1313');
    // Leap day counted: 2028-02-29 is 1102 days after 2025-02-22.
    expect(dueFactor('2028-02-28')).toBe('2101');
    expect(dueFactor('2028-02-29')).toBe('2102');
    expect(dueFactor('2028-03-01')).toBe('2103');
    // Second reset, 9000 days after the first.
    expect(dueFactor('2049-10-13')).toBe('9999');
    expect(dueFactor('2049-10-14')).toBe('1000');
  });

  it('agrees with the library on the dates factors stand for', () => {
    for (const date of ['2020-01-01', '2025-02-21', '2025-02-22', '2026-07-15', '2030-12-31']) {
      const barcode = buildBoletoBarcode({ bankCode: '001', amountCents: 1000, dueDate: date, freeField: FREE });
      const info = getBoletoInfo(barcodeToDigitableLine(barcode), { referenceDate: new Date(`${date}T12:00:00`) });
      const d = info?.expirationDate;
      expect(d && `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`).toBe(date);
    }
  });

  it('refuses dates without a 4-digit factor and malformed dates', () => {
    expect(() => dueFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dueFactor('2026-02-30')).toThrow(RangeError);
    expect(() => dueFactor('26-01-01')).toThrow(RangeError);
    expect(() => dueFactor('')).toThrow(RangeError);
  });
});

describe('dueDateFromFactor', () => {
  it('picks the cycle nearest to the reference date', () => {
    expect(dueDateFromFactor('1000', '2025-03-01')).toBe('2025-02-22');
    expect(dueDateFromFactor('1000', '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor('9999', '2025-03-01')).toBe('2025-02-21');
    expect(dueDateFromFactor('7586', '2018-01-01')).toBe('2018-07-15');
    expect(dueDateFromFactor('1313', '2025-12-20')).toBe('2026-01-01');
    // Far from 2025 the new cycle wins only when it is nearer.
    expect(dueDateFromFactor('7586', '2030-01-01')).toBe('2018-07-15');
    expect(dueDateFromFactor('7586', '2040-01-01')).toBe('2043-03-06');
    expect(dueFactor('2043-03-06')).toBe('7586');
  });

  it('inverts dueFactor for every day over two cycles, with the date itself as reference', () => {
    let date = '2000-07-03';
    for (let i = 0; i < 18_500; i++) {
      expect(dueDateFromFactor(dueFactor(date), date)).toBe(date);
      date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  });

  it('defaults the reference to today', () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect([today, tomorrow]).toContain(dueDateFromFactor(dueFactor(tomorrow)));
  });

  it('refuses "0000" (no due date) and non-factors', () => {
    for (const f of ['0000', '0999', '123', '12345', 'abcd']) expect(() => dueDateFromFactor(f, '2025-01-01')).toThrow(RangeError);
  });
});

describe('check digits', () => {
  it('mod10 follows weights 2,1 from the right and sums the digits of products', () => {
    expect(mod10('001900000')).toBe('9');
    expect(mod10('0114971860')).toBe('1');
    expect(mod10('6852452211')).toBe('4');
    expect(mod10('0000000000')).toBe('0');
    // 9*2 = 18 → 1+8 = 9; 10 - 9 = 1
    expect(mod10('9')).toBe('1');
  });

  it('barcodeCheckDigit maps remainders giving 0, 10 and 11 to 1', () => {
    expect(barcodeCheckDigit('0019758600001026560000001149718606852452211')).toBe('6');
    // Sum 0 → 11 - 0 = 11 → 1
    expect(barcodeCheckDigit('0'.repeat(43))).toBe('1');
    // Sum 1*2 = 2... find one giving remainder 1 (11 - 1 = 10 → 1): last digit weight 2; 6*2 = 12 ≡ 1
    expect(barcodeCheckDigit(`${'0'.repeat(42)}6`)).toBe('1');
    // Remainder 2 → 9: 1*2
    expect(barcodeCheckDigit(`${'0'.repeat(42)}1`)).toBe('9');
  });
});

describe('buildBoletoBarcode', () => {
  it('lays out bank, currency, DV, factor, amount and free field', () => {
    const barcode = buildBoletoBarcode({ bankCode: '341', amountCents: 12_345, dueDate: '2025-02-22', freeField: FREE });
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 4)).toBe('3419');
    expect(barcode.slice(5, 9)).toBe('1000');
    expect(barcode.slice(9, 19)).toBe('0000012345');
    expect(barcode.slice(19)).toBe(FREE);
    expect(isValidBoletoBarcode(barcode)).toBe(true);
  });

  it('reproduces the real slips byte for byte from their parts', () => {
    for (const r of REAL) {
      const built = buildBoletoBarcode({ bankCode: r.barcode.slice(0, 3), amountCents: r.amountCents, dueDate: r.dueDate, freeField: r.barcode.slice(19) });
      expect(built).toBe(r.barcode);
    }
  });

  it('takes amounts from zero up to R$ 99.999.999,99 and refuses more', () => {
    const at = (amountCents: number) => buildBoletoBarcode({ bankCode: '001', amountCents, dueDate: '2026-03-10', freeField: FREE });
    expect(at(0).slice(9, 19)).toBe('0000000000');
    expect(at(1).slice(9, 19)).toBe('0000000001');
    expect(at(MAX_BOLETO_CENTS).slice(9, 19)).toBe('9999999999');
    expect(() => at(MAX_BOLETO_CENTS + 1)).toThrow(RangeError);
    expect(() => at(-1)).toThrow(RangeError);
    expect(() => at(1.5)).toThrow(RangeError);
  });

  it('refuses a malformed bank code or free field', () => {
    const ok = { bankCode: '001', amountCents: 100, dueDate: '2026-03-10', freeField: FREE };
    expect(() => buildBoletoBarcode({ ...ok, bankCode: '1' })).toThrow(RangeError);
    expect(() => buildBoletoBarcode({ ...ok, bankCode: 'abc' })).toThrow(RangeError);
    expect(() => buildBoletoBarcode({ ...ok, freeField: '123' })).toThrow(RangeError);
    expect(() => buildBoletoBarcode({ ...ok, freeField: `${FREE.slice(1)}x` })).toThrow(RangeError);
    expect(() => buildBoletoBarcode({ ...ok, dueDate: '2026-13-01' })).toThrow(RangeError);
  });
});

describe('digitable line', () => {
  it.each(REAL)('converts the real slip both ways: $line', (r) => {
    expect(barcodeToDigitableLine(r.barcode)).toBe(r.line);
    expect(digitableLineToBarcode(r.line)).toBe(r.barcode);
    expect(digitableLineToBarcode(r.formatted)).toBe(r.barcode);
    expect(formatDigitableLine(r.line)).toBe(r.formatted);
    expect(isValidDigitableLine(r.line)).toBe(true);
    expect(isValidDigitableLine(r.formatted)).toBe(true);
    expect(isValidBoletoBarcode(r.barcode)).toBe(true);
  });

  it.each(REAL_LINES)('accepts other published lines and round-trips them: %s', (line) => {
    expect(isValidDigitableLine(line)).toBe(true);
    expect(barcodeToDigitableLine(digitableLineToBarcode(line))).toBe(line);
  });

  it('agrees with the library on valid and invalid lines', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let accepted = 0;
    for (let i = 0; i < 300; i++) {
      const free = Array.from({ length: 25 }, () => Math.floor(rnd() * 10)).join('');
      const bank = String(Math.floor(rnd() * 799) + 1).padStart(3, '0');
      const amountCents = Math.floor(rnd() * MAX_BOLETO_CENTS);
      const dueDate = new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 3000) * 86_400_000).toISOString().slice(0, 10);
      const barcode = buildBoletoBarcode({ bankCode: bank, amountCents, dueDate, freeField: free });
      const line = barcodeToDigitableLine(barcode);
      expect(isValidDigitableLine(line)).toBe(true);
      expect(isValidBoleto(line)).toBe(true);
      expect(parseBoleto(formatDigitableLine(line))).toBe(line);
      expect(getBoletoInfo(line, { referenceDate: new Date(2026, 0, 1) })?.amount).toBe(amountCents);

      // A single-digit change: we decide as the library does. (Mod 11 with "0, 10, 11 → 1"
      // lets a few changes through by design, so the library is the oracle, not "always false".)
      const pos = Math.floor(rnd() * 47);
      const wrong = line.slice(0, pos) + String((Number(line[pos]) + 1 + Math.floor(rnd() * 9)) % 10) + line.slice(pos + 1);
      expect(isValidDigitableLine(wrong)).toBe(isValidBoleto(wrong));
      if (isValidBoleto(wrong)) accepted++;
      const bpos = Math.floor(rnd() * 44);
      const wrongBarcode = barcode.slice(0, bpos) + String((Number(barcode[bpos]) + 1 + Math.floor(rnd() * 9)) % 10) + barcode.slice(bpos + 1);
      // Position 4 is the currency: we require "9" (real); the library does not check it.
      expect(isValidBoletoBarcode(wrongBarcode)).toBe(bpos === 3 ? false : isValidBoleto(barcodeToDigitableLine(wrongBarcode)));
      if (isValidBoletoBarcode(wrongBarcode)) accepted++;
    }
    expect(accepted).toBeLessThan(20);
  });

  it('rejects a published line whose general DV is wrong, as the library does', () => {
    expect(isValidBoleto(FORMAT_ONLY_LINE)).toBe(false);
    expect(isValidDigitableLine(FORMAT_ONLY_LINE)).toBe(false);
  });

  it('rejects a line whose field DV is wrong even when the barcode behind it is valid', () => {
    const line = REAL[0].line;
    const wrongField1 = `${line.slice(0, 9)}0${line.slice(10)}`;
    expect(digitableLineToBarcode(wrongField1)).toBe(REAL[0].barcode);
    expect(isValidDigitableLine(wrongField1)).toBe(false);
  });

  it('rejects lengths, letters, an arrecadação barcode and a currency other than 9', () => {
    expect(isValidDigitableLine('')).toBe(false);
    expect(isValidDigitableLine(REAL[0].line.slice(1))).toBe(false);
    expect(isValidDigitableLine(`${REAL[0].line}0`)).toBe(false);
    expect(isValidDigitableLine(REAL[0].line.replace('0', 'O'))).toBe(false);
    expect(isValidBoletoBarcode(REAL[0].barcode.slice(1))).toBe(false);
    expect(isValidBoletoBarcode(`${REAL[0].barcode.slice(0, 43)}x`)).toBe(false);
    expect(isValidBoletoBarcode('84670000001435900240200240500024384221010811')).toBe(false);
    // Currency 0 with a recomputed DV: a well-formed barcode, but not in reais.
    const other = `${REAL[0].barcode.slice(0, 3)}0${REAL[0].barcode.slice(5)}`;
    const dv = barcodeCheckDigit(other);
    expect(isValidBoletoBarcode(`${other.slice(0, 4)}${dv}${other.slice(4)}`)).toBe(false);
  });

  it('converters refuse what is not 44 / 47 digits; the line converter ignores spaces, dots and hyphens', () => {
    expect(() => barcodeToDigitableLine('123')).toThrow(RangeError);
    expect(() => digitableLineToBarcode('123')).toThrow(RangeError);
    expect(() => digitableLineToBarcode(`${REAL[0].line.slice(0, 46)}a`)).toThrow(RangeError);
    expect(digitableLineToBarcode(' 00190.00009-01149.718601 68524.522114 6 75860000102656 ')).toBe(REAL[0].barcode);
  });

  it('formatDigitableLine leaves anything that is not 47 digits alone', () => {
    expect(formatDigitableLine('123')).toBe('123');
    expect(formatDigitableLine(REAL[0].formatted)).toBe(REAL[0].formatted);
  });
});

describe('itf25Bars', () => {
  const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

  /** Reads the digits back from the sequence, as a scanner would. */
  function decode(elements: { wide: boolean; bar: boolean }[]): string {
    const start = elements.slice(0, 4);
    expect(start).toEqual([
      { wide: false, bar: true },
      { wide: false, bar: false },
      { wide: false, bar: true },
      { wide: false, bar: false },
    ]);
    expect(elements.slice(-3)).toEqual([
      { wide: true, bar: true },
      { wide: false, bar: false },
      { wide: false, bar: true },
    ]);
    const data = elements.slice(4, -3);
    expect(data.length % 10).toBe(0);
    let out = '';
    for (let i = 0; i < data.length; i += 10) {
      const chunk = data.slice(i, i + 10);
      chunk.forEach((e, k) => expect(e.bar).toBe(k % 2 === 0));
      const bars = chunk.filter((_, k) => k % 2 === 0).map((e) => (e.wide ? 'w' : 'n')).join('');
      const spaces = chunk.filter((_, k) => k % 2 === 1).map((e) => (e.wide ? 'w' : 'n')).join('');
      out += String(PATTERNS.indexOf(bars)) + String(PATTERNS.indexOf(spaces));
    }
    return out;
  }

  it('encodes every digit pair, and the sequence decodes back to the barcode', () => {
    for (const r of REAL) expect(decode(itf25Bars(r.barcode))).toBe(r.barcode);
    const all = '0123456789' + '9876543210';
    expect(decode(itf25Bars(all))).toBe(all);
  });

  it('has the standard element count and width of a 44-digit boleto: 4 + 44×5 + 3 elements, each digit 2 wide of 5', () => {
    const bars = itf25Bars(REAL[0].barcode);
    expect(bars).toHaveLength(4 + 44 * 5 + 3);
    // Width in narrow units with wide = 3: start 4 + 44 digits × (3 narrow + 2 wide = 9) + stop 5.
    const units = bars.reduce((n, e) => n + (e.wide ? 3 : 1), 0);
    expect(units).toBe(4 + 44 * 9 + 5);
    expect(bars[0].bar).toBe(true);
    expect(bars[bars.length - 1].bar).toBe(true);
  });

  it('refuses an odd number of digits and non-digits', () => {
    expect(() => itf25Bars('123')).toThrow(RangeError);
    expect(() => itf25Bars('')).toThrow(RangeError);
    expect(() => itf25Bars('12a4')).toThrow(RangeError);
  });
});
