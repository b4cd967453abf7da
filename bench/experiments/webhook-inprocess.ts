/**
 * The webhook intake's own cost, in-process (no HTTP, no Next), to locate T2's overhead:
 *   1. unknown token (rate limit, lookup, body, delivery log, 404);
 *   2. a paid payment whose fetch-back is answered by a stub at once (lookup + transaction + log);
 *   3. the same with the real client reading the real embedded sandbox in-process (the app's
 *      transport, lib/sandbox/in-process-exchange.ts: no HTTP hop, no fetch objects);
 *   4. the sandbox's GET /v1/pix/<id> handler alone, in-process, through fetch's Request and Response.
 * Interleaved, same process.   npx tsx --conditions=react-server bench/experiments/webhook-inprocess.ts [--only=2] [--iterations=1000]
 * --concurrency=N: N calls of a case at once; the time per call is the batch's time ÷ N.
 * --count-promises: how many promises one call of each case creates.
 * --als: every case runs inside AsyncLocalStorage.run, as Next runs each request (on Node 20 an
 *   enabled AsyncLocalStorage installs promise hooks: every promise costs more).
 * Profile one case:  node --cpu-prof --cpu-prof-dir=bench/results/prof --conditions=react-server --import tsx bench/experiments/webhook-inprocess.ts --only=2 --iterations=20000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runExperiment } from '../lib/experiment';
import { seedOrders } from '../lib/seed';
import { sandboxHeaders } from '../lib/shop';
import { median, percentile } from '../lib/stats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-wh-'));
const dbPath = path.join(dir, 'app.db');
const APP_URL = 'http://127.0.0.1:3279';
process.env.DATABASE_URL = `file:${dbPath}`;
process.env.SANDBOX_DATABASE_URL = `file:${path.join(dir, 'sandbox.db')}`;
process.env.APP_URL = APP_URL;
process.env.LOG_LEVEL = 'warn';
process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '1000000';

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const samples = seedOrders(dbPath, 1000, { seed: 3, sampleCount: 20 }).samples;
  const [stubbed, real] = samples.filter((s) => s.status === 'paid');
  const client = (database().db as unknown as { $client: import('better-sqlite3').Database }).$client;

  const { handleSandboxRequest } = await import('@/lib/sandbox');
  const base = `${APP_URL}/api/sandbox/`;
  const inProcessFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(base)) throw new Error(`unexpected fetch ${request.url}`);
    return handleSandboxRequest(request, new URL(request.url).pathname.slice('/api/sandbox/'.length).split('/').filter(Boolean));
  }) as typeof fetch;
  const { providerApi } = await import('@/lib/payments/api');
  const realApi = providerApi(); // PAYMENT_API_URL unset: the embedded sandbox, in process
  const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const pix = await realApi.createPix(
    { amountCents: 7980, description: 'Pedido bench', dueDate: due, expirationDays: 1, payer: { name: 'Maria da Silva', document: '52998224725' } },
    { idempotencyKey: 'bench-1' },
  );
  const sim = (p: string, body: unknown) => handleSandboxRequest(new Request(`${base}sim/${p}`, { method: 'POST', headers: sandboxHeaders(), body: JSON.stringify(body) }), ['sim', ...p.split('/')]);
  await sim('clock', { advance_seconds: 5 });
  const paid = await sim(`pix/${pix.id}/pay`, {});
  if (!paid.ok) throw new Error(`sim pay → ${paid.status} ${await paid.text()}`);
  client.prepare("UPDATE payments SET method = 'pix', provider_id = ?, amount_cents = 7980 WHERE id = ?").run(pix.id, real.paymentId);
  client.prepare("UPDATE payments SET method = 'pix', provider_status = 'completed' WHERE id = ?").run(stubbed.paymentId);

  const { handlePaymentWebhook } = await import('@/lib/payments/webhook-intake');
  const { setPaymentApiForTests } = await import('@/lib/payments/api');
  const stubPix = { id: 'x', status: 'completed', amountCents: 0, paidAt: new Date().toISOString(), metadata: [], raw: {} };
  const stubApi = { getPix: async () => stubPix } as never;
  const body = JSON.stringify({ id: 'evt-1', type: 'QRCodeCompleted', data: {} });
  const req = () => new Request(`${APP_URL}/api/webhooks/payments/x`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const cases: [string, () => Promise<Response>][] = [
    ['1 unknown token (404)', () => handlePaymentWebhook(req(), 'y'.repeat(32))],
    [
      '2 paid, stub fetch-back',
      () => {
        setPaymentApiForTests(stubApi);
        return handlePaymentWebhook(req(), stubbed.webhookToken);
      },
    ],
    [
      '3 paid, in-process sandbox fetch-back',
      () => {
        setPaymentApiForTests(realApi);
        return handlePaymentWebhook(req(), real.webhookToken);
      },
    ],
    ['4 sandbox GET /v1/pix/<id> alone', () => inProcessFetch(`${base}v1/pix/${pix.id}`, { headers: sandboxHeaders() })],
  ];
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const iterations = Number(process.argv.find((a) => a.startsWith('--iterations='))?.slice(13) ?? 1000);
  const chosen = cases.map((c, k) => k).filter((k) => !only || only.some((o) => cases[k][0].startsWith(o)));
  const ms = cases.map(() => [] as number[]);
  if (process.argv.includes('--count-promises')) {
    // Promises created per call (each costs a hook call per AsyncLocalStorage in use under Next).
    const { createHook } = await import('node:async_hooks');
    let n = 0;
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && n++) });
    for (const k of [0, 1, 2, 3]) {
      hook.enable();
      n = 0;
      await (await cases[k][1]()).arrayBuffer();
      hook.disable();
      console.log(`${cases[k][0].padEnd(40)} ${n} promises`);
    }
  }
  if (process.argv.includes('--als')) {
    const { AsyncLocalStorage } = await import('node:async_hooks');
    const stores = Array.from({ length: Number(process.env.ALS_STORES ?? 2) }, () => new AsyncLocalStorage<object>());
    for (const c of cases) {
      const fn = c[1];
      c[1] = () => stores.reduceRight<() => Promise<Response>>((inner, store) => () => store.run({}, inner), fn)();
    }
  }
  for (let i = 0; i < 100; i++) for (const [, fn] of cases) await (await fn()).arrayBuffer();
  // --concurrency=N: N calls at once (as a server under load interleaves them); the figure is the batch's time ÷ N.
  const concurrency = Number(process.argv.find((a) => a.startsWith('--concurrency='))?.slice(14) ?? 1);
  for (let i = 0; i < iterations; i++) {
    for (const k of chosen) {
      const t = performance.now();
      const rs = await Promise.all(Array.from({ length: concurrency }, async () => {
        const r = await cases[k][1]();
        await r.arrayBuffer();
        return r;
      }));
      ms[k].push((performance.now() - t) / concurrency);
      if (i === 0 && k > 0 && rs.some((r) => r.status !== 200)) throw new Error(`${cases[k][0]} → ${rs.map((r) => r.status).join(',')}`);
    }
  }
  chosen.map((k) => [cases[k][0], k] as const).forEach(([label, k]) => console.log(`${label.padEnd(40)} p50 ${median(ms[k]).toFixed(3)} ms  p95 ${percentile(ms[k], 95).toFixed(3)} ms`));
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
runExperiment(main);
