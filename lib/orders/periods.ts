/**
 * The overview's periods ("Hoje", "7 dias", "30 dias", "Este mês") as São Paulo calendar days,
 * each with the period just before it of the same length, and the change between two numbers
 * ("▲ 12 %"). Pure and browser-safe: the caller gives today's São Paulo date.
 */
import { addDays, daysBetween } from '@balcao/br/dates';
import { plural } from '@balcao/br/plural';

export const PERIODS = ['hoje', '7d', '30d', 'mes'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = { hoje: 'Hoje', '7d': '7 dias', '30d': '30 dias', mes: 'Este mês' };
export const DEFAULT_PERIOD: Period = '7d';

/** Inclusive São Paulo dates (YYYY-MM-DD). */
export type DayRange = { from: string; to: string; days: number };

export function parsePeriod(value: unknown): Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value) ? (value as Period) : DEFAULT_PERIOD;
}

/** The period ending today (today included). "Este mês" runs from the 1st to today. */
export function periodRange(period: Period, today: string): DayRange {
  const from = period === 'hoje' ? today : period === '7d' ? addDays(today, -6) : period === '30d' ? addDays(today, -29) : `${today.slice(0, 8)}01`;
  return { from, to: today, days: daysBetween(from, today) + 1 };
}

/**
 * The same number of days just before: yesterday for "Hoje"; for "Este mês" on the 10th, the
 * ten days before the 1st (the end of last month), so both sides count as many days.
 */
export function previousRange(r: DayRange): DayRange {
  return { from: addDays(r.from, -r.days), to: addDays(r.from, -1), days: r.days };
}

export type Change = { direction: 'up' | 'down' | 'flat'; percent: number };

/** The change from `previous` to `current`, in whole percent; null when there is nothing to compare with. */
export function change(current: number, previous: number): Change | null {
  if (previous === 0) return null;
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return { direction: 'flat', percent: 0 };
  return { direction: current > previous ? 'up' : 'down', percent };
}

/** "▲ 12 %", "▼ 5 %", "= 0 %"; "—" without a previous value. */
export function formatChange(c: Change | null): string {
  if (!c) return '—';
  const arrow = c.direction === 'up' ? '▲' : c.direction === 'down' ? '▼' : '=';
  return `${arrow} ${c.percent.toLocaleString('pt-BR')} %`;
}

/** The average ticket in centavos, rounded half up; null without an order. */
export function averageTicket(cents: number, orders: number): number | null {
  return orders > 0 ? Math.floor((cents * 2 + orders) / (orders * 2)) : null;
}

/** What a period's numbers are compared with, in words: "ontem", "os 7 dias anteriores". */
export function comparedWith(previousDays: number): string {
  return previousDays === 1 ? 'ontem' : `os ${plural(previousDays, 'dia anterior', 'dias anteriores')}`;
}

/** The period inside a sentence: "de hoje" / "do mês" / "em 7 dias" after "Receita". */
export function revenueTitle(period: Period): string {
  return `Receita${period === 'hoje' ? ' de hoje' : period === 'mes' ? ' do mês' : ` em ${PERIOD_LABELS[period]}`}`;
}

/** The period as the revenue chart names it: "hoje", "este mês", "7 dias". */
export function chartPeriodLabel(period: Period): string {
  return period === 'hoje' ? 'hoje' : period === 'mes' ? 'este mês' : PERIOD_LABELS[period];
}
