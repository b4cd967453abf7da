/**
 * Sends the push outbox (push_messages): each row encrypted for its device (RFC 8291
 * `aes128gcm`) and signed (VAPID, RFC 8292) by the web-push library, then POSTed through the
 * webhook SSRF guard (@balcao/server-kit/webhook-target: a push endpoint is a URL the browser
 * chose, so it is resolved and checked at delivery like any outgoing webhook).
 *
 * `send(row)` is the channel: 2xx is sent; 404/410 is the push service saying the subscription is
 * gone for good, so the device is removed (its pending rows go with it); 400/401/403/413 are
 * refusals no retry fixes; anything else (429, 5xx, no answer) retries with back-off for a day,
 * as long as the push itself lives (TTL). A row is claimed with a lease (`sending` until
 * `lease_until`), so a Node host's loop, a request's after-pass and the cron never send it twice
 * at the same time; a crash mid-send sends it again after the lease.
 */
import 'server-only';
import { and, asc, count, eq, inArray, lt, lte, or } from 'drizzle-orm';
import webpush from 'web-push';
import { database } from '@/db';
import { run } from '@/db/driver';
import { pushMessages, pushSubscriptions, type PushMessageRow, type PushSubscriptionRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { intervalLoop } from '@/lib/server/interval-loop';
import { logger } from '@/lib/server/log';
import { guardedFetch, TARGET_REFUSED } from '@balcao/server-kit/webhook-target';
import { vapidKeys, type VapidKeys } from './vapid';

export const PUSH_TTL_SECONDS = 24 * 3600;
const GIVE_UP_AFTER_MS = PUSH_TTL_SECONDS * 1000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 3 * 3600 * 1000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** The wait after the n-th failed attempt: 10 s, 40 s, 2 min 40 s … at most 3 h. */
export function pushRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

export type SendOutcome = { ok: true; result: string } | { ok: false; retry: boolean; gone?: boolean; result: string };
export type PushSenderDeps = { fetch?: typeof fetch; now?: () => number };

const guarded = guardedFetch(() => env().webhookTargets);

/** The one HTTP request of a push, as web-push builds it (encrypted body, VAPID headers). */
export function pushRequest(device: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>, payload: string, vapid: VapidKeys) {
  return webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
  });
}

/** Sends one row to its device: the channel's whole knowledge of Web Push. */
export async function send(row: Pick<PushMessageRow, 'payload'>, device: PushSubscriptionRow, deps: PushSenderDeps = {}): Promise<SendOutcome> {
  const details = pushRequest(device, row.payload, await vapidKeys());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await (deps.fetch ?? guarded)(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: controller.signal,
    });
    const text = (await Promise.resolve().then(() => res.text()).catch(() => '')).slice(0, 200);
    const result = `HTTP ${res.status}${res.ok || !text ? '' : `: ${text}`}`;
    if (res.ok) return { ok: true, result };
    if (res.status === 404 || res.status === 410) return { ok: false, retry: false, gone: true, result };
    return { ok: false, retry: ![400, 401, 403, 413].includes(res.status), result };
  } catch (e) {
    const message = (e as Error).message;
    if ((e as { code?: string }).code === 'EADDRREFUSED') return { ok: false, retry: false, result: TARGET_REFUSED };
    return { ok: false, retry: true, result: controller.signal.aborted ? `sem resposta em ${TIMEOUT_MS / 1000} s` : `falha de conexão: ${message.slice(0, 200)}` };
  } finally {
    clearTimeout(timer);
  }
}

async function attempt(row: PushMessageRow, device: PushSubscriptionRow, deps: PushSenderDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const startedIso = new Date(now()).toISOString();
  const claimed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(pushMessages)
        .set({ status: 'sending', leaseUntil: new Date(Date.parse(startedIso) + LEASE_MS).toISOString() })
        .where(and(eq(pushMessages.id, row.id), dueNow(startedIso))),
    );
  });
  if (claimed !== 1) return;
  const outcome = await send(row, device, deps);
  const ended = now();
  const attempts = row.attempts + 1;
  const giveUp = !outcome.ok && outcome.retry && ended + pushRetryDelayMs(attempts) - Date.parse(row.createdAt) > GIVE_UP_AFTER_MS;
  await database().transaction(function* (tx) {
    if (!outcome.ok && outcome.gone) {
      // The push service forgot this device: remove it (its rows, this one too, go with it).
      yield* run(tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)));
      return;
    }
    const status = outcome.ok ? 'sent' : outcome.retry && !giveUp ? 'pending' : 'failed';
    yield* run(
      tx
        .update(pushMessages)
        .set({
          attempts,
          status,
          leaseUntil: null,
          lastError: outcome.ok ? null : outcome.result,
          sentAt: outcome.ok ? new Date(ended).toISOString() : null,
          nextAttemptAt: new Date(ended + pushRetryDelayMs(attempts)).toISOString(),
        })
        .where(eq(pushMessages.id, row.id)),
    );
    if (outcome.ok) yield* run(tx.update(pushSubscriptions).set({ lastSentAt: new Date(ended).toISOString() }).where(eq(pushSubscriptions.id, device.id)));
  });
  if (!outcome.ok) logger().info({ pushMessageId: row.id, kind: row.kind, result: outcome.result.slice(0, 120) }, 'push not sent');
}

/** A row anyone may take now: pending and due, or left `sending` by a process whose lease ran out. */
function dueNow(nowIso: string) {
  return or(and(eq(pushMessages.status, 'pending'), lte(pushMessages.nextAttemptAt, nowIso)), and(eq(pushMessages.status, 'sending'), lt(pushMessages.leaseUntil, nowIso)));
}

/** One pass: the due rows (only those with `keys`: a request's after-pass), each attempted once. */
export async function runPushSenderOnce(deps: PushSenderDeps & { keys?: readonly string[] } = {}): Promise<number> {
  if (deps.keys?.length === 0) return 0;
  const nowIso = new Date((deps.now ?? Date.now)()).toISOString();
  const due = await database()
    .db.select({ row: pushMessages, device: pushSubscriptions })
    .from(pushMessages)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscriptionId))
    .where(and(dueNow(nowIso), deps.keys ? inArray(pushMessages.dedupeKey, [...deps.keys]) : undefined))
    .orderBy(asc(pushMessages.nextAttemptAt))
    .limit(50);
  await Promise.all(due.map(({ row, device }) => attempt(row, device, deps)));
  return due.length;
}

/** Rows due now (the cron route reports it). */
export async function pushWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  const [due] = await database().db.select({ n: count() }).from(pushMessages).where(dueNow(nowIso));
  return due?.n ?? 0;
}

const senderLoop = intervalLoop(
  'push.sender',
  () => runPushSenderOnce(),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'push sender pass failed'),
);

/** The in-process loop (Node host): a pass every 2 seconds, one at a time. */
export function startPushSender(intervalMs = 2_000): void {
  senderLoop.start(intervalMs);
}

export function stopPushSender(): Promise<void> {
  return senderLoop.stop();
}
