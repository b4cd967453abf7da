/**
 * Delivers the merchant's webhooks. Two steps per pass:
 * 1. fan-out: each new order event (lib/outbound-events) becomes one delivery per enabled endpoint
 *    subscribed to its type, with its body fixed then (the order as it is at that moment), so
 *    every retry sends the same bytes with the same `webhook-id`;
 * 2. delivery: each due delivery is signed (Standard Webhooks, the `standardwebhooks` library)
 *    and POSTed under the SSRF rules of every outgoing webhook (@balcao/server-kit/webhook-target:
 *    WEBHOOK_ALLOWED_ORIGINS, loopback in development); any 2xx is delivered, anything else is
 *    retried with exponential back-off for up to 3 days, then failed. Every attempt is logged.
 * At least once: a delivery is leased while in flight, so two processes do not send it at the
 * same time, and a crash mid-attempt sends it again after the lease. Order is not promised.
 * The pass is also the API's housekeeping: every 10 minutes it sweeps the stored idempotent
 * answers past their 24 hours (http.ts), on a Node host and through the cron route alike.
 */
import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { checkWebhookTarget, guardedFetch, TARGET_REFUSED, type TargetPolicy } from '@balcao/server-kit/webhook-target';
import { database } from '@/db';
import { run } from '@/db/driver';
import { abandonedOfEvent } from './abandoned';
import { reviewOfEvent } from './reviews';
import { checkoutSessions, orders, outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints } from '@/db/schema';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';
import { intervalLoop } from '@/lib/server/interval-loop';
import { logger } from '@/lib/server/log';
import { sweepIdempotency } from './http';
import { apiOrders } from './orders';

export const GIVE_UP_AFTER_MS = 3 * 24 * 3600 * 1000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 12 * 3600 * 1000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const USER_AGENT = 'Balcao-Webhooks/1.0';

/** The wait after the n-th failed attempt (1-based): 10 s, 40 s, 2 min 40 s … at most 12 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

export type WorkerDeps = { fetch?: typeof fetch; now?: () => number; policy?: TargetPolicy };

function policyOf(deps: WorkerDeps): TargetPolicy {
  if (deps.policy) return deps.policy;
  const e = env();
  return { allowedOrigins: [new URL(e.appUrl).origin, ...e.webhookTargets.allowedOrigins], allowLoopback: e.webhookTargets.allowLoopback };
}

/** Fans new events out to the endpoints subscribed now (only the events with `keys` when given). Returns how many deliveries it made. */
export async function fanOut(nowIso = new Date().toISOString(), keys?: readonly string[]): Promise<number> {
  const { db } = database();
  const notYet = isNull(outboundEvents.fannedOutAt);
  const events = await db
    .select()
    .from(outboundEvents)
    .where(keys ? and(inArray(outboundEvents.dedupeKey, [...keys]), notYet) : notYet)
    .orderBy(asc(outboundEvents.createdAt))
    .limit(100);
  if (events.length === 0) return 0;
  const endpoints = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));
  let made = 0;
  for (const event of events) {
    const targets = endpoints.filter((e) => e.events.split(',').includes(event.type));
    let body: string | null = null;
    if (targets.length > 0 && event.type === 'review.created') {
      // A buyer's review: `data.review` (lib/public-api/reviews.ts).
      const review = await reviewOfEvent(event.dedupeKey);
      if (review) body = JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt, data: { review, checkout_session_id: null, metadata: {} } });
    } else if (targets.length > 0 && event.type === 'checkout.abandoned') {
      // A saved checkout, no order yet: `data.checkout` (lib/public-api/abandoned.ts).
      const checkout = await abandonedOfEvent(event.dedupeKey);
      if (checkout) body = JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt, data: { checkout, checkout_session_id: null, metadata: {} } });
    } else if (targets.length > 0 && event.orderId) {
      const [row] = await db.select().from(orders).where(eq(orders.id, event.orderId));
      const [order] = row ? await apiOrders([row]) : [];
      const [session] = await db.select({ id: checkoutSessions.id, metadata: checkoutSessions.metadata }).from(checkoutSessions).where(eq(checkoutSessions.orderId, event.orderId));
      if (order) {
        body = JSON.stringify({
          id: event.id,
          type: event.type,
          created_at: event.createdAt,
          data: { order, checkout_session_id: session?.id ?? null, metadata: order.metadata },
        });
      }
    }
    made += await database().transaction(function* (tx) {
      let n = 0;
      if (body) {
        for (const t of targets) n += yield* run(tx.insert(outboundDeliveries).values({ eventId: event.id, endpointId: t.id, body, nextAttemptAt: nowIso }).onConflictDoNothing());
      }
      yield* run(tx.update(outboundEvents).set({ fannedOutAt: nowIso }).where(eq(outboundEvents.id, event.id)));
      return n;
    });
  }
  return made;
}

type Due = { id: number; eventId: string; body: string; attempts: number; createdAt: string; url: string; secret: string };

/**
 * What makes a delivery due now: pending, its endpoint enabled, its time come, no lease held.
 * One condition for the pass that sends them and for the count the cron route reports, so a
 * disabled endpoint's deliveries are neither sent nor reported as work left. It names the
 * endpoint's columns: the query joins `webhookEndpoints`.
 */
function dueNow(nowIso: string) {
  return and(
    eq(outboundDeliveries.status, 'pending'),
    eq(webhookEndpoints.enabled, true),
    lte(outboundDeliveries.nextAttemptAt, nowIso),
    or(isNull(outboundDeliveries.leaseUntil), lt(outboundDeliveries.leaseUntil, nowIso)),
  );
}

async function dueDeliveries(nowIso: string, keys?: readonly string[]): Promise<Due[]> {
  return database()
    .db.select({
      id: outboundDeliveries.id,
      eventId: outboundDeliveries.eventId,
      body: outboundDeliveries.body,
      attempts: outboundDeliveries.attempts,
      createdAt: outboundDeliveries.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(outboundDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboundDeliveries.endpointId))
    .where(
      and(
        dueNow(nowIso),
        keys ? inArray(outboundDeliveries.eventId, database().db.select({ id: outboundEvents.id }).from(outboundEvents).where(inArray(outboundEvents.dedupeKey, [...keys]))) : undefined,
      ),
    )
    .orderBy(asc(outboundDeliveries.nextAttemptAt))
    .limit(50);
}

/** The Standard Webhooks headers of one attempt. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

async function attempt(d: Due, deps: WorkerDeps, policy: TargetPolicy): Promise<void> {
  const now = deps.now ?? Date.now;
  const started = now();
  const leaseUntil = new Date(started + LEASE_MS).toISOString();
  const startedIso = new Date(started).toISOString();
  const claimed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(outboundDeliveries)
        .set({ leaseUntil })
        .where(
          and(
            eq(outboundDeliveries.id, d.id),
            eq(outboundDeliveries.status, 'pending'),
            // Still due: a pass that read the row before another attempted it (and set its next
            // try) must not send it again at once.
            lte(outboundDeliveries.nextAttemptAt, startedIso),
            or(isNull(outboundDeliveries.leaseUntil), lt(outboundDeliveries.leaseUntil, startedIso)),
          ),
        ),
    );
  });
  if (claimed !== 1) return;
  let statusCode: number | null = null;
  let error: string | null = null;
  const target = await checkWebhookTarget(d.url, policy);
  if (!target.ok) {
    error = TARGET_REFUSED;
    logger().info({ deliveryId: d.id, reason: target.reason }, 'webhook target refused');
  } else {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const send = deps.fetch ?? guardedFetch(() => policy);
      const res = await send(d.url, { method: 'POST', headers: signedHeaders(d.secret, d.eventId, d.body, new Date(started)), body: d.body, redirect: 'manual', signal: controller.signal });
      statusCode = res.status;
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      if (controller.signal.aborted) error = `no answer in ${TIMEOUT_MS / 1000} s`;
      else {
        error = TARGET_REFUSED;
        logger().info({ deliveryId: d.id, reason: (e as Error).message.slice(0, 300) }, 'webhook target refused the connection');
      }
    } finally {
      clearTimeout(timer);
    }
  }
  const ended = now();
  const attempts = d.attempts + 1;
  const delivered = error === null;
  const giveUp = !delivered && ended + retryDelayMs(attempts) - Date.parse(d.createdAt) > GIVE_UP_AFTER_MS;
  await database().transaction(function* (tx) {
    yield* run(tx.insert(outboundAttempts).values({ deliveryId: d.id, at: startedIso, statusCode, error, durationMs: Math.max(0, ended - started) }));
    yield* run(
      tx
        .update(outboundDeliveries)
        .set({
          attempts,
          leaseUntil: null,
          status: delivered ? 'delivered' : giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(ended + retryDelayMs(attempts)).toISOString(),
        })
        .where(eq(outboundDeliveries.id, d.id)),
    );
  });
}

const IDEMPOTENCY_SWEEP_EVERY_MS = 10 * 60_000;
const lastIdempotencySweep = processSingleton('api.idempotency-sweep', () => ({ at: 0 }));

/**
 * One pass: sweep old idempotent answers when due, fan out, then attempt what is due. `keys`:
 * only these events (a request's after-pass, lib/server/after-pass.ts), without the sweep.
 */
export async function runWebhookWorkerOnce(deps: WorkerDeps & { keys?: readonly string[] } = {}): Promise<void> {
  if (deps.keys?.length === 0) return;
  const now = (deps.now ?? Date.now)();
  const nowIso = new Date(now).toISOString();
  const sweep = lastIdempotencySweep();
  if (!deps.keys && now - sweep.at >= IDEMPOTENCY_SWEEP_EVERY_MS) {
    sweep.at = now;
    await sweepIdempotency(now);
  }
  await fanOut(nowIso, deps.keys);
  const policy = policyOf(deps);
  const due = await dueDeliveries(nowIso, deps.keys);
  await Promise.all(due.map((d) => attempt(d, deps, policy)));
}

/** What the worker has left now: events not fanned out and deliveries due (the cron route reports it). */
export async function webhookWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  const { db } = database();
  const [events] = await db.select({ n: count() }).from(outboundEvents).where(isNull(outboundEvents.fannedOutAt));
  const [due] = await db
    .select({ n: count() })
    .from(outboundDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, outboundDeliveries.endpointId))
    .where(dueNow(nowIso));
  return (events?.n ?? 0) + (due?.n ?? 0);
}

const workerLoop = intervalLoop(
  'api.webhook-worker',
  () => runWebhookWorkerOnce(),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'webhook worker pass failed'),
);

/** The in-process worker (Node host): a pass every second, one at a time. */
export function startWebhookWorker(intervalMs = 1_000): void {
  workerLoop.start(intervalMs);
}

export function stopWebhookWorker(): Promise<void> {
  return workerLoop.stop();
}
