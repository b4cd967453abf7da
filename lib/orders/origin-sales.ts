/**
 * "Vendas por origem" on the overview: the orders created in a window grouped by where the
 * buyer came from (the order's source — utm_source, else the referring host, else "direto" —
 * and campaign), with how many were paid, the revenue they brought (paid orders' totals less
 * what was refunded of them) and the conversion (paid / created). Orders created in the window,
 * whenever paid: the same reading as the overview's conversion by method.
 */
import 'server-only';
import { and, gte, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { DIRECT_SOURCE } from '@/lib/attribution/attribution';
import { addDays } from '@balcao/br/dates';
import { saoPauloDayStart } from './sp-time';

export type OriginSales = { source: string; campaign: string | null; created: number; paid: number; revenueCents: number; rate: number | null };

/** The largest origins first (by revenue, then orders); at most `limit` rows. */
export async function salesByOrigin(window: { start: string; end: string }, limit = 20): Promise<OriginSales[]> {
  const source = sql<string>`coalesce(${orders.originSource}, ${DIRECT_SOURCE})`;
  const paid = sql`${orders.paidAt} is not null`;
  const revenue = sql<number>`sum(case when ${paid} then ${orders.totalCents} - ${orders.refundedCents} - ${orders.manualRefundCents} else 0 end)`;
  const rows = await db()
    .select({
      source,
      campaign: orders.originCampaign,
      created: sql<number>`count(*)`,
      paid: sql<number>`sum(case when ${paid} then 1 else 0 end)`,
      revenueCents: revenue,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, window.start), lt(orders.createdAt, window.end)))
    .groupBy(source, orders.originCampaign)
    .orderBy(sql`${revenue} desc`, sql`count(*) desc`, source)
    .limit(limit);
  return rows.map((r) => {
    const created = Number(r.created);
    const paidCount = Number(r.paid ?? 0);
    return { source: r.source, campaign: r.campaign, created, paid: paidCount, revenueCents: Math.max(0, Number(r.revenueCents ?? 0)), rate: created > 0 ? paidCount / created : null };
  });
}

/** The sources seen on orders (for the orders list's "Origem" filter), most used first. */
export async function originChoices(limit = 50): Promise<string[]> {
  const source = sql<string>`coalesce(${orders.originSource}, ${DIRECT_SOURCE})`;
  const rows = await db().select({ source }).from(orders).groupBy(source).orderBy(sql`count(*) desc`, source).limit(limit);
  return rows.map((r) => r.source);
}

/** The same over São Paulo calendar days, `from` to `to` inclusive (the overview's period). */
export function salesByOriginOnDays(from: string, to: string, limit = 20): Promise<OriginSales[]> {
  return salesByOrigin({ start: saoPauloDayStart(from), end: saoPauloDayStart(addDays(to, 1)) }, limit);
}
