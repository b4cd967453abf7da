/**
 * The NF-e issuer: the `nfe` channel's worker (lib/outbox), whose every pass first turns
 * "Emitir automaticamente quando o pedido for pago" into emission rows (paid orders since the
 * connection, with no invoice yet). Its loop, cron pass and after-pass come from its one entry
 * in OUTBOX_CHANNELS (lib/jobs/jobs.ts).
 */
import 'server-only';
import { and, eq, gte, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { orderInvoices, orders } from '@/db/schema';
import { outboxWorker } from '@/lib/outbox/worker';
import { blingSettingsRow, blingTarget, isConnected } from './connection';
import { invoiceChannel, requestEmission } from './emission';

/** Paid orders (since the shop connected Bling) with no invoice row, when the shop issues automatically. */
export async function queueAutomaticEmissions(limit = 20): Promise<number> {
  const s = await blingSettingsRow();
  if (!isConnected(s) || !s?.autoEmit || !s.natureId || !s.connectedAt) return 0;
  const waiting = await db()
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(orderInvoices, eq(orderInvoices.orderId, orders.id))
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, s.connectedAt), isNull(orderInvoices.id)))
    .limit(limit);
  for (const o of waiting) await requestEmission(o.id);
  return waiting.length;
}

export const invoiceWorker = outboxWorker({
  name: 'nfe',
  intervalMs: 5_000,
  channel: () => invoiceChannel(),
  enabled: () => blingTarget() !== null,
  before: async ({ via }) => {
    if (via !== 'after-pass') await queueAutomaticEmissions();
  },
});
