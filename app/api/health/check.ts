/**
 * GET /api/health (docs/reference.md, Routes): is the database answering with our schema, and does the
 * payment API (the real provider, or the embedded sandbox over HTTP) accept our key?
 *
 * The payment API is asked for the balance — the cheapest authenticated read — with a 2 s
 * timeout and no retries, and the answer is kept in memory for a while (15 s when it
 * worked, 5 s when it did not), with concurrent checks sharing one request: load balancers
 * and Docker polling this route never hammer the provider.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { isPaymentProviderError } from '@/lib/payment-provider/client';
import { configuredPaymentProvider } from '@/lib/payments';
import { logger } from '@/lib/server/log';
import { processSlot } from '@/lib/process/context';

export type PartStatus = 'ok' | 'error';
export type HealthReport = { status: 'ok' | 'degraded'; db: PartStatus; payment_api: PartStatus };

export const CHECK_TIMEOUT_MS = 2_000;
export const PAYMENT_API_OK_TTL_MS = 15_000;
export const PAYMENT_API_ERROR_TTL_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** One read of a real table: the file opens, and the migrations have run. `all`, not `get`: on libSQL, drizzle maps a raw `get` that finds no row (an empty shop) by throwing. */
export async function checkDatabase(): Promise<PartStatus> {
  try {
    await withTimeout(Promise.resolve().then(() => db().all(sql`select 1 from orders limit 1`)), CHECK_TIMEOUT_MS, 'database');
    return 'ok';
  } catch (e) {
    logger().warn({ err: e, part: 'db' }, 'health: database check failed');
    return 'error';
  }
}

/** Asks the payment API for the balance (2 s, no retry). A 429 still proves it answers. */
export async function probePaymentProvider(): Promise<PartStatus> {
  try {
    await configuredPaymentProvider({ timeoutMs: CHECK_TIMEOUT_MS, maxReadRetries: 0 }).getBalance();
    return 'ok';
  } catch (e) {
    if (isPaymentProviderError(e) && e.kind === 'rate_limited') return 'ok';
    logger().warn({ err: e, part: 'payment_api', kind: isPaymentProviderError(e) ? e.kind : 'unexpected' }, 'health: payment API check failed');
    return 'error';
  }
}

type Cached = { status: PartStatus; until: number } | { pending: Promise<PartStatus> };
const cache = processSlot<Cached>('health.payment-api');

/** The payment API's status, from the cache while it is fresh. */
export async function checkPaymentProvider(probe: () => Promise<PartStatus> = probePaymentProvider, now: () => number = Date.now): Promise<PartStatus> {
  const cached = cache.get();
  if (cached) {
    if ('pending' in cached) return cached.pending;
    if (now() < cached.until) return cached.status;
  }
  const pending = probe()
    .catch((): PartStatus => 'error')
    .then((status) => {
      cache.set({ status, until: now() + (status === 'ok' ? PAYMENT_API_OK_TTL_MS : PAYMENT_API_ERROR_TTL_MS) });
      return status;
    });
  cache.set({ pending });
  return pending;
}

export async function healthReport(): Promise<HealthReport> {
  const [database, api] = await Promise.all([checkDatabase(), checkPaymentProvider()]);
  return { status: database === 'ok' && api === 'ok' ? 'ok' : 'degraded', db: database, payment_api: api };
}
