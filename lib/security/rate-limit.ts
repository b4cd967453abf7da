/**
 * Fixed-window rate limits kept in the database (`rate_limit_counters`), so every server process
 * on the same database — two `next start`, serverless instances — counts against one limit: a
 * limit does not multiply with the number of instances. One statement per hit (an upsert that
 * returns the new count), so two processes hitting the same key at once both count. Limits come
 * from RATE_LIMIT_*_PER_MIN. Callers key client limits with lib/security/client-address.ts
 * (clientRateKey), never with a header the client writes.
 */
import { eq, lte, sql, type Placeholder } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { database, db, type Tx } from '@/db';
import { rateLimitCounters } from '@/db/schema';
import { preparedQuery } from '@/db/statements';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';

/**
 * 'link': opening /pagar/<code> (guessing codes), limited like checkout. 'api': one API key's
 * calls to the public REST API. 'password-reset' / 'password-reset-account': "Esqueci minha
 * senha" per client address and per account. 'dashboard-search': one signed-in person's order
 * searches and exports (lib/orders/search-scope.ts).
 */
export type RateBucket =
  | 'checkout'
  | 'login'
  | 'login-account'
  | 'login-device'
  | 'webhook'
  | 'cep'
  | 'link'
  | 'api'
  | 'password-reset'
  | 'password-reset-account'
  | 'password-reset-account-day'
  | 'second-step'
  | 'dashboard-search'
  | 'draft'
  | 'draft-cookie'
  | 'carrier-sandbox'
  | 'feed'
  | 'review'
  | 'push';

/**
 * Sign-in attempts on one account from all addresses together: enough room for a merchant's
 * own devices while someone else is being refused, few enough that a botnet cannot guess on.
 */
export const LOGIN_ACCOUNT_LIMIT_FACTOR = 5;
/** Reset e-mails asked per minute from one address, and for one account from all addresses. */
export const PASSWORD_RESET_PER_MIN = 5;
export const PASSWORD_RESET_ACCOUNT_PER_MIN = 3;
/** Order searches and exports per person: far above anyone's hand, far below a guessing loop. */
export const DASHBOARD_SEARCHES_PER_MIN = 30;
/** Reset e-mails one account can be sent in a day, however slowly they are asked for. */
export const PASSWORD_RESET_ACCOUNT_PER_DAY = 10;
/** Wrong second-step codes (TOTP or recovery) one account takes in SECOND_STEP_WINDOW_MS. */
export const SECOND_STEP_FAILURES = 5;
export const SECOND_STEP_WINDOW_MS = 15 * 60_000;
/** The checkout's draft autosave (debounced): per client address, and per browser (its draft cookie). */
export const DRAFT_SAVES_PER_MIN = 60;
export const DRAFT_SAVES_PER_COOKIE_PER_MIN = 30;
/** Calls to the embedded carrier sandbox over HTTP, per client address (the app itself calls it in process). */
export const CARRIER_SANDBOX_CALLS_PER_MIN = 120;
/** Product feed fetches per client: a channel fetches a few times a day; a loop gets 429. */
export const FEED_FETCHES_PER_MIN = 30;
/** Review pages and sends per client address: a family reviewing an order, not a flood. */
export const REVIEWS_PER_MIN = 20;
/** One person's device subscriptions and test pushes (lib/push/subscriptions.ts). */
export const PUSH_ACTIONS_PER_MIN = 10;

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export const WINDOW_MS = 60_000;

function limitOf(bucket: RateBucket): number {
  const { rateLimit } = env();
  switch (bucket) {
    case 'checkout':
    case 'link':
      return rateLimit.checkoutPerMin;
    case 'login':
      return rateLimit.loginPerMin;
    case 'login-account':
      return rateLimit.loginPerMin * LOGIN_ACCOUNT_LIMIT_FACTOR;
    case 'webhook':
      return rateLimit.webhookPerMin;
    case 'cep':
      return rateLimit.cepPerMin;
    case 'api':
      return rateLimit.apiPerMin;
    case 'password-reset':
      return PASSWORD_RESET_PER_MIN;
    case 'password-reset-account':
      return PASSWORD_RESET_ACCOUNT_PER_MIN;
    case 'dashboard-search':
      return DASHBOARD_SEARCHES_PER_MIN;
    case 'password-reset-account-day':
      return PASSWORD_RESET_ACCOUNT_PER_DAY;
    case 'second-step':
      return SECOND_STEP_FAILURES;
    case 'login-device':
      return rateLimit.loginPerMin;
    case 'draft':
      return DRAFT_SAVES_PER_MIN;
    case 'draft-cookie':
      return DRAFT_SAVES_PER_COOKIE_PER_MIN;
    case 'carrier-sandbox':
      return CARRIER_SANDBOX_CALLS_PER_MIN;
    case 'feed':
      return FEED_FETCHES_PER_MIN;
    case 'review':
      return REVIEWS_PER_MIN;
    case 'push':
      return PUSH_ACTIONS_PER_MIN;
  }
}

/** Each bucket's window: a minute, but for the lockout of second-step codes and the daily cap of reset e-mails. */
export function windowOf(bucket: RateBucket): number {
  if (bucket === 'second-step') return SECOND_STEP_WINDOW_MS;
  if (bucket === 'password-reset-account-day') return 24 * 60 * 60_000;
  return WINDOW_MS;
}

/**
 * The one statement of a hit: a new key, or a finished window, starts at 1; an open window
 * counts on. SQLite evaluates every SET expression against the row as it was, so both CASEs
 * see the old window start. Its values are placeholders when prepared (`countHit`), or the
 * values themselves for a builder that travels in a libSQL batch (`hitAlong`).
 */
function countHitStatement(d: Tx, v: { key: string | Placeholder; now: number | Placeholder; window: number | Placeholder }) {
  const finished = sql`${v.now} - ${rateLimitCounters.windowStart} >= ${rateLimitCounters.windowMs}`;
  return d
    .insert(rateLimitCounters)
    .values({ key: v.key, windowStart: v.now, windowMs: v.window, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${finished} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${finished} THEN excluded.window_start ELSE ${rateLimitCounters.windowStart} END`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
}

const countHit = preparedQuery((d: Tx) => countHitStatement(d, { key: sql.placeholder('key'), now: sql.placeholder('now'), window: sql.placeholder('window') }).prepare());

/** When this process last swept finished windows (each process sweeps at most once a window). */
const lastSweep = processSingleton('rate-limit-sweep', () => ({ at: 0 }));

/** Deletes every finished window (each row knows its own length). Returns the rows removed. */
export async function sweepRateLimits(now = Date.now()): Promise<number> {
  const removed = await db()
    .delete(rateLimitCounters)
    .where(lte(sql`${rateLimitCounters.windowStart} + ${rateLimitCounters.windowMs}`, now))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}

/** Opportunistic sweep: a flood of distinct ids (random webhook tokens) leaves at most about one window of rows behind, and no separate job is needed. */
async function sweepOnceAWindow(now: number): Promise<void> {
  const sweep = lastSweep();
  if (now - sweep.at >= WINDOW_MS) {
    sweep.at = now;
    await sweepRateLimits(now);
  }
}

/** Counts one hit of `id` (an IP, IP+e-mail, webhook token hash, API key) in `bucket`. */
export async function hit(bucket: RateBucket, id: string, now = Date.now()): Promise<RateDecision> {
  await sweepOnceAWindow(now);
  const window = windowOf(bucket);
  const row = (await countHit.on(db(), { key: `${bucket}:${id}`, now, window }).get()) as { count: number; windowStart: number };
  return decisionOf(bucket, row, now);
}

/**
 * `hit`, and reads that do not depend on it, in one round trip on libSQL (a batch): the hit is
 * counted whatever the reads find, and a refused request simply ignores them.
 * On better-sqlite3 the hit keeps its prepared statement and the reads run after it.
 */
export async function hitAlong<U extends BatchItem<'sqlite'>, Q extends Readonly<[U, ...U[]]>>(
  bucket: RateBucket,
  id: string,
  queries: Q,
  now = Date.now(),
): Promise<[RateDecision, BatchResponse<Q>]> {
  return database().byRoundTrips<[RateDecision, BatchResponse<Q>]>({
    inTurn: async () => [await hit(bucket, id, now), await database().batch(queries)],
    together: async () => {
      await sweepOnceAWindow(now);
      const window = windowOf(bucket);
      const [rows, ...results] = (await database().batch([countHitStatement(db(), { key: `${bucket}:${id}`, now, window }), ...queries])) as unknown as [{ count: number; windowStart: number }[], ...unknown[]];
      return [decisionOf(bucket, rows[0], now), results as BatchResponse<Q>];
    },
  });
}

function decisionOf(bucket: RateBucket, row: { count: number; windowStart: number }, now: number): RateDecision {
  const window = windowOf(bucket);
  const limit = limitOf(bucket);
  if (row.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + window - now) / 1000)) };
  return { ok: true, remaining: limit - row.count };
}

/**
 * Whether `id` has used up `bucket` in its open window, without counting a hit: for limits on
 * failures (counted with `hit` only when an attempt fails) asked before the attempt.
 */
export async function usedUp(bucket: RateBucket, id: string, now = Date.now()): Promise<boolean> {
  return (await hitsInWindow(bucket, id, now)) >= limitOf(bucket);
}

/** The hits `id` has in `bucket`'s open window (0 when none is open). */
export async function hitsInWindow(bucket: RateBucket, id: string, now = Date.now()): Promise<number> {
  const [row] = await db()
    .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart, windowMs: rateLimitCounters.windowMs })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, `${bucket}:${id}`));
  return row && now - row.windowStart < row.windowMs ? row.count : 0;
}

/** Closes `id`'s window in `bucket` (a right answer ends a run of wrong ones). */
export async function resetHits(bucket: RateBucket, id: string): Promise<void> {
  await db().delete(rateLimitCounters).where(eq(rateLimitCounters.key, `${bucket}:${id}`));
}
