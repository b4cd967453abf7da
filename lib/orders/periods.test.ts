import { describe, expect, it } from 'vitest';
import { averageTicket, change, chartPeriodLabel, comparedWith, formatChange, parsePeriod, periodRange, previousRange, revenueTitle } from './periods';

describe('periodRange and previousRange, in São Paulo days', () => {
  it.each([
    ['hoje', '2026-03-10', { from: '2026-03-10', to: '2026-03-10', days: 1 }, { from: '2026-03-09', to: '2026-03-09', days: 1 }],
    ['7d', '2026-03-10', { from: '2026-03-04', to: '2026-03-10', days: 7 }, { from: '2026-02-25', to: '2026-03-03', days: 7 }],
    ['30d', '2026-03-10', { from: '2026-02-09', to: '2026-03-10', days: 30 }, { from: '2026-01-10', to: '2026-02-08', days: 30 }],
    // This month on the 10th: the 10 days before the 1st, across the month's boundary.
    ['mes', '2026-03-10', { from: '2026-03-01', to: '2026-03-10', days: 10 }, { from: '2026-02-19', to: '2026-02-28', days: 10 }],
    // The 1st: one day, compared with the last day of the month before.
    ['mes', '2026-03-01', { from: '2026-03-01', to: '2026-03-01', days: 1 }, { from: '2026-02-28', to: '2026-02-28', days: 1 }],
    // A leap year's February, and a year's boundary.
    ['mes', '2024-03-05', { from: '2024-03-01', to: '2024-03-05', days: 5 }, { from: '2024-02-25', to: '2024-02-29', days: 5 }],
    ['7d', '2026-01-03', { from: '2025-12-28', to: '2026-01-03', days: 7 }, { from: '2025-12-21', to: '2025-12-27', days: 7 }],
    ['hoje', '2026-01-01', { from: '2026-01-01', to: '2026-01-01', days: 1 }, { from: '2025-12-31', to: '2025-12-31', days: 1 }],
  ] as const)('%s on %s', (period, today, current, previous) => {
    const r = periodRange(period, today);
    expect(r).toEqual(current);
    expect(previousRange(r)).toEqual(previous);
  });

  it('falls back to 7 days for anything else in the URL', () => {
    expect(parsePeriod('30d')).toBe('30d');
    expect(parsePeriod('ontem')).toBe('7d');
    expect(parsePeriod(undefined)).toBe('7d');
  });
});

describe('change', () => {
  it.each([
    [112, 100, '▲ 12 %'],
    [95, 100, '▼ 5 %'],
    [100, 100, '= 0 %'],
    [0, 100, '▼ 100 %'],
    [300, 100, '▲ 200 %'],
    // An empty previous period: nothing to compare with, not "▲ ∞ %".
    [500, 0, '—'],
    [0, 0, '—'],
  ])('%d after %d → %s', (current, previous, text) => {
    expect(formatChange(change(current, previous))).toBe(text);
  });
});

describe('averageTicket', () => {
  it('divides in centavos, rounding half up', () => {
    expect(averageTicket(10_000, 3)).toBe(3333);
    expect(averageTicket(5, 2)).toBe(3);
    expect(averageTicket(5900, 1)).toBe(5900);
    expect(averageTicket(0, 0)).toBeNull();
  });
});

describe('the period in words (the overview)', () => {
  it('compares one day with yesterday, more with as many days before', () => {
    expect(comparedWith(1)).toBe('ontem');
    expect(comparedWith(7)).toBe('os 7 dias anteriores');
  });
  it.each([
    ['hoje', 'Receita de hoje', 'hoje'],
    ['7d', 'Receita em 7 dias', '7 dias'],
    ['30d', 'Receita em 30 dias', '30 dias'],
    ['mes', 'Receita do mês', 'este mês'],
  ] as const)('%s: "%s", chart "%s"', (period, title, chart) => {
    expect(revenueTitle(period)).toBe(title);
    expect(chartPeriodLabel(period)).toBe(chart);
  });
});
