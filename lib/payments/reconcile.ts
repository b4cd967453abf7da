/**
 * Reconciliation: the net under the webhooks. Re-reads from the provider every payment whose
 * state can still change and applies what it reads (source 'reconcile'):
 * - every pending payment (this is also how an order expires: the provider reports the QR
 *   code or boleto canceled once its window has passed; we never expire on our own clock);
 * - canceled or expired ones changed in the last 24 h (a late payment wins); a boleto canceled
 *   because the buyer switched to Pix, for 7 days (a bank may settle it late: attempts-apply.ts);
 * - paid ones changed in the last 7 days (a refund made elsewhere);
 * - creates whose answer was lost: re-sent with the same key and body after 30 s, given up
 *   (order expired) after 24 h.
 * In small batches with bounded concurrency, least recently checked first.
 */
import 'server-only';
import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { database } from '@/db';
import { payments, type Payment, currentPaymentOf } from '@/db/schema';
import { env } from '@/lib/config/env';
import { userMessage } from '@/lib/payment-provider/client';
import { logger, redactSecrets } from '@/lib/server/log';
import { releaseLapsedReservations } from './reservations';
import { CREATE_RETRY_AFTER_MS, syncPayment } from './sync';
import { intervalLoop } from '@/lib/server/interval-loop';

export const RECONCILE_CONCURRENCY = 4;
export const RECONCILE_DEFAULT_LIMIT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a boleto canceled for "Pagar com Pix agora" is still read for a late settlement. */
export const SUPERSEDED_BOLETO_WATCH_MS = 7 * DAY_MS;

/** The payments reconciliation looks at, least recently checked first. */
export async function reconcileCandidates(limit: number, now = Date.now()): Promise<Payment[]> {
  const iso = (ms: number) => new Date(ms).toISOString();
  return database()
    .db.select()
    .from(payments)
    .where(
      or(
        and(eq(payments.createState, 'creating'), lte(payments.createdAt, iso(now - CREATE_RETRY_AFTER_MS))),
        and(
          eq(payments.createState, 'created'),
          or(
            eq(payments.status, 'pending'),
            and(inArray(payments.status, ['canceled', 'expired']), gte(payments.updatedAt, iso(now - DAY_MS))),
            // A boleto replaced by a Pix: a bank may still settle it days after its cancellation.
            and(eq(payments.method, 'boleto'), eq(payments.status, 'canceled'), isNotNull(payments.supersededAt), gte(payments.updatedAt, iso(now - SUPERSEDED_BOLETO_WATCH_MS))),
            and(eq(payments.status, 'paid'), gte(payments.updatedAt, iso(now - 7 * DAY_MS))),
          ),
        ),
      ),
    )
    .orderBy(sql`${payments.lastCheckedAt} is not null`, asc(payments.lastCheckedAt), asc(payments.createdAt))
    .limit(limit);
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * One pass. `deadlineMs`: start no payment after that long (the cron route's time box); what
 * is `left` goes first next time (least recently checked first).
 */
export async function reconcileAll(opts: { limit?: number; deadlineMs?: number } = {}): Promise<{ checked: number; changed: number; left: number }> {
  const stopAt = opts.deadlineMs === undefined ? Infinity : Date.now() + opts.deadlineMs;
  const limit = Math.max(1, Math.min(opts.limit ?? RECONCILE_DEFAULT_LIMIT, 10_000));
  // Unpaid orders past the "Reserva de estoque" put their units back on the shelf.
  await releaseLapsedReservations().catch((error) => logger().error({ err: redactSecrets(String(error)) }, 'reconcile: releasing reservations failed'));
  const candidates = await reconcileCandidates(limit);
  let checked = 0;
  let changed = 0;
  let failed = 0;
  let firstError: string | undefined;
  let left = 0;
  await pool(candidates, RECONCILE_CONCURRENCY, async (p) => {
    if (Date.now() >= stopAt) {
      left++;
      return;
    }
    try {
      const r = await syncPayment(p, 'reconcile');
      if (r.checked) checked++;
      if (r.changed) changed++;
      if (r.error) {
        failed++;
        firstError ??= redactSecrets(String(r.error));
      }
    } catch (error) {
      failed++;
      logger().error({ paymentId: p.id, err: redactSecrets(String(error)) }, 'reconcile: payment failed');
    }
  });
  // A failure is a payment left as it was until the next pass (provider down, database busy):
  // worth a warning, since syncPayment keeps the error to itself.
  if (failed > 0) logger().warn({ candidates: candidates.length, checked, changed, failed, firstError }, 'reconcile pass with failures');
  else if (changed > 0) logger().info({ candidates: candidates.length, checked, changed }, 'reconcile pass');
  return { checked, changed, left };
}

/** One order now (the merchant's "Reconciliar agora"). `error` (pt-BR) when the provider could not be read. */
export async function reconcileOrder(orderId: string): Promise<{ changed: boolean; error?: string }> {
  const [p] = await database().db.select().from(payments).where(currentPaymentOf(orderId));
  if (!p) return { changed: false, error: 'Pedido não encontrado.' };
  const r = await syncPayment(p, 'reconcile');
  return r.error ? { changed: r.changed, error: userMessage(r.error) } : { changed: r.changed };
}

// ---------- in-process scheduler (one Node host) ----------

const scheduler = intervalLoop(
  'reconcile.scheduler',
  () => reconcileAll(),
  (error) => logger().error({ err: redactSecrets(String(error)) }, 'reconcile pass failed'),
);

/** Runs reconcileAll every RECONCILE_INTERVAL_SECONDS (0 = off); never two passes at once. Idempotent. */
export function startReconcileScheduler(): void {
  const seconds = env().reconcileIntervalSeconds;
  if (seconds && scheduler.start(seconds * 1000)) logger().info({ everySeconds: seconds }, 'reconciliation scheduled');
}

/** Stops the scheduler and waits for a pass in progress. */
export function stopReconcileScheduler(): Promise<void> {
  return scheduler.stop();
}
