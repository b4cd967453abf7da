/**
 * Benchmark baseline (T12, BENCHMARKS.md): in the bench's build only, every import of
 * `@/lib/security/rate-limit` resolves here (bench/next.config.bench.mjs aliases it), and a
 * server started with BENCH_RATE_LIMIT=off answers every hit as allowed without touching the
 * database — the checkout "without" its rate-limit counters. Any other server of that build
 * runs the product's own `hit()`. A production build never sees this file.
 *
 * The product's module is imported by its relative path: the alias matches only the `@/` name,
 * so this does not resolve to itself.
 */
import { hit as countedHit, type RateBucket, type RateDecision } from '../../../../lib/security/rate-limit';

export * from '../../../../lib/security/rate-limit';

const off = process.env.BENCH_RATE_LIMIT === 'off';

export async function hit(bucket: RateBucket, id: string, now = Date.now()): Promise<RateDecision> {
  if (off) return { ok: true, remaining: 1 };
  return countedHit(bucket, id, now);
}
