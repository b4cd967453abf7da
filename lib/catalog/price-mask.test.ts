import { describe, expect, it } from 'vitest';
import { completePrice, maskPriceInput, priceInputText } from './price-mask';

/** "12|34" → the value with the caret where the bar is. */
function typed(withBar: string, pasted = false) {
  const caret = withBar.indexOf('|');
  const r = maskPriceInput(withBar.replace('|', ''), caret, pasted);
  return `${r.value.slice(0, r.caret)}|${r.value.slice(r.caret)}`;
}

describe('maskPriceInput', () => {
  it('groups thousands as the person types, keeping the caret after the same digit', () => {
    expect(typed('1234|')).toBe('1.234|');
    expect(typed('1.2345|')).toBe('12.345|');
    expect(typed('12.345,6|')).toBe('12.345,6|');
    // a digit typed in the middle: the caret stays right after it
    expect(typed('1.29|34')).toBe('12.9|34');
    expect(typed('9|4,90')).toBe('9|4,90');
    // a digit deleted in the middle of "12.345": "12.|45" → "1.2|45"
    expect(typed('12.|45')).toBe('1.2|45');
  });

  it('keeps one comma and at most two decimals', () => {
    expect(typed('94,9|')).toBe('94,9|');
    expect(typed('94,905|')).toBe('94,90|');
    expect(typed('94,,|')).toBe('94,|');
    expect(typed(',5|')).toBe('0,5|');
  });

  it('drops letters, the R$ and leading zeros', () => {
    expect(typed('R$ 12a3|')).toBe('123|');
    expect(typed('007|')).toBe('7|');
    expect(typed('0,|')).toBe('0,|');
    expect(typed('00,5|')).toBe('0,5|');
  });

  it('stops at R$ 999.999 before the comma', () => {
    expect(typed('1234567|')).toBe('123.456|');
  });

  it('reads a pasted "94.90" as a decimal point, and "1.234" as thousands', () => {
    expect(typed('94.90|', true)).toBe('94,90|');
    expect(typed('1.234|', true)).toBe('1.234|');
    expect(typed('94.90|', false)).toBe('9.490|');
  });
});

describe('completePrice / priceInputText', () => {
  it('always shows two decimals', () => {
    expect(completePrice('94')).toBe('94,00');
    expect(completePrice('94,9')).toBe('94,90');
    expect(completePrice('1.234,5')).toBe('1.234,50');
    expect(completePrice('')).toBe('');
    expect(priceInputText(9490)).toBe('94,90');
    expect(priceInputText(50)).toBe('0,50');
    expect(priceInputText(10_000_000)).toBe('100.000,00');
  });
});
