/**
 * The NF-e issuer's passes: "Emitir automaticamente quando o pedido for pago" (paid orders
 * since the connection, with no invoice yet, get an emission row) and then the due rows of the
 * outbox (lib/nfe/emission.ts). A Node host runs it every 5 seconds; the cron route runs one pass.
 */
import 'server-only';
import { and, count, eq, gte, isNull, lte } from 'drizzle-orm';
import { db } from '@/db';
import { orderInvoices, orders } from '@/db/schema';
import { intervalLoop } from '@/lib/server/interval-loop';
import { logger } from '@/lib/server/log';
import { blingSettingsRow, blingTarget, isConnected } from './connection';
import { requestEmission, sendDueInvoices } from './emission';

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

export async function runInvoiceIssuerOnce(): Promise<void> {
  if (!blingTarget()) return;
  await queueAutomaticEmissions();
  await sendDueInvoices();
}

export async function invoiceWorkLeft(): Promise<number> {
  const nowIso = new Date((blingTarget()?.now ?? Date.now)()).toISOString();
  const [due] = await db().select({ n: count() }).from(orderInvoices).where(and(eq(orderInvoices.status, 'pending'), lte(orderInvoices.nextAttemptAt, nowIso)));
  return due?.n ?? 0;
}

const issuerLoop = intervalLoop(
  'nfe.issuer',
  () => runInvoiceIssuerOnce(),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'NF-e issuer pass failed'),
);

export function startInvoiceIssuer(intervalMs = 5_000): void {
  issuerLoop.start(intervalMs);
}

export function stopInvoiceIssuer(): Promise<void> {
  return issuerLoop.stop();
}

