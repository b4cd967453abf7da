/**
 * T2 — the webhook route (token lookup + fetch-back to the embedded sandbox + transaction +
 * delivery log) vs a bare POST handler behind the same [token] route shape, req/s,
 * interleaved (the framework's extra cost of a dynamic segment over a static path is
 * measured beside it and reported); then a duplicate storm: the same signed delivery
 * 1,000× (20 at a time) for a payment the provider reports paid while the app still has it
 * pending (the sandbox's own webhooks dropped by a fault), and the count of status_changed
 * events it left: exactly 1.
 */
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { paymentOfOrder, withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { compareThroughput } from './lib/load';
import { fmtInt, fmtRatio, type TargetResult } from './lib/report';
import { checkoutOrThrow, SANDBOX_KEY, sandboxHeaders, sandboxPayWhenPayable } from './lib/shop';
import { sleep } from './lib/stats';

export const T2 = { id: 'T2', title: 'webhook route req/s vs bare POST; 1,000× duplicate storm', target: '≥ 0.70×; exactly 1 state change' };

function deliveryBody(providerId: string, type = 'QRCodeCompleted') {
  return JSON.stringify({ id: randomUUID(), type, created_at: new Date().toISOString(), data: { id: providerId, status: 'completed' } });
}

function signedHeaders(body: string): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = createHmac('sha256', SANDBOX_KEY).update(ts).update(body).digest('hex');
  return { 'content-type': 'application/json', 'x-pagou-timestamp': ts, 'x-pagou-signature': sig };
}

async function setFaults(base: string, faults: Record<string, unknown>) {
  const r = await fetch(`${base}/api/sandbox/sim/faults`, { method: 'PUT', headers: sandboxHeaders(), body: JSON.stringify(faults) });
  if (!r.ok) throw new Error(`PUT sim/faults → ${r.status} ${await r.text()}`);
}

/** A Pix order paid at the sandbox (its code paid through the control API). */
async function paidPixOrder(ctx: BenchContext, opts: { waitApplied: boolean }) {
  const { server } = ctx;
  const token = await checkoutOrThrow(server.url, 'pix');
  const p = paymentOfOrder(server.appDbPath, token);
  if (!p.pix_code || !p.provider_id) throw new Error('the Pix payment has no code/provider id after checkout');
  const r = await sandboxPayWhenPayable(server.url, p.pix_code);
  if (!r.ok) throw new Error(`sim/pay → ${r.status} ${await r.text()}`);
  if (opts.waitApplied) {
    // The sandbox delivers its webhook in the background; a status poll also heals it.
    const deadline = Date.now() + 15_000;
    while (paymentOfOrder(server.appDbPath, token).status !== 'paid') {
      if (Date.now() > deadline) throw new Error('paid payment was not applied within 15 s');
      await fetch(`${server.url}/api/orders/${token}/status`);
      await sleep(200);
    }
  }
  return { token, payment: paymentOfOrder(server.appDbPath, token) };
}

export async function runT2(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick, log } = ctx;

  // 1. Throughput: deliveries spread over several paid payments (a webhook's usual work: a
  // retry or a late duplicate; distinct payments so no per-payment shortcut can flatter it).
  const paidOrders = [];
  for (let i = 0; i < (quick ? 3 : 8); i++) paidOrders.push(await paidPixOrder(ctx, { waitApplied: true }));
  const deliveries = paidOrders.map((o) => ({
    method: 'POST',
    path: `/api/webhooks/payments/${o.payment.webhook_token}`,
    headers: { 'content-type': 'application/json' },
    body: deliveryBody(o.payment.provider_id!),
  }));
  for (const d of deliveries) {
    const probe = await fetch(`${server.url}${d.path}`, { method: 'POST', headers: d.headers, body: d.body });
    if (probe.status !== 200) throw new Error(`webhook route answered ${probe.status}: ${await probe.text()}`);
  }
  const cmp = await compareThroughput(
    { label: 'webhook route', url: server.url, requests: deliveries },
    {
      label: 'bare POST (same [token] shape)',
      url: server.url,
      requests: deliveries.map((d) => ({ ...d, path: `/api/bench/bare/${d.path.split('/').pop()}` })),
    },
    { rounds: quick ? 4 : 12, seconds: quick ? 1 : 2.5, connections: 20, warmupSeconds: 1 },
  );
  log(`T2 throughput ${fmtRatio(cmp.medianRatio)} (${fmtInt(cmp.medianA)} vs ${fmtInt(cmp.medianB)} req/s)`);
  // The framework's own price of the dynamic segment: the bare POST behind [token] vs on a static path.
  // Full runs only (bench:quick stays under two minutes).
  const routing = quick
    ? undefined
    : await compareThroughput(
    { label: 'bare POST (same [token] shape)', url: server.url, requests: deliveries.map((d) => ({ ...d, path: `/api/bench/bare/${d.path.split('/').pop()}` })) },
    { label: 'bare POST (static path)', url: server.url, requests: deliveries.map((d) => ({ ...d, path: '/api/bench/bare' })) },
    { rounds: 6, seconds: 2.5, connections: 20, warmupSeconds: 1 },
  );

  // 2. Duplicate storm: the provider says paid, the app still says pending; 1,000 copies race
  // (200 in --quick, to stay under two minutes).
  const stormSize = quick ? 200 : 1000;
  await setFaults(server.url, { webhook_drop_rate: 1 });
  let storm: { token: string; payment: ReturnType<typeof paymentOfOrder> };
  let counts: { statusChanged: number; toPaid: number; deliveries: number; applied: number; noChange: number; other: Record<string, number> };
  let codes: Record<string, number> = {};
  let stormSeconds = 0;
  try {
    storm = await paidPixOrder(ctx, { waitApplied: false });
    if (storm.payment.status !== 'pending') log(`T2 storm: payment already ${storm.payment.status} before the storm`);
    const stormBody = deliveryBody(storm.payment.provider_id!);
    const t = performance.now();
    const r = await autocannon({
      url: `${server.url}/api/webhooks/payments/${storm.payment.webhook_token}`,
      method: 'POST',
      headers: signedHeaders(stormBody),
      body: stormBody,
      amount: stormSize,
      connections: 20,
      timeout: 30,
    });
    stormSeconds = (performance.now() - t) / 1000;
    codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
    counts = withDb(server.appDbPath, (db) => {
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
  } finally {
    await setFaults(server.url, {});
  }
  const finalStatus = paymentOfOrder(server.appDbPath, storm.token).status;
  log(`T2 storm: ${counts.statusChanged} status_changed, ${counts.deliveries} deliveries logged, HTTP ${JSON.stringify(codes)}, final ${finalStatus}`);

  const throughputOk = cmp.medianRatio >= 0.7 && cmp.non2xxA === 0;
  const stormOk = counts.statusChanged === 1 && counts.toPaid === 1 && finalStatus === 'paid' && counts.applied === 1;
  return {
    ...T2,
    headline:
      `${fmtRatio(cmp.medianRatio)} (${fmtInt(cmp.medianA)} vs ${fmtInt(cmp.medianB)} req/s); ` +
      `storm: ${counts.statusChanged} state change from ${stormSize.toLocaleString('en-US')} deliveries (${counts.applied} applied, ${counts.noChange} no change, ${counts.deliveries} logged, ${stormSeconds.toFixed(1)} s)`,
    verdict: throughputOk && stormOk ? 'pass' : 'fail',
    details: { comparison: cmp, routing, payments: paidOrders.length, storm: { ...counts, httpCodes: codes, finalStatus, seconds: Math.round(stormSeconds * 10) / 10 } },
    notes: [
      ...(routing
        ? [`framework: a bare POST behind [token] runs at ${fmtRatio(routing.medianRatio)} of the same handler on a static path (${fmtInt(routing.medianA)} vs ${fmtInt(routing.medianB)} req/s); webhook route vs static bare ≈ ${fmtRatio(cmp.medianRatio * routing.medianRatio)}`]
        : []),
      ...(throughputOk ? [] : [`throughput ratio ${fmtRatio(cmp.medianRatio)} below 0.70× (non-2xx: ${cmp.non2xxA})`]),
      ...(stormOk ? [] : ['duplicate storm did not leave exactly one state change']),
    ],
  };
}
