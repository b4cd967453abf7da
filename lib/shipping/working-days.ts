/**
 * Working days as a carrier counts them: Monday to Friday, skipping Brazil's national public
 * holidays (date-holidays, kept current by its maintainers: Tiradentes, Corpus Christi is not
 * national, the elections' Sundays, Consciência Negra since 2024…). Dates are São Paulo
 * calendar dates ("2026-12-24"). Pure but for the holiday table, built once per year.
 */
import Holidays from 'date-holidays';
import { utcNoonOf } from '@balcao/br/dates';

const byYear = new Map<number, Set<string>>();
let calendar: Holidays | null = null;

function holidaysOf(year: number): Set<string> {
  let days = byYear.get(year);
  if (!days) {
    calendar ??= new Holidays('BR');
    days = new Set(calendar.getHolidays(year).filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    byYear.set(year, days);
  }
  return days;
}

export function isWorkingDay(date: string): boolean {
  const d = utcNoonOf(date);
  const wd = d.getUTCDay();
  return wd !== 0 && wd !== 6 && !holidaysOf(d.getUTCFullYear()).has(date);
}

/** The date `n` working days after `date` (the day itself not counted). */
export function addWorkingDays(date: string, n: number): string {
  const d = utcNoonOf(date);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isWorkingDay(d.toISOString().slice(0, 10))) left--;
  }
  return d.toISOString().slice(0, 10);
}
