/**
 * T10 — the public API's `POST /api/v1/checkout/sessions` (lib/public-api/http.ts serveApi: Bearer key
 * lookup, the key's rate limit in the database, the JSON body, the Idempotency-Key claimed and
 * stored; then lib/checkout/sessions/api/sessions.ts createSession) p95 against, in the same run and interleaved
 * (A, B, C rotated each round, one request at a time, no queueing):
 *   - the buyer's status route `GET /api/orders/<token>/status` (the app's lightest route), and
 *   - the shop's checkout form POST (server action → placeOrder → sandbox → rows → 303), the
 *     target's reference: API POST p95 ≤ 2× the checkout POST's own p95.
 * The API key is made by the product's createApiKey (bench/lib/provision.ts) against the bench
 * server's file; every request sends an Idempotency-Key, as docs/api.md's example store does. The
 * bench server runs with RATE_LIMIT_API_PER_MIN=1000000 (bench/lib/server.ts): the default 120 a
 * minute per key would answer 429 within the first two seconds.
 */
import { randomUUID } from 'node:crypto';
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { provision } from './lib/provision-client';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { checkout, checkoutOrThrow, fetchCheckoutForm } from './lib/shop';
import { percentile, summarize } from './lib/stats';

export const T10 = { id: 'T10', title: 'API POST /api/v1/checkout/sessions p95 vs status route and checkout POST', target: 'report; API p95 ≤ 2× checkout POST p95' };

let sessionSeq = 0;
/** A session as an outside store posts it (two lines, the buyer known, both methods). */
export function sessionBody() {
  sessionSeq++;
  return JSON.stringify({
    items: [
      { name: 'Curso de fotografia', amount: 19900, quantity: 1 },
      { name: 'Apostila impressa', amount: 4990, quantity: 2 },
    ],
    customer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
    methods: ['pix', 'boleto'],
    // http is accepted in production on a loopback host only (lib/checkout/sessions/api/sessions.ts).
    success_url: 'http://127.0.0.1:4000/obrigado',
    cancel_url: 'http://127.0.0.1:4000/carrinho',
    metadata: { carrinho: `bench-${sessionSeq}` },
  });
}

export async function runT10(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick } = ctx;
  const n = quick ? 20 : 80;
  const { key } = provision<{ id: string; key: string }>(server, { kind: 'api-key', name: 'Bench T10' });
  const token = await checkoutOrThrow(server.url, 'pix');
  const failures: string[] = [];
  const sessions: string[] = [];

  const api = async () => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: sessionBody(),
    });
    const text = await r.text();
    const ms = performance.now() - t;
    if (r.status !== 201) failures.push(`API POST → ${r.status} ${text.slice(0, 160)}`);
    else sessions.push((JSON.parse(text) as { id: string }).id);
    return ms;
  };
  const status = async () => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/orders/${token}/status`);
    await r.arrayBuffer();
    const ms = performance.now() - t;
    if (r.status !== 200) failures.push(`status → ${r.status}`);
    return ms;
  };
  const shop = async () => {
    const form = await fetchCheckoutForm(server.url); // untimed: a fresh checkout key per order
    const r = await checkout(server.url, 'pix', form);
    if (!r.ok) failures.push(`checkout POST → ${r.status}`);
    return r.ms;
  };

  const sides = [api, status, shop] as const;
  const samples: number[][] = [[], [], []];
  for (let i = 0; i < 3; i++) for (const f of sides) await f(); // warm: first renders, statements
  failures.length = 0;
  sessions.length = 0;
  for (let i = 0; i < n; i++) {
    // Rotate the order (A B C, B C A, C A B) so no side always runs right after another.
    for (let k = 0; k < 3; k++) {
      const s = (i + k) % 3;
      samples[s].push(await sides[s]());
    }
  }
  const stored = withDb(server.appDbPath, (db) =>
    sessions.length ? Number(db.prepare(`SELECT count(*) FROM checkout_sessions WHERE id IN (${sessions.map(() => '?').join(',')})`).pluck().get(...sessions)) : 0,
  );
  const [a, st, co] = samples.map((x) => summarize(x));
  const vsCheckout = percentile(samples[0], 95) / percentile(samples[2], 95);
  const vsStatus = percentile(samples[0], 95) / percentile(samples[1], 95);
  const pass = vsCheckout <= 2 && failures.length === 0 && stored === n;
  return {
    ...T10,
    headline:
      `API POST p95 ${fmtMs(a.p95)} (p50 ${fmtMs(a.p50)}) = ${fmtRatio(vsCheckout)} the checkout POST's p95 ${fmtMs(co.p95)} (p50 ${fmtMs(co.p50)}), ` +
      `${fmtRatio(vsStatus)} the status route's p95 ${fmtMs(st.p95)} (p50 ${fmtMs(st.p50)}); ${n} each interleaved, ${stored}/${n} sessions stored`,
    verdict: pass ? 'pass' : 'fail',
    details: { n, apiPost: a, statusRoute: st, checkoutPost: co, ratioToCheckoutP95: vsCheckout, ratioToStatusP95: vsStatus, stored, failures: failures.slice(0, 10) },
    notes: failures.length ? [`${failures.length} failures: ${[...new Set(failures)].slice(0, 3).join('; ')}`] : [],
  };
}
