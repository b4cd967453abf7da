/**
 * T15 — the libSQL path's round trips (issue 46). On Turso every statement outside a batch is a
 * network round trip, and an interactive transaction holds the write lock across all of its own.
 *
 * 1. Counts: a server on the libSQL driver (DATABASE_DRIVER=libsql over a local file,
 *    BACKGROUND_WORKERS=off: nothing runs between requests) with BENCH_LIBSQL_PROBE=count prints
 *    one line per round trip with its time (bench/lib/libsql-probe.ts, preloaded into the server). Each request is sent
 *    alone, twice (the second, warm, is the figure), and the lines stamped before its response
 *    ended are its own; those after, within a settle, are the work it left after its response
 *    (the after-pass, a status poll's background fetch-back) — reported apart.
 * 2. Latency: the shopper's steps on three servers whose every libSQL call waits 0, 10 and 40 ms
 *    first (BENCH_LIBSQL_PROBE=delay:<ms>, a nearby and a distant region), each step's p95.
 */
import type { BenchContext } from './lib/context';
import { paymentOfOrder } from './lib/app-db';
import { provision } from './lib/provision-client';
import type { TargetResult } from './lib/report';
import path from 'node:path';
import { BENCH_PORTS, ROOT, startServer, type Server } from './lib/server';
import { CART_COOKIE, checkoutBody, merchantCookie, parseCheckoutForm, sandboxPayWhenPayable } from './lib/shop';
import { percentile, round, sleep } from './lib/stats';

/** The probe reaches the server's libSQL clients through a preload, not through the product. */
const PROBE_PRELOAD = ['--import', 'tsx', '--import', path.join(ROOT, 'bench', 'lib', 'libsql-probe-preload.ts')];

export const T15 = {
  id: 'T15',
  title: 'database round trips per request on libSQL; the shopper steps at 10 and 40 ms per round trip',
  target: 'status 1; order page ≤ 3; product ≤ 2; webhook ≤ 4 + fetch-back; checkout POST ≤ 6; checkout POST p95 ≤ 8 × delay + its local p95',
};

/** The targets per request (issue 46); the others are reported. */
const BUDGET: Record<string, number | undefined> = { 'status route': 1, 'order page': 3, 'product page': 2, 'webhook route (duplicate)': 4, 'checkout POST': 6 };
const SETTLE_MS = 700;

type Trip = { at: number; what: string; sql: string };
type Count = { request: string; inResponse: number; after: number; statements: string[]; afterStatements: string[] };

function probeLines(): { trips: Trip[]; onLine: (line: string) => void } {
  const trips: Trip[] = [];
  return {
    trips,
    onLine(line) {
      const m = /^db-rt (\d+) (\S+) ?(.*)$/.exec(line);
      if (m) trips.push({ at: Number(m[1]), what: m[2], sql: m[3] });
    },
  };
}

/** Sends `send` twice; counts the second's round trips before and after its response. */
async function countOf(request: string, trips: Trip[], send: () => Promise<Response>): Promise<Count> {
  await (await send()).arrayBuffer();
  await sleep(SETTLE_MS);
  const from = Date.now();
  const start = trips.length;
  const res = await send();
  await res.arrayBuffer();
  const ended = Date.now();
  if (res.status >= 500) throw new Error(`${request}: HTTP ${res.status}`);
  await sleep(SETTLE_MS);
  const mine = trips.slice(start).filter((t) => t.at >= from);
  const label = (t: Trip) => `${t.what} ${t.sql}`.trim();
  const inside = mine.filter((t) => t.at <= ended);
  const after = mine.filter((t) => t.at > ended);
  return { request, inResponse: inside.length, after: after.length, statements: inside.map(label), afterStatements: after.map(label) };
}

async function checkoutForm(base: string): Promise<{ body: FormData }> {
  const r = await fetch(`${base}/checkout`, { headers: { cookie: CART_COOKIE } });
  return { body: checkoutBody('pix', parseCheckoutForm(await r.text()).hidden) };
}

async function postCheckout(base: string, body: FormData): Promise<Response> {
  return fetch(`${base}/checkout`, { method: 'POST', body, redirect: 'manual', headers: { cookie: CART_COOKIE, origin: base, accept: 'text/html' } });
}

const tokenOf = (res: Response) => /\/orders\/([A-Za-z0-9_-]+)/.exec(res.headers.get('location') ?? '')?.[1];

async function counts(ctx: BenchContext): Promise<Count[]> {
  const probe = probeLines();
  const server = await startServer({ port: BENCH_PORTS.roundTrips, env: { DATABASE_DRIVER: 'libsql', BACKGROUND_WORKERS: 'off', BENCH_LIBSQL_PROBE: 'count' }, nodeArgs: PROBE_PRELOAD, onLine: probe.onLine });
  try {
    const base = server.url;
    const out: Count[] = [];
    out.push(await countOf('catalog', probe.trips, () => fetch(`${base}/`)));
    out.push(await countOf('product page', probe.trips, () => fetch(`${base}/products/cafe-especial-250g`)));
    // A fresh form each time: the same checkoutKey twice would be the second submit of one order.
    let token = '';
    const forms = [await checkoutForm(base), await checkoutForm(base)];
    out.push(
      await countOf('checkout POST', probe.trips, async () => {
        const res = await postCheckout(base, forms.shift()!.body);
        token = tokenOf(res) ?? token;
        return res;
      }),
    );
    if (!token) throw new Error('checkout POST: no order');
    out.push(await countOf('order page', probe.trips, () => fetch(`${base}/orders/${token}`)));
    out.push(await countOf('status route', probe.trips, () => fetch(`${base}/api/orders/${token}/status`)));
    // The webhook of a payment the provider now reports paid: the sandbox delivers it itself
    // (APP_URL is this server) within its worker's tick of the payment, so the lines after the
    // pay's answer are that delivery's — its response and its after-pass together, which the
    // probe's timestamps cannot split from the outside.
    const payment = paymentOfOrder(server.appDbPath, token);
    const before = probe.trips.length;
    const paid = await sandboxPayWhenPayable(base, payment.pix_code!);
    if (paid.status !== 200) throw new Error(`sandbox pay: HTTP ${paid.status}`);
    const payEnded = Date.now();
    await sleep(2 * SETTLE_MS);
    const label = (t: Trip) => `${t.what} ${t.sql}`.trim();
    const delivery = probe.trips.slice(before).filter((t) => t.at > payEnded).map(label);
    out.push({ request: 'webhook route, paid (with its after-pass)', inResponse: delivery.length, after: 0, statements: delivery, afterStatements: [] });
    const hook = () => fetch(`${base}/api/webhooks/payments/${payment.webhook_token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"pix"}' });
    out.push(await countOf('webhook route (duplicate)', probe.trips, hook));
    const cookie = await merchantCookie(base);
    out.push(await countOf('dashboard orders page', probe.trips, () => fetch(`${base}/dashboard/orders`, { headers: { cookie } })));
    const { key } = provision<{ id: string; key: string }>(server, { kind: 'api-key', name: 'Bench T15' });
    let n = 0;
    out.push(
      await countOf('API session POST', probe.trips, () =>
        fetch(`${base}/api/v1/checkout/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `t15-${Date.now()}-${++n}` },
          body: JSON.stringify({ items: [{ name: 'Aula', amount: 4990, quantity: 1 }], success_url: 'https://loja.example/ok' }),
        }),
      ),
    );
    ctx.log(`T15 counts: ${out.map((c) => `${c.request} ${c.inResponse}+${c.after}`).join(', ')}`);
    return out;
  } finally {
    await server.stop();
  }
}

type Steps = Record<string, number[]>;

/** The shopper's steps `rounds` times on a server whose every libSQL call waits `delayMs` first. */
async function shopperSteps(delayMs: number, rounds: number): Promise<Steps> {
  const server: Server = await startServer({ port: BENCH_PORTS.roundTrips, env: { DATABASE_DRIVER: 'libsql', BACKGROUND_WORKERS: 'off', ...(delayMs ? { BENCH_LIBSQL_PROBE: `delay:${delayMs}` } : {}) }, nodeArgs: PROBE_PRELOAD });
  const steps: Steps = { catalog: [], product: [], 'checkout page': [], 'checkout POST': [], 'order page': [], 'status poll': [] };
  const timed = async (step: string, fn: () => Promise<Response>) => {
    const t = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    steps[step].push(performance.now() - t);
    return res;
  };
  try {
    const base = server.url;
    for (let i = 0; i < rounds + 2; i++) {
      if (i === 2) for (const k of Object.keys(steps)) steps[k] = []; // two warm-up rounds
      await timed('catalog', () => fetch(`${base}/`));
      await timed('product', () => fetch(`${base}/products/cafe-especial-250g`));
      let form: FormData | undefined;
      await timed('checkout page', async () => {
        const r = await fetch(`${base}/checkout`, { headers: { cookie: CART_COOKIE } });
        const html = await r.text();
        try {
          form = checkoutBody('pix', parseCheckoutForm(html).hidden);
        } catch (error) {
          const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
          throw new Error(`checkout page: HTTP ${r.status}, no form: ${String(error)} — ${text.slice(0, 400)}`);
        }
        return new Response(html);
      });
      const placed = await timed('checkout POST', () => postCheckout(base, form!));
      const token = tokenOf(placed);
      if (!token) throw new Error(`checkout POST: HTTP ${placed.status}`);
      await timed('order page', () => fetch(`${base}/orders/${token}`));
      await timed('status poll', () => fetch(`${base}/api/orders/${token}/status`));
      await sleep(100); // the after-pass and the poll's fetch-back finish before the next shopper
    }
    return steps;
  } finally {
    await server.stop();
  }
}

export async function runT15(ctx: BenchContext): Promise<TargetResult> {
  const counted = await counts(ctx);
  const rounds = ctx.quick ? 8 : 20;
  for (const c of counted) ctx.log(`T15 ${c.request}: ${c.statements.join(' | ').slice(0, 4000)}`);
  const latency: Record<number, Record<string, number>> = {};
  const failed: string[] = [];
  for (const delay of [0, 10, 40]) {
    try {
      const steps = await shopperSteps(delay, rounds);
      latency[delay] = Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, round(percentile(v, 95), 1)]));
      ctx.log(`T15 delay ${delay} ms: ${JSON.stringify(latency[delay])}`);
    } catch (error) {
      // The counts stand on their own: a latency run that fails is reported, not fatal.
      failed.push(`delay ${delay} ms: ${String(error).slice(0, 300)}`);
      latency[delay] = { 'checkout POST': Number.NaN };
      ctx.log(`T15 delay ${delay} ms failed: ${String(error).slice(0, 300)}`);
    }
  }
  const misses = counted.filter((c) => BUDGET[c.request] !== undefined && c.inResponse > BUDGET[c.request]!);
  const checkoutOk = [10, 40].every((d) => latency[d]['checkout POST'] <= 8 * d + latency[0]['checkout POST']);
  const notes = [
    ...counted.map((c) => `${c.request}: ${c.inResponse} round trips before the response${c.after ? `, ${c.after} after it` : ''}${BUDGET[c.request] !== undefined ? ` (target ≤ ${BUDGET[c.request]})` : ''}`),
    ...[10, 40].map((d) => `checkout POST p95 at ${d} ms: ${latency[d]['checkout POST']} ms (target ≤ ${8 * d} + ${latency[0]['checkout POST']} = ${round(8 * d + latency[0]['checkout POST'], 1)} ms)`),
    ...failed,
  ];
  return {
    ...T15,
    headline: `${counted.map((c) => `${c.request} ${c.inResponse}`).join(' · ')}; checkout POST p95 ${latency[0]['checkout POST']} / ${latency[10]['checkout POST']} / ${latency[40]['checkout POST']} ms at 0 / 10 / 40 ms`,
    verdict: misses.length === 0 && checkoutOk ? 'pass' : 'fail',
    notes,
    details: { counts: counted, latencyP95: latency },
  };
}
