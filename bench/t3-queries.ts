/**
 * T3 — Drizzle on the hot paths vs the same SQL through raw better-sqlite3, in-process, on a
 * scratch database with the real schema, at 1k and 100k orders (--quick: 10k alone, a smoke
 * check: the verdict at 100k is the full run's).
 *
 * The app's own functions are timed (lib/orders/queries: the status route's and the order
 * page's queries; lib/orders/orders-query listOrders: the orders page, count + page); the
 * raw side replays exactly the statements each function sent (captured at the connection),
 * through prepared statements made once. Both run interleaved (A,B,B,A…), same process.
 *
 * Run by bench/run.ts in a child process (needs the react-server condition for
 * `server-only`):  npx tsx --conditions=react-server bench/t3-queries.ts <out.json> [--quick]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installCapture, type Captured } from './lib/sql-capture';
import { seedOrders, type SeededOrder } from './lib/seed';
import { median, percentile, round } from './lib/stats';

const outFile = process.argv[2];
const quick = process.argv.includes('--quick');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-t3-'));
const dbPath = path.join(dir, 'app.db');
process.env.DATABASE_URL = `file:${dbPath}`;
process.env.LOG_LEVEL = 'silent';

type Pair = { p50: number; p95: number; mean: number };
type CaseResult = {
  size: number;
  name: string;
  hotPath: string;
  statements: number;
  drizzle: Pair;
  raw: Pair;
  ratioP50: number;
  ratioMean: number;
  plans: string[];
  runs: number;
};

function stats(ms: number[]): Pair {
  return { p50: round(median(ms), 4), p95: round(percentile(ms, 95), 4), mean: round(ms.reduce((a, b) => a + b, 0) / ms.length, 4) };
}

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const client = (database().db as unknown as { $client: import('better-sqlite3').Database }).$client;
  const capture = installCapture(client);

  const { orderStatusByToken, orderViewByToken } = await import('@/lib/orders/queries');
  let listOrders: ((f: Record<string, unknown>, page?: number) => Promise<{ rows: { id: string }[]; total: number }>) | null = null;
  try {
    listOrders = (await import('@/lib/orders/orders-query')).listOrders as never;
  } catch (e) {
    console.error(`lib/orders/orders-query not loadable: ${String(e)}`);
  }
  // The webhook route's lookup, the app's own (prepared) function.
  const { findPaymentByWebhookToken } = await import('@/lib/payments/webhook-intake');

  // Held at 100k; the 1k row shows what the size costs (GROWTH follows the curve on the server).
  const sizes = quick ? [10_000] : [1_000, 100_000];
  const results: CaseResult[] = [];
  const seeds: { size: number; ms: number }[] = [];
  let seeded = 0;
  let samples: SeededOrder[] = [];

  for (const size of sizes) {
    const s = seedOrders(dbPath, size - seeded, { seed: size, sampleCount: 20 });
    seeds.push({ size, ms: s.ms });
    seeded = size;
    samples = s.samples;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const deepPage = Math.max(1, Math.floor(size / 25 / 2));
    const doc6 = samples[3].buyerDocument.slice(0, 6);

    const tokenCases: { name: string; hotPath: string; fn: (o: SeededOrder) => Promise<unknown> }[] = [
      { name: 'orderStatusByToken', hotPath: 'GET /api/orders/<token>/status', fn: (o) => orderStatusByToken(o.token) },
      { name: 'orderViewByToken', hotPath: 'buyer order page /orders/<token>', fn: (o) => orderViewByToken(o.token) },
      { name: 'payment by webhook token (webhook-intake query)', hotPath: 'POST /api/webhooks/payments/<token>', fn: (o) => findPaymentByWebhookToken(o.webhookToken) },
    ];
    const pageCases: { name: string; filters: Record<string, unknown>; page: number }[] = listOrders
      ? [
          { name: 'orders page 1, no filter', filters: {}, page: 1 },
          { name: `orders page ${deepPage} (middle), no filter`, filters: {}, page: deepPage },
          { name: 'orders page 1, status=paid', filters: { status: 'paid' }, page: 1 },
          { name: 'orders page 1, status=pending', filters: { status: 'pending' }, page: 1 },
          { name: 'orders page 1, boleto, last 30 days', filters: { method: 'boleto', from: monthAgo, to: today }, page: 1 },
          { name: 'orders page 1, paid+pix, last 30 days', filters: { status: 'paid', method: 'pix', from: monthAgo, to: today }, page: 1 },
          { name: 'orders page 1, search name "Oliveira"', filters: { q: 'Oliveira' }, page: 1 },
          { name: 'orders page 1, search document prefix', filters: { q: doc6 }, page: 1 },
        ]
      : [];

    // The same counts in bench:quick: at 10k the runs cost well under a second, and fewer runs
    // let a JIT warm-up decide a ratio of two microsecond lookups.
    const runsToken = 2000;
    const runsPage = 200;

    async function measure(name: string, hotPath: string, appFn: () => Promise<unknown>, runs: number, check?: (captured: Captured[]) => void) {
      await appFn();
      const captured = await capture.capture(appFn);
      check?.(captured);
      // Compiled outside the app's statement cache (db/statements.ts): the raw side gets its
      // own statements in their default (object-row) mode, as the app's rows are objects too.
      const compile = Object.getPrototypeOf(client).prepare as (sql: string) => import('better-sqlite3').Statement;
      const stmts = captured.map((c) => ({ stmt: compile.call(client, c.sql), params: c.params, reader: /^\s*(select|with)/i.test(c.sql) }));
      const rawFn = () => {
        let out: unknown;
        for (const s of stmts) out = s.reader ? s.stmt.all(...(s.params as unknown[])) : s.stmt.run(...(s.params as unknown[]));
        return out;
      };
      for (let i = 0; i < Math.min(50, runs); i++) {
        await appFn();
        rawFn();
      }
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (i % 2 === 0) {
          let t = performance.now();
          await appFn();
          a.push(performance.now() - t);
          t = performance.now();
          rawFn();
          b.push(performance.now() - t);
        } else {
          let t = performance.now();
          rawFn();
          b.push(performance.now() - t);
          t = performance.now();
          await appFn();
          a.push(performance.now() - t);
        }
      }
      const plans = captured.map((c) =>
        (client.prepare(`EXPLAIN QUERY PLAN ${c.sql}`).all(...(c.params as unknown[])) as { detail: string }[]).map((p) => p.detail).join(' | '),
      );
      const drizzle = stats(a);
      const raw = stats(b);
      results.push({
        size,
        name,
        hotPath,
        statements: captured.length,
        drizzle,
        raw,
        ratioP50: round(drizzle.p50 / raw.p50, 3),
        ratioMean: round(drizzle.mean / raw.mean, 3),
        plans,
        runs,
      });
      console.error(`[T3 ${size}] ${name.padEnd(44)} app p50 ${drizzle.p50.toFixed(3)} ms p95 ${drizzle.p95.toFixed(3)} | raw p50 ${raw.p50.toFixed(3)} ms | ×${(drizzle.p50 / raw.p50).toFixed(2)}`);
    }

    // One pending order from the middle of what was inserted; both sides read the same rows.
    // Pending: a settled payment's webhook target is served from memory (webhook-intake.ts), so
    // there would be no query to compare.
    const pendingCount = (client.prepare("SELECT count(*) AS n FROM orders WHERE status = 'pending'").get() as { n: number }).n;
    const order = client
      .prepare(
        `SELECT o.id, o.token, p.id AS paymentId, p.webhook_token AS webhookToken, o.status, o.buyer_document AS buyerDocument
           FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.status = 'pending' ORDER BY o.rowid LIMIT 1 OFFSET ?`,
      )
      .get(Math.floor(pendingCount / 2)) as SeededOrder | undefined;
    if (!order) throw new Error(`no pending order at ${size}`);
    for (const c of tokenCases) {
      await measure(c.name, c.hotPath, () => c.fn(order), runsToken, (captured) => {
        if (captured.length === 0) throw new Error(`${c.name}: sent no SQL`);
      });
    }
    for (const c of pageCases) {
      await measure(c.name, 'GET /dashboard/orders', () => listOrders!(c.filters, c.page), runsPage, (captured) => {
        if (captured.length === 0) throw new Error(`${c.name}: listOrders sent no SQL`);
      });
    }
  }

  fs.writeFileSync(outFile, JSON.stringify({ seeds, results }, null, 2));
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
