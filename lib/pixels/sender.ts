/**
 * Sends the pixel outbox (pixel_events) from the server: the Meta Conversions API
 * (`POST <META_GRAPH_URL>/<version>/<pixel id>/events`, `{"data": [event], "access_token"}`) and
 * the GA4 Measurement Protocol (`POST <GA4_COLLECT_URL>?measurement_id=…&api_secret=…`).
 *
 * Each row is leased while in flight, so two processes (a Node host's loop, a request's
 * after-pass, the cron route) never send it at the same time; a crash mid-attempt sends it again
 * after the lease. A 2xx is sent; a 4xx other than 408/429 is the platform refusing that body,
 * which no retry fixes (failed at once, as Google's reference says: don't retry the same
 * request); anything else retries with back-off for up to a day, then fails (Meta refuses events
 * older than 7 days). A platform switched off meanwhile fails its rows ("desligado"). Every
 * attempt's result is on the row, shown on the order's timeline under "Detalhes técnicos".
 */
import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { pixelEvents, type PixelEventRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';
import { intervalLoop } from '@/lib/server/interval-loop';
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

async function attempt(row: PixelEventRow, creds: PixelCredentials, deps: PixelSenderDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const started = now();
  const startedIso = new Date(started).toISOString();
  const claimed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(pixelEvents)
        .set({ leaseUntil: new Date(started + LEASE_MS).toISOString() })
        .where(
          and(
            eq(pixelEvents.id, row.id),
            eq(pixelEvents.status, 'pending'),
            lte(pixelEvents.nextAttemptAt, startedIso),
            or(isNull(pixelEvents.leaseUntil), lt(pixelEvents.leaseUntil, startedIso)),
          ),
        ),
    );
  });
  if (claimed !== 1) return;
  let result: string;
  let outcome: 'sent' | 'failed' | 'retry';
  const request = requestOf(row, creds);
  if (!request) {
    result = 'desligado: a plataforma foi desligada em Integrações';
    outcome = 'failed';
  } else {
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
      result = `HTTP ${res.status}${res.ok || !text ? '' : `: ${text}`}`;
      outcome = res.ok ? 'sent' : refusedForGood(res.status) ? 'failed' : 'retry';
    } catch (e) {
      result = controller.signal.aborted ? `sem resposta em ${TIMEOUT_MS / 1000} s` : `falha de conexão: ${(e as Error).message.slice(0, 200)}`;
      outcome = 'retry';
    } finally {
      clearTimeout(timer);
    }
  }
  const ended = now();
  const attempts = row.attempts + 1;
  if (outcome === 'retry' && ended + pixelRetryDelayMs(attempts) - Date.parse(row.createdAt) > PIXEL_GIVE_UP_AFTER_MS) outcome = 'failed';
  await database().transaction(function* (tx) {
    yield* run(
      tx
        .update(pixelEvents)
        .set({
          attempts,
          leaseUntil: null,
          lastResult: result,
          status: outcome === 'retry' ? 'pending' : outcome,
          sentAt: outcome === 'sent' ? new Date(ended).toISOString() : null,
          nextAttemptAt: new Date(ended + pixelRetryDelayMs(attempts)).toISOString(),
        })
        .where(eq(pixelEvents.id, row.id)),
    );
  });
  if (outcome !== 'sent') logger().info({ pixelEventId: row.id, platform: row.platform, name: row.name, result: result.slice(0, 120) }, 'pixel event not sent');
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

/**
 * One pass: the due rows (only those with `keys` when given: a request's after-pass), each
 * attempted once; without keys, every 10 minutes, the old browsing events swept first.
 */
export async function runPixelSenderOnce(deps: PixelSenderDeps & { keys?: readonly string[] } = {}): Promise<number> {
  if (deps.keys?.length === 0) return 0;
  const now = (deps.now ?? Date.now)();
  const nowIso = new Date(now).toISOString();
  const sweep = lastSweep();
  if (!deps.keys && now - sweep.at >= SWEEP_EVERY_MS) {
    sweep.at = now;
    await sweepPixelEvents(now);
  }
  const due = await database()
    .db.select()
    .from(pixelEvents)
    .where(
      and(
        eq(pixelEvents.status, 'pending'),
        lte(pixelEvents.nextAttemptAt, nowIso),
        or(isNull(pixelEvents.leaseUntil), lt(pixelEvents.leaseUntil, nowIso)),
        deps.keys ? inArray(pixelEvents.dedupeKey, [...deps.keys]) : undefined,
      ),
    )
    .orderBy(asc(pixelEvents.nextAttemptAt))
    .limit(50);
  if (due.length === 0) return 0;
  const creds = await getPixelCredentials();
  await Promise.all(due.map((row) => attempt(row, creds, deps)));
  return due.length;
}

/** Rows due now (the cron route reports it). */
export async function pixelWorkLeft(nowIso = new Date().toISOString()): Promise<number> {
  const [due] = await database()
    .db.select({ n: count() })
    .from(pixelEvents)
    .where(and(eq(pixelEvents.status, 'pending'), lte(pixelEvents.nextAttemptAt, nowIso)));
  return due?.n ?? 0;
}

const senderLoop = intervalLoop(
  'pixels.sender',
  () => runPixelSenderOnce(),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'pixel sender pass failed'),
);

/** The in-process loop (Node host): a pass every 2 seconds, one at a time. */
export function startPixelSender(intervalMs = 2_000): void {
  senderLoop.start(intervalMs);
}

export function stopPixelSender(): Promise<void> {
  return senderLoop.stop();
}
