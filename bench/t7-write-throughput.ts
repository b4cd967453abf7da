/**
 * T7 — SQLite write throughput of order + payment creation under concurrent checkouts (the
 * real form over HTTP: server action → placeOrder → sandbox → rows), WAL with busy timeout:
 * orders/s, and no SQLITE_BUSY anywhere (answers, server log, missing rows).
 * Two rounds: one server process; then two processes on the same SQLite files (the scale-out
 * case, where WAL and the busy timeout are what keeps writers from failing), load split
 * between them.
 */
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { BENCH_PORTS, startServer, type Server } from './lib/server';
import { fmtMs, type TargetResult } from './lib/report';
import { checkout } from './lib/shop';
import { percentile, round } from './lib/stats';

export const T7 = { id: 'T7', title: 'order+payment creation under concurrent checkouts', target: 'report orders/s; 0 SQLITE_BUSY' };

type Round = {
  processes: number;
  total: number;
  concurrency: number;
  seconds: number;
  ok: number;
  perSecond: number;
  failures: string[];
  rows: { orders: number; created: number };
  busyInLog: number;
  busyInAnswers: number;
  errorsInLog: number;
  p50: number;
  p95: number;
  /** T13: the order numbers this round's orders got (sorted), checked for duplicates and gaps. */
  numbers: { count: number; first: number | null; last: number | null; duplicates: number; gaps: number };
};

/** The last run's rounds, for T13 (which reads them instead of loading the server again). */
export let lastT7Rounds: Round[] | null = null;

export async function runT7(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick } = ctx;
  const total = quick ? 40 : 200;
  const concurrency = quick ? 10 : 20;
  const one = await checkoutRound([server], total, concurrency);
  let second: Server | undefined;
  let two: Round;
  try {
    second = await startServer({ port: BENCH_PORTS.second, shareDataOf: server });
    two = await checkoutRound([server, second], total, concurrency);
  } finally {
    await second?.stop();
  }
  const rounds = [one, two];
  lastT7Rounds = rounds;
  const pass = rounds.every((r) => r.failures.length === 0 && r.busyInLog === 0 && r.busyInAnswers === 0 && r.rows.orders === r.total && r.rows.created === r.total);
  const line = (r: Round) =>
    `${r.processes} process${r.processes > 1 ? 'es' : ''}: ${r.perSecond.toFixed(1)} orders/s (${r.ok}/${r.total} ok, p95 ${fmtMs(r.p95)}, SQLITE_BUSY ${r.busyInLog + r.busyInAnswers})`;
  return {
    ...T7,
    headline: `${concurrency} concurrent checkouts — ${rounds.map(line).join('; ')}`,
    verdict: pass ? 'pass' : 'fail',
    details: { rounds },
    notes: rounds.flatMap((r) => (r.failures.length ? [`${r.processes} process(es): ${r.failures.length} failed checkouts, e.g. ${r.failures[0]}`] : [])),
  };
}

export async function checkoutRound(servers: Server[], total: number, concurrency: number): Promise<Round> {
  const server = servers[0];
  const before = withDb(server.appDbPath, (db) => Number(db.prepare('SELECT count(*) FROM orders').pluck().get()));
  const countersBefore = servers.map((s) => s.counters());
  let next = 0;
  const ok: string[] = [];
  const failures: string[] = [];
  const ms: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const target = servers[worker % servers.length];
      while (next < total) {
        next++;
        try {
          const r = await checkout(target.url, 'pix');
          ms.push(r.ms);
          if (r.ok) ok.push(r.token);
          else failures.push(`HTTP ${r.status}: ${r.body.replace(/\s+/g, ' ').slice(0, 160)}`);
        } catch (e) {
          failures.push(String(e));
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const db = withDb(server.appDbPath, (d) => ({
    orders: Number(d.prepare('SELECT count(*) FROM orders').pluck().get()) - before,
    created: ok.length
      ? Number(
          d
            .prepare(`SELECT count(*) FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.create_state = 'created' AND o.token IN (${ok.map(() => '?').join(',')})`)
            .pluck()
            .get(...ok),
        )
      : 0,
  }));
  const numbers = numbersOf(
    ok.length
      ? withDb(server.appDbPath, (d) =>
          d
            .prepare(`SELECT number FROM orders WHERE token IN (${ok.map(() => '?').join(',')})`)
            .pluck()
            .all(...ok) as (number | null)[],
        )
      : [],
  );
  const countersAfter = servers.map((s) => s.counters());
  const busyInLog = countersAfter.reduce((n, c, i) => n + c.busy - countersBefore[i].busy, 0);
  const errorsInLog = countersAfter.reduce((n, c, i) => n + c.errors - countersBefore[i].errors, 0);
  const busyInAnswers = failures.filter((f) => /SQLITE_BUSY|database is locked/.test(f)).length;
  return {
    processes: servers.length,
    total,
    concurrency,
    seconds: round2(seconds),
    ok: ok.length,
    perSecond: ok.length / seconds,
    failures: failures.slice(0, 10),
    rows: db,
    busyInLog,
    busyInAnswers,
    errorsInLog,
    p50: round2(percentile(ms, 50)),
    p95: round2(percentile(ms, 95)),
    numbers,
  };
}

/**
 * Sequential numbers of concurrent orders: every successful order has one, none twice, and
 * they run without a gap (each round's orders are the only ones placed while it runs).
 */
export function numbersOf(list: (number | null)[]): Round['numbers'] {
  const nums = list.filter((n): n is number => typeof n === 'number').sort((a, b) => a - b);
  let duplicates = list.length - nums.length; // an order without a number counts as a failure too
  let gaps = 0;
  for (let i = 1; i < nums.length; i++) {
    if (nums[i] === nums[i - 1]) duplicates++;
    else gaps += nums[i] - nums[i - 1] - 1;
  }
  return { count: nums.length, first: nums[0] ?? null, last: nums.at(-1) ?? null, duplicates, gaps };
}

const round2 = (n: number) => round(n, 1);
