import { describe, expect, it } from 'vitest';
import { saoPauloDayEnd, saoPauloDayStart } from './sp-time';

describe('São Paulo days in UTC', () => {
  it('starts a day at 03:00 UTC since daylight saving time ended (2019)', () => {
    expect(saoPauloDayStart('2025-03-10')).toBe('2025-03-10T03:00:00.000Z');
    expect(saoPauloDayEnd('2025-12-31')).toBe('2026-01-01T03:00:00.000Z');
  });
  it('starts a summer-time day at 02:00 UTC (January 2018, UTC-2)', () => {
    expect(saoPauloDayStart('2018-01-15')).toBe('2018-01-15T02:00:00.000Z');
  });
  it('handles the day DST began at midnight (2018-11-04 starts at 01:00 local = 03:00 UTC)', () => {
    expect(saoPauloDayStart('2018-11-04')).toBe('2018-11-04T03:00:00.000Z');
    expect(saoPauloDayEnd('2018-11-03')).toBe('2018-11-04T03:00:00.000Z');
  });
  it('handles the day DST ended (2019-02-16 has 25 hours; the 17th starts at 03:00 UTC)', () => {
    expect(saoPauloDayStart('2019-02-16')).toBe('2019-02-16T02:00:00.000Z');
    expect(saoPauloDayStart('2019-02-17')).toBe('2019-02-17T03:00:00.000Z');
  });
});
