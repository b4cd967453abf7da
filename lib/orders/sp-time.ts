/**
 * São Paulo calendar days as UTC instants, for filtering ISO timestamps stored in UTC.
 * Exact for any date (Brazil had daylight saving time until 2019): the offset is read from
 * the time-zone database, not assumed to be -03:00.
 */
import { addDays, startOfSaoPauloDay } from '@balcao/br/dates';

/** The first instant of São Paulo day `date` (YYYY-MM-DD), as an ISO string in UTC. */
export function saoPauloDayStart(date: string): string {
  return startOfSaoPauloDay(date).toISOString();
}

/** The first instant after São Paulo day `date`. */
export function saoPauloDayEnd(date: string): string {
  return saoPauloDayStart(addDays(date, 1));
}
