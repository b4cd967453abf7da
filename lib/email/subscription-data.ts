/**
 * What a subscription's e-mail shows (lib/email/templates/subscription.ts): read from the
 * subscription tables as they are when the e-mail is sent. A notice's outbox key names its
 * subscription and notice (`sub:<id>:<notice>:<occasion>`); a cycle order's instructions are
 * worded for the subscription when the order is a later cycle's.
 */
import 'server-only';
import { and, eq, gte } from 'drizzle-orm';
import { db } from '@/db';
import { orders, products, subscriptionCycles, subscriptions, type SubscriptionRow } from '@/db/schema';
import type { EmailData } from './templates';

const MONTH_DAYS = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/** The next cycle's date (the same rule as lib/subscriptions/schedule.ts `cycleDate`). */
function nextDateOf(s: SubscriptionRow): string {
  const [y, m] = s.startDate.split('-').map(Number);
  const months = m - 1 + s.nextCycle * s.intervalMonths;
  const year = y + Math.floor(months / 12);
  const m0 = months % 12;
  return `${year}-${String(m0 + 1).padStart(2, '0')}-${String(Math.min(s.anchorDay, MONTH_DAYS(year, m0))).padStart(2, '0')}`;
}

async function viewOf(s: SubscriptionRow, notice: string, appUrl: string): Promise<NonNullable<EmailData['subscription']>> {
  const [p] = await db().select({ name: products.name }).from(products).where(eq(products.id, s.productId));
  const dashboard = notice === 'sold_out_merchant';
  return {
    notice,
    url: dashboard ? `${appUrl}/dashboard/assinaturas/${s.id}` : `${appUrl}/assinaturas/${encodeURIComponent(s.token)}`,
    productName: p?.name ?? 'sua assinatura',
    nextChargeDate: s.status === 'canceled' ? null : nextDateOf(s),
    amountCents: s.unitPriceCents * s.quantity,
    newAmountCents: s.newUnitPriceCents === null ? null : s.newUnitPriceCents * s.quantity,
  };
}

export async function subscriptionEmailData(row: { orderId: string; dedupeKey: string; kind: string }, appUrl: string): Promise<EmailData['subscription']> {
  const notice = /^sub:([^:]+):([a-z_]+):/.exec(row.dedupeKey);
  if (notice) {
    const [s] = await db().select().from(subscriptions).where(eq(subscriptions.id, notice[1]));
    return s ? viewOf(s, notice[2], appUrl) : undefined;
  }
  if (row.kind !== 'instructions') return undefined;
  // By the order's checkout key: the cycle's row names it before the order exists (its e-mail may
  // go out before the cycle stores the order's id).
  const [cycle] = await db()
    .select({ subscriptionId: subscriptionCycles.subscriptionId })
    .from(subscriptionCycles)
    .innerJoin(orders, eq(orders.checkoutKey, subscriptionCycles.checkoutKey))
    .where(and(eq(orders.id, row.orderId), gte(subscriptionCycles.cycle, 1)));
  if (!cycle) return undefined;
  const [s] = await db().select().from(subscriptions).where(eq(subscriptions.id, cycle.subscriptionId));
  return s ? viewOf(s, 'cycle', appUrl) : undefined;
}
