/** Calendar dates in Brazil's time zone (America/Sao_Paulo), as the API's due dates are. */

export const BR_TZ = 'America/Sao_Paulo';

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: BR_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant, in São Paulo. */
export function saoPauloDate(at: Date = new Date()): string {
  return ymd.format(at);
}

/** Midday UTC of a YYYY-MM-DD date: a Date whose UTC calendar day is that date, far from either midnight. */
export function utcNoonOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

/** Adds calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** Whole days from a to b (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split('-').map(Number);
  const [by, bm, bd] = b.split('-').map(Number);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BR_TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Minutes São Paulo is ahead of UTC at `at` (e.g. -180), read from the time-zone database. */
function saoPauloOffsetMinutes(at: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of wallClockParts.formatToParts(new Date(at))) if (type !== 'literal') p[type] = Number(value);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The first instant of São Paulo calendar day `date` (YYYY-MM-DD). Exact for any date
 * (Brazil had daylight saving time until 2019): the offset is not assumed to be -03:00.
 */
export function startOfSaoPauloDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Local midnight minus the offset at a guess, then at that result. Around a DST change one
  // of the two lands on the previous day (or midnight did not exist): keep the earliest
  // candidate that is on `date` in São Paulo.
  const t1 = midnightUtc - saoPauloOffsetMinutes(midnightUtc) * 60_000;
  const t2 = midnightUtc - saoPauloOffsetMinutes(t1) * 60_000;
  const onDate = [t1, t2].filter((t) => saoPauloDate(new Date(t)) === date);
  return new Date(onDate.length ? Math.min(...onDate) : Math.max(t1, t2));
}

const dmy = new Intl.DateTimeFormat('pt-BR', { timeZone: BR_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const dmyhm = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BR_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

/** dd/mm/aaaa in São Paulo, for an instant (Date or ISO string) or a YYYY-MM-DD date. */
export function formatDateBR(value: Date | string): string {
  if (typeof value === 'string' && isIsoDate(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return dmy.format(typeof value === 'string' ? new Date(value) : value);
}

/** dd/mm/aaaa hh:mm in São Paulo. */
export function formatDateTimeBR(value: Date | string): string {
  return dmyhm.format(typeof value === 'string' ? new Date(value) : value).replace(',', '');
}
