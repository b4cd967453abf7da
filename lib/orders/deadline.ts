/**
 * Payment deadlines as the buyer sees them: a payment is payable through the end of its last
 * São Paulo calendar day (payments.payableUntil). Browser-safe, no dependencies.
 */
import { plural } from '@balcao/br/plural';
import { addDays, isIsoDate, startOfSaoPauloDay } from '@balcao/br/dates';

/** The instant a São Paulo calendar day ends (midnight starting the next day), or null for a bad date. */
export function endOfSaoPauloDay(date: string): Date | null {
  if (!isIsoDate(date)) return null;
  return startOfSaoPauloDay(addDays(date, 1));
}

/** "2 dias e 3 h", "5 h 07 min", "12 min 05 s", "0 s" — time left until a deadline. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${plural(days, 'dia', 'dias')} e ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
  return `${seconds} s`;
}
