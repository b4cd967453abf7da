import { describe, expect, it } from 'vitest';
import { centsToReais, formatBRL, formatDecimalComma, hasAtMostTwoDecimals, parseBRLInput, reaisToCents } from './money';

describe('money at the API boundary', () => {
  it('converts centavos to reais without float drift', () => {
    expect(centsToReais(500)).toBe(5);
    expect(JSON.stringify({ amount: centsToReais(30) })).toBe('{"amount":0.3}');
    expect(JSON.stringify({ amount: centsToReais(9_999_999_999) })).toBe('{"amount":99999999.99}');
    expect(JSON.stringify({ amount: centsToReais(1) })).toBe('{"amount":0.01}');
    // every centavo value up to R$ 10.000,00 round-trips exactly
    for (let c = 0; c <= 1_000_000; c += 7) expect(reaisToCents(centsToReais(c))).toBe(c);
  });

  it('reads reais exactly, including the 0.1 + 0.2 trap', () => {
    expect(reaisToCents(0.3)).toBe(30);
    expect(reaisToCents(5.0)).toBe(500);
    expect(reaisToCents(99999999.99)).toBe(9_999_999_999);
    expect(reaisToCents(19.9)).toBe(1990);
    expect(() => reaisToCents(0.1 + 0.2)).toThrow(RangeError); // 0.30000000000000004
    expect(() => reaisToCents(5.001)).toThrow(RangeError);
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError);
    expect(() => reaisToCents(1e21)).toThrow(RangeError);
  });

  it('refuses non-integer or negative centavos', () => {
    expect(() => centsToReais(1.5)).toThrow(RangeError);
    expect(() => centsToReais(-1)).toThrow(RangeError);
  });

  it('knows two decimals as written', () => {
    expect(hasAtMostTwoDecimals(5)).toBe(true);
    expect(hasAtMostTwoDecimals(5.1)).toBe(true);
    expect(hasAtMostTwoDecimals(5.12)).toBe(true);
    expect(hasAtMostTwoDecimals(5.123)).toBe(false);
    expect(hasAtMostTwoDecimals(Infinity)).toBe(false);
  });

  it('formats for people in pt-BR', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(500)).toBe('R$ 5,00');
    expect(formatDecimalComma(123456)).toBe('1234,56');
    expect(formatDecimalComma(5)).toBe('0,05');
  });

  it('parses what a merchant types', () => {
    expect(parseBRLInput('1.234,56')).toBe(123456);
    expect(parseBRLInput('R$ 10')).toBe(1000);
    expect(parseBRLInput('10,5')).toBe(1050);
    expect(parseBRLInput('10.50')).toBe(1050);
    expect(parseBRLInput('1.000')).toBe(100000);
    expect(parseBRLInput('abc')).toBeNull();
    expect(parseBRLInput('10,555')).toBeNull();
    expect(parseBRLInput('')).toBeNull();
  });
});
