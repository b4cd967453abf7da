/**
 * The status route handler's own cost, in-process (no HTTP, no Next routing): its GET
 * against the bare handlers' GET, interleaved, for a paid and a pending order.
 *   npx tsx --conditions=react-server bench/experiments/status-inprocess.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runExperiment } from '../lib/experiment';
import { seedOrders } from '../lib/seed';
import { median, percentile } from '../lib/stats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-status-'));
const dbPath = path.join(dir, 'app.db');
process.env.DATABASE_URL = `file:${dbPath}`;
process.env.SANDBOX_DATABASE_URL = `file:${path.join(dir, 'sandbox.db')}`;
process.env.LOG_LEVEL = 'silent';
process.env.BENCH_ROUTES = '1';

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const samples = seedOrders(dbPath, 1000, { sampleCount: 50 }).samples;
  const paid = samples.find((s) => s.status === 'paid')!;
  const pending = samples.find((s) => s.status === 'pending')!;
  const status = await import('@/app/api/orders/[token]/status/route');
  const bare = await import('@/app/api/bench/bare/[token]/route');
  const ctx = (token: string) => ({ params: Promise.resolve({ token }) });
  const req = () => new Request('http://127.0.0.1/x');
  const cases: [string, () => Promise<Response>][] = [
    ['bare [token] GET', () => bare.GET(req(), ctx(paid.token))],
    ['status GET, paid order', () => status.GET(req(), ctx(paid.token))],
    ['status GET, pending order', () => status.GET(req(), ctx(pending.token))],
  ];
  const ms = cases.map(() => [] as number[]);
  for (let i = 0; i < 200; i++) for (const [, fn] of cases) await (await fn()).text();
  for (let i = 0; i < 5000; i++) {
    for (let k = 0; k < cases.length; k++) {
      const t = performance.now();
      await (await cases[k][1]()).text();
      ms[k].push(performance.now() - t);
    }
  }
  cases.forEach(([label], k) => console.log(`${label.padEnd(28)} p50 ${(median(ms[k]) * 1000).toFixed(1)} µs  p95 ${(percentile(ms[k], 95) * 1000).toFixed(1)} µs`));
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
runExperiment(main);
