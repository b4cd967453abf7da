/**
 * A subscription's calendar (pure): cycle n falls `n × interval` months after the first, on the
 * first cycle's day of month, or on the month's last day when the month is shorter (a monthly
 * subscription started on the 31st is charged on 30/04, 28/02 or 29/02). A cycle's order is
 * created "Dias de antecedência" before its date: long enough for a boleto to reach the bank app
 * (3 days), one day for a Pix (due the next day, the charge's own rule). Dates are São Paulo
 * calendar dates (YYYY-MM-DD).
 */
import { addDays } from '@balcao/br/dates';

export const INTERVALS = [1, 2, 3] as const;
export type IntervalMonths = (typeof INTERVALS)[number];
export const INTERVAL_LABELS: Record<IntervalMonths, string> = { 1: 'Mensal', 2: 'A cada 2 meses', 3: 'A cada 3 meses' };
/** What the API calls each interval (`interval`). */
export const INTERVAL_API: Record<IntervalMonths, 'month' | '2 months' | '3 months'> = { 1: 'month', 2: '2 months', 3: '3 months' };
/** "R$ 59,90/mês" and its siblings. */
export const PER_PERIOD: Record<IntervalMonths, string> = { 1: '/mês', 2: '/2 meses', 3: '/3 meses' };

/** "Dias de antecedência": how long before its date a cycle's charge is created (the defaults; Configurações → "Assinaturas", settings.ts). */
export const LEAD_DAYS: LeadDays = { pix: 1, boleto: 3 };
export type LeadDays = { pix: number; boleto: number };
/** "Tentativas": unpaid cycles in a row before the subscription is "Suspensa" (the default). */
export const MAX_UNPAID_IN_ROW = 3;

export function isInterval(n: number): n is IntervalMonths {
  return (INTERVALS as readonly number[]).includes(n);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** The date of cycle `n` (0 is the first) of a subscription started on `startDate` on day `anchorDay`. */
export function cycleDate(startDate: string, anchorDay: number, intervalMonths: number, n: number): string {
  const [y, m] = startDate.split('-').map(Number);
  const months = m - 1 + n * intervalMonths;
  const year = y + Math.floor(months / 12);
  const month0 = ((months % 12) + 12) % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month0));
  return `${year}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day the order of a cycle dated `date` is created and charged, `lead` days before it. */
export function createOn(date: string, method: 'pix' | 'boleto', lead: LeadDays = LEAD_DAYS): string {
  return addDays(date, -lead[method]);
}

/** A subscription's amount per period, as a month's share (integer centavos, half up): the MRR's unit. */
export function monthlyCents(amountCents: number, intervalMonths: number): number {
  return Math.round(amountCents / intervalMonths);
}

/** The subscription's unit price: the catalog's less "Desconto na assinatura" (basis points, half up). */
export function subscriptionUnitCents(catalogCents: number, discountBps: number): number {
  return catalogCents - Math.round((catalogCents * discountBps) / 10_000);
}

/** The unit price cycle `n` charges: a confirmed new price only from the cycle its notice names. */
export function unitPriceForCycle(s: { unitPriceCents: number; newUnitPriceCents: number | null; newPriceFromCycle: number | null }, n: number): number {
  return s.newUnitPriceCents !== null && s.newPriceFromCycle !== null && n >= s.newPriceFromCycle ? s.newUnitPriceCents : s.unitPriceCents;
}

/**
 * A cycle's fate before any order: a pause ("Pausar assinatura", cycles before
 * `pausedUntilCycle`) or the merchant's skip leave it without a charge.
 */
export function cycleIsPaused(s: { pausedUntilCycle: number | null }, n: number): boolean {
  return s.pausedUntilCycle !== null && n < s.pausedUntilCycle;
}

/** After an unpaid cycle: the count in a row, and whether the subscription is now "Suspensa". */
export function afterUnpaid(unpaidInRow: number, max = MAX_UNPAID_IN_ROW): { unpaidInRow: number; suspend: boolean } {
  const n = unpaidInRow + 1;
  return { unpaidInRow: n, suspend: n >= max };
}
