/**
 * São Paulo calendar days as UTC instants, for filtering ISO timestamps stored in UTC.
 * Exact for any date (Brazil had daylight saving time until 2019): the offset is read from
 * the time-zone database, not assumed to be -03:00.
 */
import { addDays, BR_TZ, saoPauloDate } from '@/lib/br/dates';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: BR_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes São Paulo is ahead of UTC at `at` (e.g. -180). */
function offsetMinutes(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The first instant of São Paulo day `date` (YYYY-MM-DD), as an ISO string in UTC. */
export function saoPauloDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Local midnight minus the offset at a guess, then at that result. Around a DST change one
  // of the two lands on the previous day (or midnight did not exist): keep the earliest
  // candidate that is on `date` in São Paulo.
  const t1 = midnightUtc - offsetMinutes(new Date(midnightUtc)) * 60_000;
  const t2 = midnightUtc - offsetMinutes(new Date(t1)) * 60_000;
  const onDate = [t1, t2].filter((t) => saoPauloDate(new Date(t)) === date);
  return new Date(onDate.length ? Math.min(...onDate) : Math.max(t1, t2)).toISOString();
}

/** The first instant after São Paulo day `date`. */
export function saoPauloDayEnd(date: string): string {
  return saoPauloDayStart(addDays(date, 1));
}
