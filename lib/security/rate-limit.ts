/**
 * Fixed-window rate limits kept in the database (`rate_limit_counters`), so every server process
 * on the same database — two `next start`, serverless instances — counts against one limit: a
 * limit does not multiply with the number of instances. One statement per hit (an upsert that
 * returns the new count), so two processes hitting the same key at once both count. Limits come
 * from RATE_LIMIT_*_PER_MIN. Callers key client limits with lib/security/client-address.ts
 * (clientRateKey), never with a header the client writes.
 */
import { lte, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { rateLimitCounters } from '@/db/schema';
import { preparedQuery } from '@/db/statements';
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';

/**
 * 'link': opening /pagar/<code> (guessing codes), limited like checkout. 'api': one API key's
 * calls to the public REST API. 'password-reset' / 'password-reset-account': "Esqueci minha
 * senha" per client address and per account.
 */
export type RateBucket = 'checkout' | 'login' | 'login-account' | 'webhook' | 'cep' | 'link' | 'api' | 'password-reset' | 'password-reset-account' | 'draft' | 'draft-session';

/**
 * Sign-in attempts on one account from all addresses together: enough room for a merchant's
 * own devices while someone else is being refused, few enough that a botnet cannot guess on.
 */
export const LOGIN_ACCOUNT_LIMIT_FACTOR = 5;
/** Reset e-mails asked per minute from one address, and for one account from all addresses. */
export const PASSWORD_RESET_PER_MIN = 5;
export const PASSWORD_RESET_ACCOUNT_PER_MIN = 3;
/** The checkout's draft autosave (debounced): per client address, and per browser session. */
export const DRAFT_SAVES_PER_MIN = 60;
export const DRAFT_SAVES_PER_SESSION_PER_MIN = 30;

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
    case 'draft':
      return DRAFT_SAVES_PER_MIN;
    case 'draft-session':
      return DRAFT_SAVES_PER_SESSION_PER_MIN;
  }
}

/**
 * The one statement of a hit: a new key, or a finished window, starts at 1; an open window
 * counts on. SQLite evaluates every SET expression against the row as it was, so both CASEs
 * see the old window start.
 */
const countHit = preparedQuery((d: Tx) => {
  const finished = sql`${sql.placeholder('now')} - ${rateLimitCounters.windowStart} >= ${WINDOW_MS}`;
  return d
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('now'), count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${finished} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${finished} THEN excluded.window_start ELSE ${rateLimitCounters.windowStart} END`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
    .prepare();
});

/** When this process last swept finished windows (each process sweeps at most once a window). */
const lastSweep = processSingleton('rate-limit-sweep', () => ({ at: 0 }));

/** Deletes every finished window. Returns the rows removed. */
export async function sweepRateLimits(now = Date.now()): Promise<number> {
  const removed = await db()
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowStart, now - WINDOW_MS))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}

/** Counts one hit of `id` (an IP, IP+e-mail, webhook token hash, API key) in `bucket`. */
export async function hit(bucket: RateBucket, id: string, now = Date.now()): Promise<RateDecision> {
  const sweep = lastSweep();
  // Opportunistic sweep: a flood of distinct ids (random webhook tokens) leaves at most about
  // one window of rows behind, and no separate job is needed.
  if (now - sweep.at >= WINDOW_MS) {
    sweep.at = now;
    await sweepRateLimits(now);
  }
  const row = (await countHit.on(db(), { key: `${bucket}:${id}`, now }).get()) as { count: number; windowStart: number };
  const limit = limitOf(bucket);
  if (row.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + WINDOW_MS - now) / 1000)) };
  return { ok: true, remaining: limit - row.count };
}
