/**
 * T14 — T8's sale day on the libSQL driver over a local file (DATABASE_DRIVER=libsql: the
 * async @libsql/client path a Turso deployment takes), on its own server and database files,
 * against the same targets as T8; the ratio of its checkout POST p95 and orders/s to T8's
 * better-sqlite3 run in the same bench run. 30 s of load (5 s in --quick) to keep the bench
 * under its time budget; T8's own run is 60 s, so orders/s (a rate) is what compares.
 */
import type { BenchContext } from './lib/context';
import type { TargetResult } from './lib/report';
import { BENCH_PORTS, startServer } from './lib/server';
import { lastT8, runT8, T8 } from './t8-sale-day';

export const T14 = { id: 'T14', title: 'the sale day (T8) on libSQL over a local file', target: `${T8.target}; ratio to better-sqlite3 reported` };

type SaleDayDetails = { ordersPerSecond: number; checkoutP95: { loaded: number; unloaded: number; ratio: number } };

export async function runT14(ctx: BenchContext): Promise<TargetResult> {
  // T8's better-sqlite3 run of this bench run, read before this run of the sale day replaces it.
  const baseline = lastT8;
  const server = await startServer({ port: BENCH_PORTS.libsql, env: { DATABASE_DRIVER: 'libsql' }, loopProbe: true, profileDir: ctx.profileDir });
  let result: TargetResult;
  try {
    result = await runT8({ ...ctx, server, instances: 1, seconds: ctx.quick ? 5 : 30 });
  } finally {
    await server.stop();
  }
  const mine = result.details as SaleDayDetails | undefined;
  const base = baseline?.details as SaleDayDetails | undefined;
  const compare =
    mine && base
      ? `vs better-sqlite3 (T8): checkout POST p95 ${(mine.checkoutP95.loaded / base.checkoutP95.loaded).toFixed(2)}× loaded, ${(mine.checkoutP95.unloaded / base.checkoutP95.unloaded).toFixed(2)}× unloaded; orders/s ${(mine.ordersPerSecond / base.ordersPerSecond).toFixed(2)}×`
      : 'T8 did not run in this run: no ratio';
  return { ...T14, headline: `libSQL — ${result.headline}; ${compare}`, verdict: result.verdict, notes: result.notes, details: { ...result.details, comparedTo: base ?? null } };
}
