import { describe, expect, it } from 'vitest';
import { chargeStateOf } from './status';

describe('chargeStateOf: the provider codes in the app words', () => {
  it.each([
    [1, 'pending'], [2, 'pending'], [3, 'canceled'], [4, 'paid'], [5, 'refunded'],
    ['4', 'paid'], [' 2 ', 'pending'], [0, 'unknown'], [6, 'unknown'], ['x', 'unknown'], [2.5, 'unknown'],
  ] as const)('boleto %j → %s', (status, expected) => {
    expect(chargeStateOf('boleto', status)).toBe(expected);
  });

  it.each([
    ['empty', 'pending'], ['active', 'pending'], ['canceled', 'canceled'], ['completed', 'paid'], ['refunded', 'refunded'],
    ['COMPLETED', 'paid'], ['expired', 'unknown'], ['', 'unknown'], ['constructor', 'unknown'], ['__proto__', 'unknown'],
  ] as const)('pix %j → %s', (status, expected) => {
    expect(chargeStateOf('pix', status)).toBe(expected);
  });
});
