/**
 * T8 — a sale day. `next start` with the embedded sandbox; for 60 s (10 s in --quick) a
 * bounded set of shoppers (24; 8 in --quick) on 127.0.0.1 browse, fill carts and check out in a shop's
 * proportions (70 % browse catalog + product, 20 % add to cart + cart, 10 % checkout by Pix
 * or boleto then the order page and its status route polled), while a payer pays most new
 * orders through the sandbox. Reports orders/s, p50/p95 of every step, errors (5xx, network,
 * SQLITE_BUSY in answers or the server log), the checkout POST's p95 under load vs the same
 * step unloaded in the same run (≤ 3×), and reconciles every order with the sandbox after the
 * load (one charge per order, amounts equal, paid at the sandbox ⇔ paid in the app).
 *
 * --instances=2 (or T8_INSTANCES=2): two `next start` on the same database files, shoppers
 * spread over both (what a second process behind a load balancer does to the design).
 */
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { fmtMs, type TargetResult } from './lib/report';
import { BENCH_PORTS, startServer, type Server } from './lib/server';
import { checkoutBody, parseForm, sandboxHeaders, sandboxPay } from './lib/shop';
import { percentile, round as r2, sleep } from './lib/stats';

export const T8 = {
  id: 'T8',
  title: 'a sale day: 60 s mixed load (70 % browse, 20 % cart, 10 % checkout) with payments',
  target: '0 errors; every order reconciles; checkout p95 under load ≤ 3× unloaded',
};

const CRON_SECRET = 'bench-cron-secret-0123456789';
/** Products whose stock the seed does not track (an order never fails for stock). */
const CART_PRODUCTS = [1, 2, 3, 4, 5];

type Step = 'catalog' | 'product' | 'add to cart' | 'cart' | 'checkout page' | 'checkout POST' | 'order page' | 'status poll' | 'pay (sandbox)';
type Sample = { step: Step; ms: number; status: number };

class Recorder {
  samples: Sample[] = [];
  errors: string[] = [];
  add(step: Step, ms: number, status: number, detail?: string) {
    this.samples.push({ step, ms, status });
    if (status >= 500 || status === 0) this.errors.push(`${step}: ${status || 'network error'}${detail ? ` ${detail}` : ''}`);
  }
}

async function timed(rec: Recorder, step: Step, url: string, init: RequestInit = {}): Promise<Response | undefined> {
  const t = performance.now();
  try {
    const res = await fetch(url, { redirect: 'manual', ...init });
    const text = await res.text();
    const ms = performance.now() - t;
    const busy = /SQLITE_BUSY|database is locked/i.test(text);
    rec.add(step, ms, busy ? 599 : res.status, busy ? 'SQLITE_BUSY in the answer' : undefined);
    return Object.assign(res, { bodyText: text });
  } catch (e) {
    rec.add(step, performance.now() - t, 0, (e as Error).message);
    return undefined;
  }
}

const bodyOf = (res: Response | undefined) => (res as (Response & { bodyText?: string }) | undefined)?.bodyText ?? '';
const pick = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

type Placed = { token: string; base: string; method: 'pix' | 'boleto' };

function buyerForm(method: 'pix' | 'boleto', hidden: [string, string][], n: number): FormData {
  return checkoutBody(method, hidden, { name: `Cliente Promoção ${n}`, email: `cliente${n}@example.com` });
}

let buyerSeq = 0;

/** GET /checkout then the form POST; returns the order token on a 303 to the order page. */
async function checkoutOnce(rec: Recorder, base: string, cookie: string, method: 'pix' | 'boleto'): Promise<string | undefined> {
  const page = await timed(rec, 'checkout page', `${base}/checkout`, { headers: { cookie } });
  if (!page || page.status !== 200) return undefined;
  const form = parseForm(bodyOf(page), 'name="checkoutKey"');
  const res = await timed(rec, 'checkout POST', `${base}/checkout`, {
    method: 'POST',
    body: buyerForm(method, form.hidden, ++buyerSeq),
    headers: { cookie, origin: base, accept: 'text/html' },
  });
  const m = /\/orders\/([A-Za-z0-9_-]+)/.exec(res?.headers.get('location') ?? '');
  if (!res || res.status !== 303 || !m) {
    if (res && res.status < 500) rec.errors.push(`checkout POST: no order (HTTP ${res.status}) ${bodyOf(res).replace(/\s+/g, ' ').slice(0, 160)}`);
    return undefined;
  }
  return m[1];
}

type Shared = { slugs: string[]; placed: Placed[]; payQueue: Placed[]; stopAt: number };

async function browse(rec: Recorder, base: string, s: Shared) {
  await timed(rec, 'catalog', `${base}/`);
  await timed(rec, 'product', `${base}/products/${pick(s.slugs)}`);
}

async function cart(rec: Recorder, base: string, s: Shared) {
  const slug = pick(s.slugs);
  const page = await timed(rec, 'product', `${base}/products/${slug}`);
  if (!page || page.status !== 200) return;
  const form = parseForm(bodyOf(page), 'name="productId"');
  const body = new FormData();
  for (const [k, v] of form.hidden) body.append(k, v);
  const add = await timed(rec, 'add to cart', `${base}/products/${slug}`, { method: 'POST', body, headers: { origin: base, accept: 'text/html' } });
  const cookie = add?.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('balcao_cart=')) ?? 'balcao_cart=1x1';
  await timed(rec, 'cart', `${base}/cart`, { headers: { cookie } });
}

async function buy(rec: Recorder, base: string, s: Shared) {
  const cookie = `balcao_cart=${pick(CART_PRODUCTS)}x${1 + Math.floor(Math.random() * 2)}`;
  const method = Math.random() < 0.5 ? 'pix' : 'boleto';
  const token = await checkoutOnce(rec, base, cookie, method);
  if (!token) return;
  const placed = { token, base, method } as const;
  s.placed.push(placed);
  // Four out of five orders get paid (the rest stay pending, as some do).
  if (Math.random() < 0.8) s.payQueue.push(placed);
  await timed(rec, 'order page', `${base}/orders/${token}`);
  // The order page polls its status route while the buyer pays at the bank.
  for (let i = 0; i < 4 && Date.now() < s.stopAt; i++) {
    await sleep(1000);
    const st = await timed(rec, 'status poll', `${base}/api/orders/${token}/status`);
    if (bodyOf(st).includes('"status":"paid"')) break;
  }
}

/** One shopper: journeys in the shop's proportions, a short pause between them. */
async function shopper(rec: Recorder, bases: string[], index: number, s: Shared) {
  const base = bases[index % bases.length];
  while (Date.now() < s.stopAt) {
    const roll = Math.random();
    if (roll < 0.7) await browse(rec, base, s);
    else if (roll < 0.9) await cart(rec, base, s);
    else await buy(rec, base, s);
    await sleep(100 + Math.random() * 400);
  }
}

/** The bank side: pays queued orders through the sandbox as soon as their code is payable. */
async function payer(rec: Recorder, main: Server, s: Shared, until: () => boolean) {
  // After the load, an order whose code never reaches the app (a lost registration) is an
  // error after this long, not a wait forever.
  const giveUpAt = new Map<string, number>();
  while (!until() || s.payQueue.length) {
    const next = s.payQueue.shift();
    if (!next) {
      await sleep(100);
      continue;
    }
    const code = await payableCode(main, next.token);
    if (!code) {
      if (until() && Date.now() > (giveUpAt.get(next.token) ?? giveUpAt.set(next.token, Date.now() + 30_000).get(next.token)!)) {
        rec.errors.push(`pay (sandbox): order ${next.token.slice(0, 8)}… had no payable code 30 s after the load`);
        continue;
      }
      s.payQueue.push(next);
      await sleep(200);
      continue;
    }
    // A new Pix code activates 1 s after creation and a boleto registers after 2 s (sandbox
    // time): until then sim/pay answers 400. Only the call that pays is timed.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const t = performance.now();
      let res: Response;
      try {
        res = await sandboxPay(next.base, code);
        await res.arrayBuffer();
      } catch (e) {
        rec.add('pay (sandbox)', performance.now() - t, 0, (e as Error).message);
        break;
      }
      if (res.status === 400 && Date.now() < deadline) {
        await sleep(150);
        continue;
      }
      rec.add('pay (sandbox)', performance.now() - t, res.status);
      if (!res.ok && res.status < 500) rec.errors.push(`pay (sandbox): HTTP ${res.status}`);
      break;
    }
  }
}

/** The Pix code, or the boleto's digitable line once registered (read from the app's database). */
function payableCode(server: Server, token: string): string | undefined {
  return withDb(server.appDbPath, (db) => {
    const row = db.prepare('SELECT p.pix_code AS pix, p.digitable_line AS line FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ?').get(token) as
      | { pix: string | null; line: string | null }
      | undefined;
    return row?.pix ?? row?.line ?? undefined;
  });
}

function stepTable(samples: Sample[]) {
  const steps = [...new Set(samples.map((x) => x.step))];
  return Object.fromEntries(
    steps.map((step) => {
      const ms = samples.filter((x) => x.step === step).map((x) => x.ms);
      return [step, { n: ms.length, p50: r2(percentile(ms, 50), 1), p95: r2(percentile(ms, 95), 1) }];
    }),
  );
}

type Reconciliation = { orders: number; sandboxCharges: number; paidBoth: number; pendingBoth: number; mismatches: string[] };

/** Every order placed under load against the sandbox: one charge each, same amount, same paid state. */
async function reconcile(main: Server, placed: Placed[], chargesBefore: number): Promise<Reconciliation> {
  // Let the sandbox deliver what it owes, then run the app's own reconciliation once.
  await fetch(`${main.url}/api/sandbox/sim/webhooks/flush`, { method: 'POST', headers: sandboxHeaders(), body: '{}' });
  const cron = await fetch(`${main.url}/api/cron/reconcile`, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } });
  await cron.arrayBuffer();
  await sleep(500);
  const app = withDb(main.appDbPath, (db) => {
    const stmt = db.prepare(
      'SELECT o.token, o.status AS order_status, o.total_cents, p.provider_id, p.status AS payment_status, p.amount_cents, (SELECT count(*) FROM payments q WHERE q.order_id = o.id) AS payments FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.token = ?',
    );
    return placed.map((x) => ({ token: x.token, row: stmt.get(x.token) as Record<string, string | number | null> | undefined }));
  });
  const mismatches: string[] = [];
  let paidBoth = 0;
  let pendingBoth = 0;
  const sb = withDb(main.sandboxDbPath, (db) => {
    const stmt = db.prepare('SELECT id, status, amount_cents, paid_cents FROM payments WHERE id = ?');
    return new Map(app.flatMap(({ row }) => (row?.provider_id ? [[String(row.provider_id), stmt.get(String(row.provider_id)) as { status: string; amount_cents: number; paid_cents: number | null } | undefined]] : [])));
  });
  for (const { token, row } of app) {
    const tag = token.slice(0, 6);
    if (!row) {
      mismatches.push(`${tag}: no order/payment in the app`);
      continue;
    }
    if (Number(row.payments) !== 1) mismatches.push(`${tag}: ${row.payments} payments for one order`);
    if (!row.provider_id) {
      mismatches.push(`${tag}: payment without a provider charge (status ${row.payment_status})`);
      continue;
    }
    const charge = sb.get(String(row.provider_id));
    if (!charge) {
      mismatches.push(`${tag}: charge ${row.provider_id} missing at the sandbox`);
      continue;
    }
    if (charge.amount_cents !== Number(row.total_cents) || charge.amount_cents !== Number(row.amount_cents)) {
      mismatches.push(`${tag}: amount app ${row.total_cents}/${row.amount_cents} vs sandbox ${charge.amount_cents}`);
    }
    const sandboxPaid = charge.status === 'paid';
    const appPaid = row.payment_status === 'paid' && row.order_status === 'paid';
    if (sandboxPaid !== appPaid) mismatches.push(`${tag}: sandbox ${charge.status} vs app ${row.payment_status}/${row.order_status}`);
    else if (sandboxPaid) paidBoth++;
    else pendingBoth++;
  }
  const created = sandboxCharges(main) - chargesBefore;
  if (created !== placed.length) mismatches.push(`${created} charges created at the sandbox for ${placed.length} orders`);
  return { orders: placed.length, sandboxCharges: created, paidBoth, pendingBoth, mismatches };
}

function sandboxCharges(server: Server): number {
  try {
    return withDb(server.sandboxDbPath, (db) => (db.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n);
  } catch {
    return 0;
  }
}

/** The last T8 run's result, for T14's ratio (libSQL vs better-sqlite3 in the same run). */
export let lastT8: TargetResult | null = null;

export async function runT8(ctx: BenchContext & { instances?: number; seconds?: number }): Promise<TargetResult> {
  const result = await saleDay(ctx);
  lastT8 = result;
  return result;
}

async function saleDay(ctx: BenchContext & { instances?: number; seconds?: number }): Promise<TargetResult> {
  const { server, quick, log } = ctx;
  const instances = ctx.instances ?? Number(process.env.T8_INSTANCES ?? 1);
  const seconds = ctx.seconds ?? (quick ? 10 : 60);
  const shoppers = quick ? 8 : 24;
  let second: Server | undefined;
  try {
    // Two processes behind one address, as a deployment runs them: the same APP_URL, so every
    // notification_url names it and either instance's sandbox worker may deliver to it.
    if (instances === 2) second = await startServer({ port: BENCH_PORTS.second, shareDataOf: server, env: { APP_URL: server.url } });
    const servers = second ? [server, second] : [server];
    const bases = servers.map((x) => x.url);
    const catalog = await (await fetch(`${server.url}/`)).text();
    const slugs = [...new Set([...catalog.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]))];
    if (!slugs.length) throw new Error('no product links in the catalog');

    // Unloaded: the same checkout step, one at a time, before the load (same run, same
    // server), after a few untimed ones (first renders of each page fill caches).
    const warm = new Recorder();
    for (let i = 0; i < 2 * bases.length; i++) await checkoutOnce(warm, bases[i % bases.length], 'balcao_cart=1x1', i % 2 ? 'boleto' : 'pix');
    for (const b of bases) for (const path of ['/', `/products/${slugs[0]}`, '/cart']) await (await fetch(`${b}${path}`)).arrayBuffer();
    const quiet = new Recorder();
    for (let i = 0; i < (quick ? 8 : 20); i++) {
      await checkoutOnce(quiet, bases[i % bases.length], `balcao_cart=${pick(CART_PRODUCTS)}x1`, i % 2 ? 'boleto' : 'pix');
    }
    const unloaded = quiet.samples.filter((x) => x.step === 'checkout POST').map((x) => x.ms);
    if (quiet.errors.length) throw new Error(`unloaded checkouts failed: ${quiet.errors[0]}`);

    const before = { charges: sandboxCharges(server), busy: servers.reduce((n, x) => n + x.counters().busy, 0), errors: servers.reduce((n, x) => n + x.counters().errors, 0) };
    const rec = new Recorder();
    const shared: Shared = { slugs, placed: [], payQueue: [], stopAt: Date.now() + seconds * 1000 };
    log(`T8 ${instances} instance(s): ${shoppers} shoppers for ${seconds} s …`);
    const t0 = performance.now();
    let loadDone = false;
    const payers = [payer(rec, server, shared, () => loadDone), payer(rec, server, shared, () => loadDone)];
    await Promise.all(Array.from({ length: shoppers }, (_, i) => shopper(rec, bases, i, shared)));
    const elapsed = (performance.now() - t0) / 1000;
    loadDone = true;
    await Promise.all(payers);

    const rec2 = await reconcile(server, shared.placed, before.charges);
    const busy = servers.reduce((n, x) => n + x.counters().busy, 0) - before.busy;
    const logErrors = servers.reduce((n, x) => n + x.counters().errors, 0) - before.errors;
    const steps = stepTable(rec.samples);
    const loadedCheckout = rec.samples.filter((x) => x.step === 'checkout POST').map((x) => x.ms);
    const p95Loaded = percentile(loadedCheckout, 95);
    const p95Unloaded = percentile(unloaded, 95);
    const ratio = p95Loaded / p95Unloaded;
    const fiveXX = rec.samples.filter((x) => x.status >= 500 || x.status === 0).length;
    const ordersPerSecond = shared.placed.length / elapsed;
    const requests = rec.samples.length;
    const pass = rec.errors.length === 0 && fiveXX === 0 && busy === 0 && rec2.mismatches.length === 0 && ratio <= 3 && shared.placed.length > 0;
    const stepLine = Object.entries(steps)
      .map(([k, v]) => `${k} ${fmtMs(v.p50)}/${fmtMs(v.p95)}`)
      .join(', ');
    return {
      ...T8,
      headline:
        `${instances} instance${instances > 1 ? 's' : ''}, ${shoppers} shoppers, ${seconds} s: ${ordersPerSecond.toFixed(2)} orders/s (${shared.placed.length} orders, ${rec2.paidBoth} paid), ${Math.round(requests / elapsed)} req/s; ` +
        `checkout POST p95 ${fmtMs(p95Loaded)} vs ${fmtMs(p95Unloaded)} unloaded = ${ratio.toFixed(2)}×; ` +
        `errors ${rec.errors.length} (5xx/network ${fiveXX}, SQLITE_BUSY ${busy}); reconciled ${rec2.orders - rec2.mismatches.length}/${rec2.orders}`,
      verdict: pass ? 'pass' : 'fail',
      notes: [`p50/p95 per step: ${stepLine}`, ...rec.errors.slice(0, 5), ...rec2.mismatches.slice(0, 5), ...(logErrors ? [`${logErrors} error-level lines in the server log`] : [])],
      details: {
        instances,
        shoppers,
        seconds: r2(elapsed, 1),
        requests,
        ordersPerSecond: r2(ordersPerSecond, 2),
        steps,
        checkoutP95: { loaded: r2(p95Loaded, 1), unloaded: r2(p95Unloaded, 1), ratio: r2(ratio, 2), unloadedP50: r2(percentile(unloaded, 50), 1) },
        errors: rec.errors.slice(0, 50),
        errorCount: rec.errors.length,
        sqliteBusyInLog: busy,
        errorLinesInLog: logErrors,
        reconciliation: rec2,
      },
    };
  } finally {
    await second?.stop();
  }
}
