/**
 * Sends the push outbox (push_messages): each row encrypted for its device (RFC 8291
 * `aes128gcm`) and signed (VAPID, RFC 8292) by the web-push library, then POSTed through the
 * webhook SSRF guard (@balcao/server-kit/webhook-target: a push endpoint is a URL the browser
 * chose, so it is resolved and checked at delivery like any outgoing webhook).
 *
 * A channel of the one outbox (lib/outbox: the claim, the lease, back-off and give-up are there).
 * `send` is this channel's knowledge: 2xx is sent; 404/410 is the push service saying the
 * subscription is gone for good, so the device is removed (its pending rows go with it);
 * 400/401/403/413 are refusals no retry fixes; anything else (429, 5xx, no answer) retries with
 * back-off for a day, as long as the push itself lives (TTL).
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { db } from '@/db';
import { write } from '@/db/driver';
import { pushMessages, pushSubscriptions, type PushMessageRow, type PushSubscriptionRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { afterAge, countDue, drainChannel, type OutboxChannel } from '@/lib/outbox/outbox';
import { outboxWorker } from '@/lib/outbox/worker';
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

/** The push outbox as a channel of lib/outbox: claimed `sending` under a lease, retried for the push's TTL. */
export function pushChannel(deps: PushSenderDeps = {}): OutboxChannel<PushMessageRow, SendDetail> {
  return {
    name: 'push',
    table: pushMessages,
    keyed: (keys) => inArray(pushMessages.dedupeKey, [...keys]),
    claimedStatus: 'sending',
    batch: 50,
    leaseMs: LEASE_MS,
    retryDelayMs: pushRetryDelayMs,
    givesUp: afterAge(GIVE_UP_AFTER_MS),
    async send(row) {
      const [device] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      if (!device) return { skip: 'aparelho removido' };
      const outcome = await send(row, device, deps);
      if (outcome.ok) return { ok: true, detail: { result: outcome.result, deviceId: device.id } };
      return { ok: false, permanent: !outcome.retry, reason: outcome.result, detail: { result: outcome.result, deviceId: device.id, gone: outcome.gone } };
    },
    settle: ({ row, outcome, reason, detail, endedAt }, tx) => {
      if (outcome !== 'sent') logger().info({ pushMessageId: row.id, kind: row.kind, result: (reason ?? '').slice(0, 120) }, 'push not sent');
      return {
        set: { lastError: reason, sentAt: outcome === 'sent' ? new Date(endedAt).toISOString() : null },
        also: function* () {
          if (!detail) return;
          // The push service forgot this device (404/410): remove it; its rows, this one too, go with it.
          if (detail.gone) yield* write(tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, detail.deviceId)));
          else if (outcome === 'sent') yield* write(tx.update(pushSubscriptions).set({ lastSentAt: new Date(endedAt).toISOString() }).where(eq(pushSubscriptions.id, detail.deviceId)));
        },
      };
    },
  };
}

type SendDetail = { result: string; deviceId: number; gone?: boolean };

/** One pass: the due rows (only those with `keys`: a request's after-pass), each attempted once. Answers how many. */
export async function runPushSenderOnce(deps: PushSenderDeps & { keys?: readonly string[] } = {}): Promise<number> {
  if (deps.keys?.length === 0) return 0;
  const r = await drainChannel(pushChannel(deps), { keys: deps.keys, now: deps.now });
  return r.sent + r.retry + r.failed + r.skipped;
}

/** Rows due now. */
export async function pushWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  return countDue(pushChannel(), Date.parse(nowIso));
}

/** The channel's loop (a pass every 2 seconds on a Node host), cron pass and after-pass (lib/jobs/jobs.ts). */
export const pushWorker = outboxWorker<PushMessageRow, SendDetail>({ name: 'push', intervalMs: 2_000, channel: () => pushChannel() });
