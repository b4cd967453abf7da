/**
 * refreshSoon: the buyer's status polling asks for a fetch-back of a pending payment, so the
 * page heals even when a webhook is lost. Fire-and-forget, at most once per 5 s per payment
 * (an order has exactly one payment, so its token is the key), errors logged and swallowed.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders, payments, currentPaymentOf } from '@/db/schema';
import { withAfterPass } from '@/lib/server/after-pass';
import { logger, redactSecrets } from '@/lib/server/log';
import { tokenHash } from '@/lib/security';
import { syncPayment } from './sync';
import { processSingleton } from '@/lib/process/context';

export const REFRESH_MIN_INTERVAL_MS = 5_000;
const MAX_ENTRIES = 10_000;

const lastRun = processSingleton('payments.refresh', () => new Map<string, number>());

/** True when a refresh for `id` may run now (and records it). */
export function takeRefreshSlot(id: string, now = Date.now()): boolean {
  const map = lastRun();
  const last = map.get(id);
  if (last !== undefined && now - last < REFRESH_MIN_INTERVAL_MS) return false;
  if (map.size >= MAX_ENTRIES) {
    for (const [k, t] of map) if (now - t >= REFRESH_MIN_INTERVAL_MS) map.delete(k);
    if (map.size >= MAX_ENTRIES) map.clear();
  }
  map.set(id, now);
  return true;
}

/** Runs the refresh and resolves when done (refreshSoon does not wait for it). */
export async function refreshNow(orderToken: string): Promise<void> {
  const [row] = await database()
    .db.select({ payment: payments })
    .from(orders)
    .innerJoin(payments, currentPaymentOf(orders.id))
    .where(eq(orders.token, orderToken));
  if (!row || row.payment.status !== 'pending') return;
  const r = await syncPayment(row.payment, 'status_poll');
  if (r.error) logger().warn({ paymentId: row.payment.id, err: redactSecrets(String(r.error)) }, 'refresh: provider read failed');
}

export function refreshSoon(orderToken: string): void {
  if (typeof orderToken !== 'string' || orderToken.length === 0 || orderToken.length > 128) return;
  if (!takeRefreshSlot(tokenHash(orderToken))) return;
  // A payment this read moves has its e-mails and webhooks sent as soon as it is applied.
  withAfterPass(() => refreshNow(orderToken)).catch((error) => logger().warn({ order: tokenHash(orderToken), err: redactSecrets(String(error)) }, 'refresh failed'));
}
