/**
 * Delivers the merchant's webhooks. Two steps per pass:
 * 1. fan-out: each new order event (lib/outbound-events) becomes one delivery per enabled endpoint
 *    subscribed to its type, with its body fixed then (the order as it is at that moment), so
 *    every retry sends the same bytes with the same `webhook-id`;
 * 2. delivery: each due delivery is signed (Standard Webhooks, the `standardwebhooks` library)
 *    and POSTed under the SSRF rules of every outgoing webhook (@balcao/server-kit/webhook-target:
 *    WEBHOOK_ALLOWED_ORIGINS, loopback in development); any 2xx is delivered, anything else is
 *    retried with exponential back-off for up to 3 days, then failed. Every attempt is logged.
 * The deliveries are the `webhook` channel of the one outbox helper (lib/outbox), which claims,
 * backs off and gives up. At least once: a delivery is leased while in flight, so two processes do not send it at the
 * same time, and a crash mid-attempt sends it again after the lease. Order is not promised.
 * The pass is also the API's housekeeping: every 10 minutes it sweeps the stored idempotent
 * answers past their 24 hours (http.ts), on a Node host and through the cron route alike.
 */
import 'server-only';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { checkWebhookTarget, guardedFetch, TARGET_REFUSED, type TargetPolicy } from '@balcao/server-kit/webhook-target';
import { database } from '@/db';
import { run, write } from '@/db/driver';
import { abandonedOfEvent, reviewOfEvent, sweepIdempotency, apiOrders } from '@/lib/public-api';
import { checkoutSessions, orders, outboundAttempts, outboundDeliveries, outboundEvents, webhookEndpoints } from '@/db/schema';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';
import { afterAge, countDue, drainChannel, type OutboxChannel, type SendResult } from '@/lib/outbox/outbox';
import { outboxWorker } from '@/lib/outbox/worker';
import { logger } from '@/lib/server/log';

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

type Delivery = typeof outboundDeliveries.$inferSelect;
type Detail = { statusCode: number | null };

/** Signs and POSTs one delivery: any 2xx is delivered; anything else (a refused target included) is retried. */
async function deliver(d: Delivery, started: number, deps: WorkerDeps, policy: TargetPolicy): Promise<SendResult<Detail>> {
  const [endpoint] = await database().db.select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
  if (!endpoint) return { ok: false, permanent: true, reason: 'endpoint removido', detail: { statusCode: null } };
  const target = await checkWebhookTarget(endpoint.url, policy);
  if (!target.ok) {
    logger().info({ deliveryId: d.id, reason: target.reason }, 'webhook target refused');
    return { ok: false, permanent: false, reason: TARGET_REFUSED, detail: { statusCode: null } };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const send = deps.fetch ?? guardedFetch(() => policy);
    const res = await send(endpoint.url, { method: 'POST', headers: signedHeaders(endpoint.secret, d.eventId, d.body, new Date(started)), body: d.body, redirect: 'manual', signal: controller.signal });
    return res.ok ? { ok: true, detail: { statusCode: res.status } } : { ok: false, permanent: false, reason: `HTTP ${res.status}`, detail: { statusCode: res.status } };
  } catch (e) {
    if (controller.signal.aborted) return { ok: false, permanent: false, reason: `no answer in ${TIMEOUT_MS / 1000} s`, detail: { statusCode: null } };
    logger().info({ deliveryId: d.id, reason: (e as Error).message.slice(0, 300) }, 'webhook target refused the connection');
    return { ok: false, permanent: false, reason: TARGET_REFUSED, detail: { statusCode: null } };
  } finally {
    clearTimeout(timer);
  }
}

/** Deliveries whose endpoint is enabled: a disabled endpoint's are neither sent nor counted as work left. */
const endpointEnabled = sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${outboundDeliveries.endpointId} and ${webhookEndpoints.enabled} = 1)`;

/** The merchant's webhooks as a channel of lib/outbox: deliveries sent in parallel, retried for 3 days, each attempt logged. */
export function webhookChannel(deps: WorkerDeps = {}): OutboxChannel<Delivery, Detail> {
  const policy = policyOf(deps);
  return {
    name: 'webhook',
    table: outboundDeliveries,
    // The after-pass notes the event's key: its deliveries.
    keyed: (keys) => inArray(outboundDeliveries.eventId, database().db.select({ id: outboundEvents.id }).from(outboundEvents).where(inArray(outboundEvents.dedupeKey, [...keys]))),
    dueAlso: endpointEnabled,
    sentStatus: 'delivered',
    batch: 50,
    leaseMs: LEASE_MS,
    retryDelayMs,
    givesUp: afterAge(GIVE_UP_AFTER_MS),
    send: (d, now) => deliver(d, now, deps, policy),
    settle: ({ row, outcome, reason, detail, startedAt, endedAt }, tx) => ({
      *also() {
        yield* write(tx.insert(outboundAttempts).values({ deliveryId: row.id, at: new Date(startedAt).toISOString(), statusCode: detail?.statusCode ?? null, error: outcome === 'sent' ? null : reason, durationMs: Math.max(0, endedAt - startedAt) }));
      },
    }),
  };
}

const IDEMPOTENCY_SWEEP_EVERY_MS = 10 * 60_000;
const lastIdempotencySweep = processSingleton('api.idempotency-sweep', () => ({ at: 0 }));

/** Before the deliveries: the idempotent answers swept when due (not on an after-pass), then the fan-out. */
async function beforeDelivering(now: number, keys?: readonly string[]): Promise<void> {
  const sweep = lastIdempotencySweep();
  if (!keys && now - sweep.at >= IDEMPOTENCY_SWEEP_EVERY_MS) {
    sweep.at = now;
    await sweepIdempotency(now);
  }
  await fanOut(new Date(now).toISOString(), keys);
}

/**
 * One pass: sweep old idempotent answers when due, fan out, then attempt what is due. `keys`:
 * only these events (a request's after-pass, lib/server/after-pass.ts), without the sweep.
 */
export async function runWebhookWorkerOnce(deps: WorkerDeps & { keys?: readonly string[] } = {}): Promise<void> {
  if (deps.keys?.length === 0) return;
  await beforeDelivering((deps.now ?? Date.now)(), deps.keys);
  await drainChannel(webhookChannel(deps), { keys: deps.keys, now: deps.now });
}

/** Events not fanned out yet. */
async function eventsWaiting(): Promise<number> {
  const [events] = await database().db.select({ n: count() }).from(outboundEvents).where(isNull(outboundEvents.fannedOutAt));
  return events?.n ?? 0;
}

/** What the worker has left now: events not fanned out and deliveries due (the cron route reports it). */
export async function webhookWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  return (await eventsWaiting()) + (await countDue({ table: outboundDeliveries, dueAlso: endpointEnabled }, Date.parse(nowIso)));
}

/** The channel's loop (a pass every second on a Node host), cron pass and after-pass (lib/jobs/jobs.ts). */
export const webhookWorker = outboxWorker<Delivery, Detail>({
  name: 'webhook',
  intervalMs: 1_000,
  channel: () => webhookChannel(),
  before: ({ now, keys }) => beforeDelivering(now, keys),
  alsoLeft: () => eventsWaiting(),
});

/** The in-process worker (Node host): a pass every second, one at a time. */
export function startWebhookWorker(intervalMs = 1_000): void {
  webhookWorker.start({ intervalMs });
}

export function stopWebhookWorker(): Promise<void> {
  return webhookWorker.stop();
}
