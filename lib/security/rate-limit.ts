/**
 * Fixed-window rate limits kept in this process's memory (one Node host; on several
 * instances each counts its own share — see docs/architecture.md). Limits come from
 * RATE_LIMIT_*_PER_MIN. Callers key client limits with lib/security/client-address.ts
 * (clientRateKey), never with a header the client writes.
 */
import { env } from '@/lib/config/env';
import { processSingleton } from '@/lib/process/context';

/** 'link': opening /pagar/<code> (guessing codes), limited like checkout. 'api': /api/v1 per API key. */
export type RateBucket = 'checkout' | 'login' | 'login-account' | 'webhook' | 'cep' | 'link' | 'api';

/**
 * Sign-in attempts on one account from all addresses together: enough room for a merchant's
 * own devices while someone else is being refused, few enough that a botnet cannot guess on.
 */
export const LOGIN_ACCOUNT_LIMIT_FACTOR = 5;
export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

type Window = { start: number; count: number };
/** The open windows by key, one map per process context. */
export const rateLimitWindows = processSingleton('rate-limit', () => new Map<string, Window>());

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
  }
}

/** Counts one hit of `id` (an IP, IP+e-mail, or webhook token hash) in `bucket`. */
export function hit(bucket: RateBucket, id: string, now = Date.now()): RateDecision {
  const map = rateLimitWindows();
  const k = `${bucket}:${id}`;
  let w = map.get(k);
  if (!w || now - w.start >= WINDOW_MS) {
    if (w) map.delete(k); // re-inserted below: the map stays ordered by window start
    else if (map.size >= MAX_KEYS) prune(now);
    w = { start: now, count: 0 };
    map.set(k, w);
  }
  w.count += 1;
  const limit = limitOf(bucket);
  if (w.count > limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)) };
  return { ok: true, remaining: limit - w.count };
}

/**
 * Drops finished windows; when a flood of distinct ids (random webhook tokens) still fills
 * the map, drops a tenth of it — ids seen once first, the oldest first — instead of
 * everything, so a flood cannot reset the counters of the ids it is hammering.
 */
function prune(now: number) {
  const map = rateLimitWindows();
  for (const [k, w] of map) {
    if (now - w.start < WINDOW_MS) break; // ordered by start: the rest are younger
    map.delete(k);
  }
  if (map.size < MAX_KEYS) return;
  let drop = Math.ceil(MAX_KEYS / 10);
  for (const [k, w] of map) {
    if (drop <= 0) return;
    if (w.count <= 1) {
      map.delete(k);
      drop--;
    }
  }
  for (const k of map.keys()) {
    if (drop-- <= 0) return;
    map.delete(k);
  }
}
