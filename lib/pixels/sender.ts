/**
 * Sends the pixel outbox (pixel_events) from the server: the Meta Conversions API
 * (`POST <META_GRAPH_URL>/<version>/<pixel id>/events`, `{"data": [event], "access_token"}`) and
 * the GA4 Measurement Protocol (`POST <GA4_COLLECT_URL>?measurement_id=…&api_secret=…`).
 *
 * The rows are the `pixel` channel of the one outbox helper (lib/outbox), which claims, backs
 * off and gives up. Each row is leased while in flight, so two processes (a Node host's loop, a request's
 * after-pass, the cron route) never send it at the same time; a crash mid-attempt sends it again
 * after the lease. A 2xx is sent; a 4xx other than 408/429 is the platform refusing that body,
 * which no retry fixes (failed at once, as Google's reference says: don't retry the same
 * request); anything else retries with back-off for up to a day, then fails (Meta refuses events
 * older than 7 days). A platform switched off meanwhile fails its rows ("desligado"). Every
 * attempt's result is on the row, shown on the order's timeline under "Detalhes técnicos".
 */
import 'server-only';
import { and, inArray, isNull, lt, ne } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { pixelEvents, type PixelEventRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';
import { afterAge, countDue, drainChannel, type OutboxChannel, type SendResult } from '@/lib/outbox/outbox';
import { outboxWorker } from '@/lib/outbox/worker';
import { logger } from '@/lib/server/log';
import { getPixelCredentials, type PixelCredentials } from './settings';

/** The Graph API version the Conversions API is called with. */
export const META_GRAPH_VERSION = 'v21.0';
export const PIXEL_GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 3 * 3600 * 1000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** The wait after the n-th failed attempt: 10 s, 40 s, 2 min 40 s … at most 3 h. */
export function pixelRetryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

export type PixelSenderDeps = { fetch?: typeof fetch; now?: () => number };

/** The request for one row, or null when its platform is off now. */
export function requestOf(row: Pick<PixelEventRow, 'platform' | 'body'>, creds: PixelCredentials, urls = env().pixels): { url: string; body: string } | null {
  if (row.platform === 'meta') {
    if (!creds.meta) return null;
    return {
      url: `${urls.metaGraphUrl}/${META_GRAPH_VERSION}/${encodeURIComponent(creds.meta.pixelId)}/events`,
      body: `{"data":[${row.body}],"access_token":${JSON.stringify(creds.meta.token)}}`,
    };
  }
  if (!creds.ga4) return null;
  const url = new URL(urls.ga4CollectUrl);
  url.searchParams.set('measurement_id', creds.ga4.measurementId);
  url.searchParams.set('api_secret', creds.ga4.secret);
  return { url: url.toString(), body: row.body };
}

/** Whether an answer says "this body will never be taken" (no retry). */
function refusedForGood(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Sends one row: a 2xx is sent, a refusal for good fails it, anything else is retried. */
async function sendRow(row: PixelEventRow, deps: PixelSenderDeps): Promise<SendResult<string>> {
  const request = requestOf(row, await getPixelCredentials());
  if (!request) return { ok: false, permanent: true, reason: 'desligado: a plataforma foi desligada em Integrações' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await (deps.fetch ?? fetch)(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    const text = (await res.text().catch(() => '')).slice(0, 300);
    const result = `HTTP ${res.status}${res.ok || !text ? '' : `: ${text}`}`;
    return res.ok ? { ok: true, detail: result } : { ok: false, permanent: refusedForGood(res.status), reason: result };
  } catch (e) {
    return { ok: false, permanent: false, reason: controller.signal.aborted ? `sem resposta em ${TIMEOUT_MS / 1000} s` : `falha de conexão: ${(e as Error).message.slice(0, 200)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The pixel events as a channel of lib/outbox: sent in parallel, retried for a day; the last answer kept on the row. */
export function pixelChannel(deps: PixelSenderDeps = {}): OutboxChannel<PixelEventRow, string> {
  return {
    name: 'pixel',
    table: pixelEvents,
    keyed: (keys) => inArray(pixelEvents.dedupeKey, [...keys]),
    batch: 50,
    leaseMs: LEASE_MS,
    retryDelayMs: pixelRetryDelayMs,
    givesUp: afterAge(PIXEL_GIVE_UP_AFTER_MS),
    send: (row) => sendRow(row, deps),
    settle: ({ row, outcome, reason, detail, endedAt }) => {
      if (outcome !== 'sent') logger().info({ pixelEventId: row.id, platform: row.platform, name: row.name, result: (reason ?? '').slice(0, 120) }, 'pixel event not sent');
      return { set: { lastResult: detail ?? reason, sentAt: outcome === 'sent' ? new Date(endedAt).toISOString() : null } };
    },
  };
}

/** Browsing events (no order) are kept this long once done, then deleted; an order's stay with it. */
export const BROWSING_EVENTS_KEPT_MS = 7 * 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = processSingleton('pixels.sweep', () => ({ at: 0 }));

/** Deletes the browsing events sent or failed more than BROWSING_EVENTS_KEPT_MS ago. */
export async function sweepPixelEvents(now = Date.now()): Promise<number> {
  return database().transaction(function* (tx) {
    return yield* run(
      tx
        .delete(pixelEvents)
        .where(and(isNull(pixelEvents.orderId), ne(pixelEvents.status, 'pending'), lt(pixelEvents.createdAt, new Date(now - BROWSING_EVENTS_KEPT_MS).toISOString()))),
    );
  });
}

/** Every 10 minutes, not on an after-pass: the old browsing events swept. */
async function sweepWhenDue(now: number, keys?: readonly string[]): Promise<void> {
  const sweep = lastSweep();
  if (!keys && now - sweep.at >= SWEEP_EVERY_MS) {
    sweep.at = now;
    await sweepPixelEvents(now);
  }
}

/**
 * One pass: the due rows (only those with `keys` when given: a request's after-pass), each
 * attempted once; without keys, every 10 minutes, the old browsing events swept first.
 * Answers how many rows it attempted.
 */
export async function runPixelSenderOnce(deps: PixelSenderDeps & { keys?: readonly string[] } = {}): Promise<number> {
  if (deps.keys?.length === 0) return 0;
  await sweepWhenDue((deps.now ?? Date.now)(), deps.keys);
  const r = await drainChannel(pixelChannel(deps), { keys: deps.keys, now: deps.now });
  return r.sent + r.retry + r.failed + r.skipped;
}

/** Rows due now (the cron route reports it). */
export async function pixelWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  return countDue(pixelChannel(), Date.parse(nowIso));
}

/** The channel's loop (a pass every 2 seconds on a Node host), cron pass and after-pass (lib/jobs/jobs.ts). */
export const pixelWorker = outboxWorker<PixelEventRow, string>({
  name: 'pixel',
  intervalMs: 2_000,
  channel: () => pixelChannel(),
  before: ({ now, keys }) => sweepWhenDue(now, keys),
});

/** The in-process loop (Node host): a pass every 2 seconds, one at a time. */
export function startPixelSender(intervalMs = 2_000): void {
  pixelWorker.start({ intervalMs });
}

export function stopPixelSender(): Promise<void> {
  return pixelWorker.stop();
}
