/**
 * T2 — the webhook route (token lookup + fetch-back to the provider + transaction + delivery
 * log) vs a bare POST handler behind the same [token] route shape, req/s, interleaved.
 *
 * The target is measured with the provider OUT of the app's process, as in production: a
 * second `next start` (BENCH_PORTS.second) whose PAYMENT_API_URL is the provider stub
 * (bench/lib/provider-stub.ts, node:http on 127.0.0.1, reads answered from memory in
 * microseconds), so the route pays for waiting on a socket, not for the sandbox answering on
 * the same two cores. The same comparison against the embedded sandbox (the main bench
 * server) is reported as information, without a target (full runs only).
 *
 * Then a duplicate storm against the out-of-process setup: the same signed delivery 1,000×
 * (20 at a time) for a payment the provider reports paid while the app still has it pending,
 * and the count of status_changed events it left: exactly 1.
 */
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { paymentOfOrder, withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { compareThroughput, type Comparison } from './lib/load';
import { fmtInt, fmtRatio, type TargetResult } from './lib/report';
import { BENCH_PORTS, startProviderStub, startServer, type Server } from './lib/server';
import { checkoutOrThrow, sandboxPayWhenPayable } from './lib/shop';
import { deliveryBody, onStub, paidAtStub, STUB_KEY, untilPaid, type Paid } from './lib/stub-payments';

export const T2 = {
  id: 'T2',
  title: 'webhook route req/s vs bare POST, provider out of process; 1,000× duplicate storm',
  target: '≥ 0.75×; exactly 1 state change',
};
const TARGET = 0.75;
function signedHeaders(body: string, key: string): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', key).update(ts).update(body).digest('hex');
  return { 'content-type': 'application/json', 'x-pagou-timestamp': ts, 'x-pagou-signature': sig };
}

/** A Pix order on the embedded-sandbox server, paid through the sandbox's control API and applied. */
async function paidAtSandbox(server: Server): Promise<Paid> {
  const token = await checkoutOrThrow(server.url, 'pix');
  const p = paymentOfOrder(server.appDbPath, token);
  if (!p.pix_code || !p.provider_id) throw new Error('the Pix payment has no code/provider id after checkout');
  const r = await sandboxPayWhenPayable(server.url, p.pix_code);
  if (!r.ok) throw new Error(`sim/pay → ${r.status} ${await r.text()}`);
  await untilPaid(server, token);
  return { token, payment: paymentOfOrder(server.appDbPath, token) };
}

/** Webhook route vs the bare POST behind the same [token] segment, deliveries spread over paid payments. */
async function compareRoute(url: string, paid: Paid[], o: { rounds: number; seconds: number }): Promise<Comparison> {
  const deliveries = paid.map((p) => ({
    method: 'POST',
    path: `/api/webhooks/payments/${p.payment.webhook_token}`,
    headers: { 'content-type': 'application/json' },
    body: deliveryBody(p.payment.provider_id!),
  }));
  for (const d of deliveries) {
    const probe = await fetch(`${url}${d.path}`, { method: 'POST', headers: d.headers, body: d.body });
    if (probe.status !== 200) throw new Error(`webhook route answered ${probe.status}: ${await probe.text()}`);
  }
  return compareThroughput(
    { label: 'webhook route', url, requests: deliveries },
    { label: 'bare POST (same [token] shape)', url, requests: deliveries.map((d) => ({ ...d, path: `/api/bench/bare/${d.path.split('/').pop()}` })) },
    { rounds: o.rounds, seconds: o.seconds, connections: 20, warmupSeconds: 1 },
  );
}

type StormCounts = { statusChanged: number; toPaid: number; deliveries: number; applied: number; noChange: number; other: Record<string, number> };

/** The same signed delivery `size` times, 20 at a time, for a payment paid at the provider and pending in the app. */
async function duplicateStorm(app: Server, stubUrl: string, size: number) {
  const storm = await paidAtStub(app, stubUrl, false);
  if (storm.payment.status !== 'pending') throw new Error(`storm payment already ${storm.payment.status}`);
  const body = deliveryBody(storm.payment.provider_id!);
  const t = performance.now();
  const r = await autocannon({
    url: `${app.url}/api/webhooks/payments/${storm.payment.webhook_token}`,
    method: 'POST',
    headers: signedHeaders(body, STUB_KEY),
    body,
    amount: size,
    connections: 20,
    timeout: 30,
  });
  const seconds = (performance.now() - t) / 1000;
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const counts: StormCounts = withDb(app.appDbPath, (db) => {
    const pid = storm.payment.id;
    const one = (sql: string) => Number((db.prepare(sql).get(pid) as { n: number }).n);
    const outcomes = db.prepare('SELECT outcome, count(*) AS n FROM webhook_deliveries WHERE payment_id = ? GROUP BY outcome').all(pid) as { outcome: string; n: number }[];
    const by = Object.fromEntries(outcomes.map((o) => [o.outcome, o.n]));
    return {
      statusChanged: one("SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND type = 'status_changed'"),
      toPaid: one("SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND type = 'status_changed' AND to_status = 'paid'"),
      deliveries: one('SELECT count(*) AS n FROM webhook_deliveries WHERE payment_id = ?'),
      applied: by.applied ?? 0,
      noChange: by.no_change ?? 0,
      other: Object.fromEntries(Object.entries(by).filter(([k]) => k !== 'applied' && k !== 'no_change')),
    };
  });
  const finalStatus = paymentOfOrder(app.appDbPath, storm.token).status;
  return { counts, codes, seconds, finalStatus };
}

export async function runT2(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick, log } = ctx;
  const rounds = quick ? 4 : 8;
  const seconds = quick ? 1 : 2;

  // 1. The target: the provider out of process.
  const stub = await startProviderStub(BENCH_PORTS.provider);
  let app: Server | undefined;
  let cmp: Comparison;
  let storm: Awaited<ReturnType<typeof duplicateStorm>>;
  let stubStats: unknown;
  const stormSize = quick ? 200 : 1000;
  try {
    app = await startServer({
      port: BENCH_PORTS.second,
      env: onStub(stub),
    });
    const paid: Paid[] = [];
    for (let i = 0; i < (quick ? 3 : 8); i++) paid.push(await paidAtStub(app, stub.url, true));
    cmp = await compareRoute(app.url, paid, { rounds, seconds });
    log(`T2 provider out of process: ${fmtRatio(cmp.medianRatio)} (${fmtInt(cmp.medianA)} vs ${fmtInt(cmp.medianB)} req/s)`);
    // 2. The storm (200 in --quick, to stay under two minutes).
    storm = await duplicateStorm(app, stub.url, stormSize);
    log(`T2 storm: ${storm.counts.statusChanged} status_changed, ${storm.counts.deliveries} deliveries logged, HTTP ${JSON.stringify(storm.codes)}, final ${storm.finalStatus}`);
    stubStats = await (await fetch(`${stub.url}/__stub/stats`)).json();
  } finally {
    await app?.stop();
    await stub.stop();
  }

  // 3. Information: the same comparison with the embedded sandbox answering the fetch-back
  // in the app's own process (full runs only).
  let embedded: Comparison | undefined;
  if (!quick) {
    const paid: Paid[] = [];
    for (let i = 0; i < 8; i++) paid.push(await paidAtSandbox(server));
    embedded = await compareRoute(server.url, paid, { rounds: 3, seconds: 2 });
    log(`T2 embedded sandbox (information): ${fmtRatio(embedded.medianRatio)} (${fmtInt(embedded.medianA)} vs ${fmtInt(embedded.medianB)} req/s)`);
  }

  const throughputOk = cmp.medianRatio >= TARGET && cmp.non2xxA === 0;
  const c = storm.counts;
  const stormOk = c.statusChanged === 1 && c.toPaid === 1 && storm.finalStatus === 'paid' && c.applied === 1 && Object.keys(storm.codes).every((k) => k === '200');
  return {
    ...T2,
    headline:
      `${fmtRatio(cmp.medianRatio)} (${fmtInt(cmp.medianA)} vs ${fmtInt(cmp.medianB)} req/s, provider out of process); ` +
      `storm: ${c.statusChanged} state change from ${stormSize.toLocaleString('en-US')} deliveries (${c.applied} applied, ${c.noChange} no change, ${c.deliveries} logged, ${storm.seconds.toFixed(1)} s)` +
      (embedded ? `; embedded sandbox (information): ${fmtRatio(embedded.medianRatio)}` : ''),
    verdict: throughputOk && stormOk ? 'pass' : 'fail',
    details: { comparison: cmp, embedded, stub: stubStats, storm: { ...c, httpCodes: storm.codes, finalStatus: storm.finalStatus, seconds: Math.round(storm.seconds * 10) / 10 } },
    notes: [
      ...(embedded ? [`embedded sandbox as the provider (information, no target): ${fmtRatio(embedded.medianRatio)} (${fmtInt(embedded.medianA)} vs ${fmtInt(embedded.medianB)} req/s)`] : []),
      ...(throughputOk ? [] : [`throughput ratio ${fmtRatio(cmp.medianRatio)} below ${TARGET}× (non-2xx: ${cmp.non2xxA})`]),
      ...(stormOk ? [] : [`duplicate storm did not leave exactly one state change (HTTP ${JSON.stringify(storm.codes)})`]),
    ],
  };
}
