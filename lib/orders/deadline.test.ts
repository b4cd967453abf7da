import { describe, expect, it } from 'vitest';
import { endOfSaoPauloDay, formatTimeLeft } from './deadline';

describe('endOfSaoPauloDay', () => {
  it('is midnight starting the next day in São Paulo (UTC−3)', () => {
    expect(endOfSaoPauloDay('2026-03-10')?.toISOString()).toBe('2026-03-11T03:00:00.000Z');
    expect(endOfSaoPauloDay('2025-12-31')?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
  });

  it('follows the historical daylight-saving offset (UTC−2 in January 2018)', () => {
    expect(endOfSaoPauloDay('2018-01-15')?.toISOString()).toBe('2018-01-16T02:00:00.000Z');
  });

  it('is null for a bad date', () => {
    expect(endOfSaoPauloDay('2026-02-30')).toBeNull();
    expect(endOfSaoPauloDay('amanhã')).toBeNull();
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [2 * 86_400_000 + 3 * 3_600_000 + 5000, '2 dias e 3 h'],
    [86_400_000, '1 dia e 0 h'],
    [5 * 3_600_000 + 7 * 60_000, '5 h 07 min'],
    [12 * 60_000 + 5000, '12 min 05 s'],
    [59_999, '59 s'],
    [-1000, '0 s'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});
