import { describe, expect, it } from 'vitest';
import { fiscalOf, gtinCheckDigit, gtinProblem, ncmProblem, originLabel, originProblem } from './nfe-fiscal';

describe('NCM', () => {
  it('takes 8 digits of a real chapter, with or without dots', () => {
    expect(ncmProblem('0901.21.00')).toBeNull();
    expect(ncmProblem('61091000')).toBeNull();
    expect(ncmProblem('0901210')).toMatch(/8 dígitos/);
    expect(ncmProblem('00000000')).toMatch(/não existe/);
    expect(ncmProblem('99010000')).toMatch(/não existe/);
    expect(ncmProblem('abc')).toMatch(/8 dígitos/);
  });
});

describe('GTIN', () => {
  it('verifies the GS1 check digit of GTIN-8, 12, 13 and 14; blank is "sem GTIN"', () => {
    expect(gtinProblem('7891000315507')).toBeNull(); // a GTIN-13 printed on a Brazilian product
    expect(gtinCheckDigit('789100031550')).toBe(7);
    expect(gtinProblem('96385074')).toBeNull(); // GTIN-8
    expect(gtinProblem('036000291452')).toBeNull(); // UPC-A
    expect(gtinProblem('17891000315504')).toBeNull(); // GTIN-14
    expect(gtinProblem('7891000315508')).toMatch(/dígito verificador/);
    expect(gtinProblem('12345')).toMatch(/8, 12, 13 ou 14/);
    expect(gtinProblem('')).toBeNull();
  });
});

describe('origin', () => {
  it('is 0–8, shown in words', () => {
    expect(originProblem('0')).toBeNull();
    expect(originProblem('9')).not.toBeNull();
    expect(originLabel(0)).toBe('Nacional');
    expect(originLabel(1)).toBe('Estrangeira — importação direta');
  });

  it("a variant's own fields win over the product's", () => {
    expect(fiscalOf({ ncm: '09012100', origin: 0, gtin: null }, { ncm: null, origin: null, gtin: '7891000315507' })).toEqual({ ncm: '09012100', origin: 0, gtin: '7891000315507' });
  });
});
