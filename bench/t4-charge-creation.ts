/**
 * T4 — charge creation end to end: the checkout form's server action → placeOrder → the
 * sandbox's POST /v1/pix/due (in process: with the embedded sandbox as the provider the client
 * hands the call to the sandbox's handler, lib/embedded-provider/in-process-exchange.ts) →
 * order, items and payment rows → 303 to the order page; p95 against the sandbox create call
 * alone (the same kind of request sent over HTTP to /api/sandbox/v1/pix/due). Interleaved,
 * sequential (no queueing).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { BUYER_CPF, checkout, fetchCheckoutForm, sandboxHeaders } from './lib/shop';
import { percentile, summarize } from './lib/stats';

export const T4 = { id: 'T4', title: 'charge creation end to end p95 vs sandbox create alone', target: '≤ 1.5×' };

function saoPauloTomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The body placeOrder sends for a Pix charge (lib/payments/charge-request.ts pixRequest). */
let orderNumber = 1000;
function pixBody(base: string) {
  const orderId = randomUUID();
  orderNumber += 1;
  return JSON.stringify({
    amount: 79.8,
    description: `Pedido #${orderNumber} — Balcão`,
    due_date: saoPauloTomorrow(),
    expiration: 1,
    payer: { name: 'Maria da Silva', document: BUYER_CPF },
    metadata: [{ key: 'order_id', value: orderId }],
    notification_url: `${base}/api/webhooks/payments/${randomBytes(32).toString('base64url')}`,
  });
}

export async function runT4(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick } = ctx;
  const n = quick ? 15 : 60;
  const endToEnd: number[] = [];
  const direct: number[] = [];
  const tokens: string[] = [];
  const failures: string[] = [];

  const sandboxCreate = async () => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/sandbox/v1/pix/due`, {
      method: 'POST',
      headers: { ...sandboxHeaders(), 'idempotency-key': randomUUID() },
      body: pixBody(server.url),
    });
    await r.arrayBuffer();
    const ms = performance.now() - t;
    if (r.status !== 201) failures.push(`sandbox create → ${r.status}`);
    return ms;
  };
  const appCreate = async () => {
    const form = await fetchCheckoutForm(server.url); // untimed: a fresh form (checkout key) per order
    const r = await checkout(server.url, 'pix', form);
    if (r.ok) tokens.push(r.token);
    else failures.push(`checkout → ${r.status}`);
    return r.ms;
  };

  // Warm both paths (first-request compilation, connection pools).
  for (let i = 0; i < 3; i++) {
    await appCreate();
    await sandboxCreate();
  }
  tokens.length = 0;
  failures.length = 0;
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      endToEnd.push(await appCreate());
      direct.push(await sandboxCreate());
    } else {
      direct.push(await sandboxCreate());
      endToEnd.push(await appCreate());
    }
  }

  // Every order must have its rows: order, item, payment created with the provider's id.
  const rows = withDb(server.appDbPath, (db) => {
    const stmt = db.prepare(
      `SELECT p.create_state AS state, p.provider_id AS pid, p.pix_code AS code, (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items
       FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.token = ?`,
    );
    return tokens.map((t) => stmt.get(t) as { state: string; pid: string | null; code: string | null; items: number } | undefined);
  });
  const complete = rows.filter((r) => r && r.state === 'created' && r.pid && r.code && r.items > 0).length;

  const a = summarize(endToEnd);
  const b = summarize(direct);
  const ratio = percentile(endToEnd, 95) / percentile(direct, 95);
  const pass = ratio <= 1.5 && failures.length === 0 && complete === n;
  return {
    ...T4,
    headline: `${fmtRatio(ratio)} (p95 ${fmtMs(a.p95)} vs ${fmtMs(b.p95)}; p50 ${fmtMs(a.p50)} vs ${fmtMs(b.p50)}; ${n} each, ${complete}/${n} orders complete)`,
    verdict: pass ? 'pass' : 'fail',
    details: { endToEnd: a, sandboxCreate: b, ratioP95: ratio, ratioP50: a.p50 / b.p50, failures, complete, n },
    notes: failures.length ? [`${failures.length} failures: ${[...new Set(failures)].join(', ')}`] : [],
  };
}
