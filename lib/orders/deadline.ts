/**
 * Payment deadlines as the buyer sees them: a payment is payable through the end of its last
 * São Paulo calendar day (payments.payableUntil). Browser-safe, no dependencies.
 */
import { addDays, BR_TZ, isIsoDate } from '@/lib/br/dates';

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

/** Offset of São Paulo from UTC at an instant, in ms (e.g. -3 h). */
function saoPauloOffsetMs(at: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of parts.formatToParts(new Date(at))) if (type !== 'literal') p[type] = Number(value);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a São Paulo calendar day ends (midnight starting the next day), or null for a bad date. */
export function endOfSaoPauloDay(date: string): Date | null {
  if (!isIsoDate(date)) return null;
  const [y, m, d] = addDays(date, 1).split('-').map(Number);
  const wallClock = Date.UTC(y, m - 1, d);
  // Two passes settle the offset even across a (historical) daylight-saving change.
  let instant = wallClock - saoPauloOffsetMs(wallClock);
  instant = wallClock - saoPauloOffsetMs(instant);
  return new Date(instant);
}

/** "2 dias e 3 h", "5 h 07 min", "12 min 05 s", "0 s" — time left until a deadline. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} ${days === 1 ? 'dia' : 'dias'} e ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
  return `${seconds} s`;
}
