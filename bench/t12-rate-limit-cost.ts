/**
 * T12 — what the database-backed rate limit (lib/security/rate-limit.ts: `hit()` is one upsert
 * into `rate_limit_counters`, plus a sweep of finished windows once a minute per process) costs
 * the checkout form POST: p95 with the counters vs without, target ≤ 1.10×.
 *
 * Fair design: two fresh `next start` of the same bench build, started together, each on its own
 * fresh database files (same seed, same size), the same environment except one variable. In the
 * bench's build only, `@/lib/security/rate-limit` resolves to bench/overlay/lib/security/rate-limit.ts
 * (bench/next.config.bench.mjs): on a server started with BENCH_RATE_LIMIT=off its `hit()`
 * answers "allowed" without the database; on the other it is the product's `hit()`. A production
 * build has neither the file nor the variable. Checkouts run one at a time, alternating between
 * the two servers request by request (A B, B A, …), in rounds; per round the p95 of each side,
 * and the verdict is the median over rounds of the p95 ratio. Afterwards the counters' table
 * shows the "with" server counted every checkout and the "without" one counted none.
 */
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { BENCH_PORTS, startServer, type Server } from './lib/server';
import { checkout, fetchCheckoutForm } from './lib/shop';
import { median, percentile, round, summarize } from './lib/stats';

export const T12 = { id: 'T12', title: 'checkout POST with the database rate-limit counters vs without', target: '≤ 1.10× (p95)' };

export async function runT12(ctx: BenchContext): Promise<TargetResult> {
  const { quick, log } = ctx;
  const rounds = quick ? 2 : 5;
  const perRound = quick ? 12 : 30;
  let on: Server | undefined;
  let off: Server | undefined;
  try {
    [on, off] = await Promise.all([startServer({ port: BENCH_PORTS.limitsOn }), startServer({ port: BENCH_PORTS.limitsOff, env: { BENCH_RATE_LIMIT: 'off' } })]);
    const failures: string[] = [];
    const one = async (s: Server) => {
      const form = await fetchCheckoutForm(s.url); // untimed: a fresh checkout key per order
      const r = await checkout(s.url, 'pix', form);
      if (!r.ok) failures.push(`${s.port}: checkout → ${r.status}`);
      return r.ms;
    };
    for (let i = 0; i < 5; i++) {
      await one(on);
      await one(off);
    }
    failures.length = 0;
    // The checkout counter's row (one per client address and minute window; the window may turn
    // over during the run, so its count is not the run's total).
    const counted = (s: Server) => withDb(s.appDbPath, (db) => Number(db.prepare("SELECT coalesce(sum(count), 0) FROM rate_limit_counters WHERE key LIKE 'checkout:%'").pluck().get()));
    log(`T12: ${rounds} rounds × ${perRound} checkouts per side, alternating`);
    const perRoundFigures: { on: number; off: number; ratio: number }[] = [];
    const all = { on: [] as number[], off: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < perRound; i++) {
        if ((r + i) % 2 === 0) {
          a.push(await one(on));
          b.push(await one(off));
        } else {
          b.push(await one(off));
          a.push(await one(on));
        }
      }
      all.on.push(...a);
      all.off.push(...b);
      perRoundFigures.push({ on: round(percentile(a, 95), 1), off: round(percentile(b, 95), 1), ratio: round(percentile(a, 95) / percentile(b, 95), 3) });
    }
    const hits = { on: counted(on), off: counted(off) };
    const total = rounds * perRound;
    const ratio = median(perRoundFigures.map((x) => x.ratio));
    const sOn = summarize(all.on);
    const sOff = summarize(all.off);
    const ratioAllP95 = sOn.p95 / sOff.p95;
    const ratioP50 = sOn.p50 / sOff.p50;
    // The switch must have done what it says: the "with" server counts checkouts, the "without" one never did.
    const switchOk = hits.on > 0 && hits.off === 0;
    const pass = ratio <= 1.1 && failures.length === 0 && switchOk;
    return {
      ...T12,
      headline:
        `${fmtRatio(ratio)} (median of ${rounds} rounds' p95 ratios; all ${total} each: p95 ${fmtMs(sOn.p95)} vs ${fmtMs(sOff.p95)} = ${fmtRatio(ratioAllP95)}, ` +
        `p50 ${fmtMs(sOn.p50)} vs ${fmtMs(sOff.p50)} = ${fmtRatio(ratioP50)}); checkout counter ${hits.on} in the current window with, ${hits.off} without`,
      verdict: pass ? 'pass' : 'fail',
      details: { rounds: perRoundFigures, perRound, with: sOn, without: sOff, medianRatioP95: ratio, ratioAllP95, ratioP50, hits, failures: failures.slice(0, 10) },
      notes: [
        ...(failures.length ? [`${failures.length} failed checkouts: ${failures[0]}`] : []),
        ...(switchOk ? [] : [`the baseline switch did not hold: counter ${hits.on} with, ${hits.off} without (is .next-bench built with the alias?)`]),
      ],
    };
  } finally {
    await Promise.all([on?.stop(), off?.stop()]);
  }
}
