import { describe, expect, it } from 'vitest';
import {
  addToLines,
  MAX_LINES,
  MAX_QUANTITY,
  parseCartCookie,
  removeFromLines,
  serializeCart,
  setLineQuantity,
  unitCount,
} from './cart-cookie';

describe('parseCartCookie', () => {
  it('reads ids and quantities', () => {
    expect(parseCartCookie('3x1.5x2')).toEqual([
      { productId: 3, quantity: 1 },
      { productId: 5, quantity: 2 },
    ]);
  });

  it.each([undefined, null, '', 'garbage', '%%%', '[{"id":1}]', '{"v":1}', 'x1', '1x', 'ax1', '1xa', '\u0000', '1x1'.repeat(400)])(
    'ignores garbage without throwing: %j',
    (value) => {
      expect(() => parseCartCookie(value as string)).not.toThrow();
      expect(parseCartCookie(value as string)).toEqual([]);
    },
  );

  it('drops tampered lines and keeps the valid ones', () => {
    // a price smuggled as a third field, negative/zero/huge/fractional quantities, a zero id
    expect(parseCartCookie('1x2x1.2x-1.3x0.4x999.5x1.5.0x1.6x01.7x2')).toEqual([
      { productId: 5, quantity: 1 },
      { productId: 7, quantity: 2 },
    ]);
  });

  it('rejects quantities above the maximum rather than charging them', () => {
    expect(parseCartCookie(`1x${MAX_QUANTITY + 1}`)).toEqual([]);
    expect(parseCartCookie(`1x${MAX_QUANTITY}`)).toEqual([{ productId: 1, quantity: MAX_QUANTITY }]);
  });

  it('rejects ids beyond a 32-bit integer', () => {
    expect(parseCartCookie('99999999999x1')).toEqual([]);
    expect(parseCartCookie('2147483648x1')).toEqual([]);
  });

  it('keeps the first line of a repeated product and caps the number of lines', () => {
    expect(parseCartCookie('4x1.4x9')).toEqual([{ productId: 4, quantity: 1 }]);
    const many = Array.from({ length: MAX_LINES + 5 }, (_, i) => `${i + 1}x1`).join('.');
    expect(parseCartCookie(many)).toHaveLength(MAX_LINES);
  });
});

describe('serializeCart', () => {
  it('round-trips', () => {
    const lines = [
      { productId: 8, quantity: 3 },
      { productId: 2, quantity: 1 },
    ];
    expect(serializeCart(lines)).toBe('8x3.2x1');
    expect(parseCartCookie(serializeCart(lines))).toEqual(lines);
  });

  it('never writes an invalid line', () => {
    expect(serializeCart([{ productId: 1, quantity: 0 }, { productId: -2, quantity: 1 }, { productId: 3, quantity: 1.5 }, { productId: 4, quantity: 2 }])).toBe('4x2');
    expect(serializeCart([])).toBe('');
  });
});

describe('cart line changes', () => {
  it('adds, merges and caps quantities', () => {
    let lines = addToLines([], 1, 2);
    lines = addToLines(lines, 2);
    lines = addToLines(lines, 1, 3);
    expect(lines).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, quantity: 1 },
    ]);
    expect(addToLines(lines, 1, 1000)[0].quantity).toBe(MAX_QUANTITY);
    expect(unitCount(lines)).toBe(6);
  });

  it('ignores bad ids and quantities', () => {
    expect(addToLines([], 0, 1)).toEqual([]);
    expect(addToLines([], 1.5, 1)).toEqual([]);
    expect(addToLines([], 1, 0)).toEqual([]);
    expect(addToLines([], 1, Number.NaN)).toEqual([]);
  });

  it('does not grow past the line limit', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({ productId: i + 1, quantity: 1 }));
    expect(addToLines(full, 999, 1)).toHaveLength(MAX_LINES);
  });

  it('sets and removes', () => {
    const lines = [
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1 },
    ];
    expect(setLineQuantity(lines, 1, 4)).toEqual([
      { productId: 1, quantity: 4 },
      { productId: 2, quantity: 1 },
    ]);
    expect(setLineQuantity(lines, 1, 0)).toEqual([{ productId: 2, quantity: 1 }]);
    expect(setLineQuantity(lines, 3, 5)).toEqual(lines);
    expect(removeFromLines(lines, 2)).toEqual([{ productId: 1, quantity: 2 }]);
  });
});
