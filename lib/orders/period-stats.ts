/**
 * The overview's numbers for a chosen period and for the period just before it, of the same
 * length (lib/orders/periods.ts), in São Paulo days:
 * - revenue = paid (orders.paid_at, the order's total) minus refunded (payments.refunded_at), as
 *   in overview.ts; orders paid; "Ticket médio" = paid ÷ orders paid; conversion = orders created
 *   in the period that are paid ÷ orders created in it;
 * - the period's days, its five best-selling products (a product's variants together) and the
 *   payment mix (Pix / boleto) of what was paid in it.
 * Aggregates are read per UTC hour and folded into São Paulo days here (overview.ts says why).
 */
import 'server-only';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { orderItems, orders, products, PAYMENT_METHODS, type PaymentMethod } from '@/db/schema';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { dailyRevenue, type DayRevenue } from './overview';
import { averageTicket, change, periodRange, previousRange, type Change, type DayRange, type Period } from './periods';
import { saoPauloDayStart } from './sp-time';

export type PeriodTotals = {
  netCents: number;
  paidCents: number;
  refundedCents: number;
  paidCount: number;
  ticketCents: number | null;
  created: number;
  createdPaid: number;
  conversion: number | null;
};

export type PeriodStats = {
  period: Period;
  range: DayRange;
  previous: DayRange;
  current: PeriodTotals;
  before: PeriodTotals;
  changes: { netCents: Change | null; paidCount: Change | null; ticketCents: Change | null; conversion: Change | null };
  daily: DayRevenue[];
  topProducts: { name: string; quantity: number; cents: number }[];
  paymentMix: { method: PaymentMethod; count: number; cents: number }[];
};

async function conversionOf(r: DayRange): Promise<{ created: number; createdPaid: number }> {
  const [row] = await db()
    .select({ created: count(), paid: sql<number>`coalesce(sum(case when ${orders.paidAt} is not null then 1 else 0 end), 0)` })
    .from(orders)
    .where(and(gte(orders.createdAt, saoPauloDayStart(r.from)), lt(orders.createdAt, saoPauloDayStart(addDays(r.to, 1)))));
  return { created: Number(row?.created ?? 0), createdPaid: Number(row?.paid ?? 0) };
}

function totals(list: DayRevenue[], conv: { created: number; createdPaid: number }): PeriodTotals {
  const sum = (k: 'paidCents' | 'refundedCents' | 'paidCount') => list.reduce((a, d) => a + d[k], 0);
  const paidCents = sum('paidCents');
  const refundedCents = sum('refundedCents');
  const paidCount = sum('paidCount');
  return {
    netCents: paidCents - refundedCents,
    paidCents,
    refundedCents,
    paidCount,
    ticketCents: averageTicket(paidCents, paidCount),
    ...conv,
    conversion: conv.created > 0 ? conv.createdPaid / conv.created : null,
  };
}

export async function periodStats(period: Period, now: Date = new Date()): Promise<PeriodStats> {
  const range = periodRange(period, saoPauloDate(now));
  const previous = previousRange(range);
  const end = saoPauloDayStart(addDays(range.to, 1));
  const rangeStart = saoPauloDayStart(range.from);

  // The previous period and this one, day by day (the previous ends the day before this begins).
  const list = await dailyRevenue(previous.from, previous.days + range.days);
  const daily = list.slice(previous.days);
  const [convNow, convBefore] = await Promise.all([conversionOf(range), conversionOf(previous)]);
  const current = totals(daily, convNow);
  const before = totals(list.slice(0, previous.days), convBefore);

  // A product's variants are one product here: grouped by the catalog product, named as in the catalog.
  const productKey = sql<string>`coalesce(cast(${orderItems.productId} as text), ${orderItems.name})`;
  const top = await db()
    .select({
      name: sql<string>`coalesce(max(${products.name}), max(${orderItems.name}))`,
      quantity: sql<number>`sum(${orderItems.quantity})`,
      cents: sql<number>`sum(${orderItems.lineTotalCents})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(gte(orders.paidAt, rangeStart), lt(orders.paidAt, end)))
    .groupBy(productKey)
    .orderBy(desc(sql`sum(${orderItems.quantity})`), desc(sql`sum(${orderItems.lineTotalCents})`))
    .limit(5);

  const mixRows = await db()
    .select({ method: orders.method, n: count(), cents: sql<number>`sum(${orders.totalCents})` })
    .from(orders)
    .where(and(gte(orders.paidAt, rangeStart), lt(orders.paidAt, end)))
    .groupBy(orders.method);

  return {
    period,
    range,
    previous,
    current,
    before,
    changes: {
      netCents: change(current.netCents, before.netCents),
      paidCount: change(current.paidCount, before.paidCount),
      ticketCents: current.ticketCents === null || before.ticketCents === null ? null : change(current.ticketCents, before.ticketCents),
      conversion: current.conversion === null || before.conversion === null ? null : change(current.conversion, before.conversion),
    },
    daily,
    topProducts: top.map((t) => ({ name: t.name, quantity: Number(t.quantity), cents: Number(t.cents) })),
    paymentMix: PAYMENT_METHODS.map((method) => {
      const r = mixRows.find((x) => x.method === method);
      return { method, count: Number(r?.n ?? 0), cents: Number(r?.cents ?? 0) };
    }),
  };
}
