/**
 * The dashboard overview's numbers, in São Paulo calendar days:
 * - revenue = what was paid (orders.paid_at, the order's total) minus what was refunded
 *   (payments.refunded_at, the refunded amount), each counted on the day it happened;
 * - a 30-day daily series of the same, today included;
 * - orders per state; conversion per method (paid / created, orders created in the last 30 days);
 * - late payments (paid after being canceled or expired) paid in the last 30 days.
 * Aggregates are read per UTC hour and folded into São Paulo days here (every offset the
 * zone ever had is a whole hour), so the SQL stays on the indexes and the days stay exact.
 */
import 'server-only';
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { ORDER_STATUSES, orders, payments, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from '@/db/schema';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { saoPauloDayStart } from './sp-time';

export const CHART_DAYS = 30;

export type DayRevenue = { date: string; paidCents: number; refundedCents: number; netCents: number; paidCount: number };
export type Conversion = { method: PaymentMethod; created: number; paid: number; rate: number | null };

export type OverviewStats = {
  today: DayRevenue;
  last30: { from: string; to: string; paidCents: number; refundedCents: number; netCents: number; paidCount: number };
  daily: DayRevenue[];
  statusCounts: Record<OrderStatus, number>;
  partiallyRefunded: number;
  totalOrders: number;
  latePayments: number;
  conversion: Conversion[];
};

export type HourRow = { hour: string; cents: number | null; n: number };

/**
 * Paid totals and refunds by UTC hour (`YYYY-MM-DDTHH`) between two instants: what the overview's
 * chart and the period's numbers turn into São Paulo days (a São Paulo day is whole UTC hours).
 */
async function revenueByHour(start: string, end: string): Promise<{ paidRows: HourRow[]; refundRows: HourRow[] }> {
  const paidHour = sql<string>`substr(${orders.paidAt}, 1, 13)`;
  const paidRows = (await db()
    .select({ hour: paidHour, cents: sql<number>`sum(${orders.totalCents})`, n: count() })
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .groupBy(paidHour)) as HourRow[];
  // Only the attempt the order counts: a double payment's refunded Pix was never revenue.
  // A refund sets refunded_at and updated_at together and updated_at only grows, so the
  // (status, updated_at) index narrows the scan; refunded_at then decides the day.
  const refundedWhen = sql<string>`coalesce(${payments.refundedAt}, ${payments.updatedAt})`;
  const refundHour = sql<string>`substr(${refundedWhen}, 1, 13)`;
  const refundRows = (await db()
    .select({ hour: refundHour, cents: sql<number>`sum(${payments.refundedCents})`, n: count() })
    .from(payments)
    .where(and(eq(payments.status, 'refunded'), isNull(payments.supersededAt), gte(payments.updatedAt, start), gte(refundedWhen, start), lt(refundedWhen, end)))
    .groupBy(refundHour)) as HourRow[];
  return { paidRows, refundRows };
}

function spDateOfHour(hour: string): string {
  return saoPauloDate(new Date(`${hour}:00:00.000Z`));
}

/**
 * `dayCount` São Paulo days from `firstDay`, each with what was paid and refunded on it (a day
 * without either at zero): the overview's chart and the period's numbers.
 */
export async function dailyRevenue(firstDay: string, dayCount: number): Promise<DayRevenue[]> {
  const { paidRows, refundRows } = await revenueByHour(saoPauloDayStart(firstDay), saoPauloDayStart(addDays(firstDay, dayCount)));
  const days = new Map<string, DayRevenue>();
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(firstDay, i);
    days.set(date, { date, paidCents: 0, refundedCents: 0, netCents: 0, paidCount: 0 });
  }
  for (const r of paidRows) {
    const d = days.get(spDateOfHour(r.hour));
    if (!d) continue;
    d.paidCents += Number(r.cents ?? 0);
    d.paidCount += Number(r.n);
  }
  for (const r of refundRows) {
    const d = days.get(spDateOfHour(r.hour));
    if (d) d.refundedCents += Number(r.cents ?? 0);
  }
  return [...days.values()].map((d) => ({ ...d, netCents: d.paidCents - d.refundedCents }));
}

export async function overviewStats(now: Date = new Date()): Promise<OverviewStats> {
  const todaySp = saoPauloDate(now);
  const firstDay = addDays(todaySp, -(CHART_DAYS - 1));
  const start = saoPauloDayStart(firstDay);
  const end = saoPauloDayStart(addDays(todaySp, 1));

  const daily = await dailyRevenue(firstDay, CHART_DAYS);
  const sum = (k: 'paidCents' | 'refundedCents' | 'netCents' | 'paidCount') => daily.reduce((a, d) => a + d[k], 0);

  const statusRows = await db().select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of statusRows) statusCounts[r.status] = Number(r.n);
  const [partial] = await db()
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, 'refunded'), lt(orders.refundedCents, orders.totalCents)));
  // Paid in the window after having been canceled or expired (late_payment has no index; paid_at has).
  const [late] = await db()
    .select({ n: count() })
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end), eq(orders.latePayment, true)));

  const conversionRows = await db()
    .select({ method: orders.method, created: count(), paid: sql<number>`sum(case when ${orders.paidAt} is not null then 1 else 0 end)` })
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .groupBy(orders.method);
  const conversion: Conversion[] = PAYMENT_METHODS.map((method) => {
    const r = conversionRows.find((x) => x.method === method);
    const created = Number(r?.created ?? 0);
    const paid = Number(r?.paid ?? 0);
    return { method, created, paid, rate: created > 0 ? paid / created : null };
  });

  return {
    today: daily[daily.length - 1],
    last30: { from: firstDay, to: todaySp, paidCents: sum('paidCents'), refundedCents: sum('refundedCents'), netCents: sum('netCents'), paidCount: sum('paidCount') },
    daily,
    statusCounts,
    partiallyRefunded: Number(partial?.n ?? 0),
    totalOrders: Object.values(statusCounts).reduce((a, b) => a + b, 0),
    latePayments: Number(late?.n ?? 0),
    conversion,
  };
}
