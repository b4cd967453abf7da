/**
 * T8 — a sale day. `next start` with the embedded sandbox; for 60 s (10 s in --quick) a
 * bounded set of shoppers (24; 8 in --quick) on 127.0.0.1 browse, fill carts and check out in a shop's
 * proportions (70 % browse catalog + product, 20 % add to cart + cart, 10 % checkout by Pix
 * or boleto then the order page and its status route polled), while a payer pays most new
 * orders through the sandbox. Reports orders/s, p50/p95 of every step, errors (5xx, network,
 * SQLITE_BUSY in answers or the server log), the checkout POST's p95 under load vs the same
 * step unloaded in the same run (≤ 3×), and reconciles every order with the sandbox after the
 * load (one charge per attempt, amounts equal, paid at the sandbox ⇔ paid in the app).
 *
 * What a sale day also has: a 10 % coupon (made with lib/coupons createCoupon before the load)
 * typed on 20 % of the orders; "Pagar com Pix agora" on 5 % of them (a tenth of the boletos:
 * the buyer waits on the order page for the boleto to register, then posts the page's form);
 * and the merchant, signed in, marking a paid order of the sale shipped about once a second
 * through the dashboard order page's own form. Reconciled afterwards: every attempt has its
 * charge, at most one paid attempt per order (or the order flagged "Pago em duplicidade"), the
 * coupon on exactly the orders that typed it and its uses counted once each, the provider's
 * balance moved by the app's paid − refunded of the sale's orders, every order marked shipped
 * with its code.
 *
 * --instances=2 (or T8_INSTANCES=2): two `next start` on the same database files, shoppers
 * spread over both (what a second process behind a load balancer does to the design).
 *
 * The ratio's floor, in the same run: a bare POST and the blank page measured unloaded and
 * under the same load (their ratio is what any request gets on this host), the host's CPU over
 * the load split between the servers, this process and everything else, and the servers' event
 * loops (bench/lib/loop-probe-preload.mjs); with --profile-load, a CPU profile of the load alone.
 */
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { fmtMs, type TargetResult } from './lib/report';
import { BENCH_PORTS, startServer, type Server } from './lib/server';
import { provision } from './lib/provision-client';
import { checkoutBody, merchantCookie, parseForm, sandboxHeaders, sandboxPay } from './lib/shop';
import { percentile, round as r2, sleep } from './lib/stats';
import { loopWindow, machineWindow, type LoopWindow, type MachineWindow } from './lib/load-floor';
import { categories } from './tools/profile-summary';

export const T8 = {
  id: 'T8',
  title: 'a sale day: 60 s mixed load (70 % browse, 20 % cart, 10 % checkout) with payments',
  target: '0 errors; every order reconciles; checkout p95 under load ≤ 3× unloaded',
};

const CRON_SECRET = 'bench-cron-secret-0123456789';
/** Products whose stock the seed does not track (an order never fails for stock). */
const CART_PRODUCTS = [1, 2, 3, 4, 5];

type Step =
  | 'catalog'
  | 'product'
  | 'add to cart'
  | 'cart'
  | 'checkout page'
  | 'checkout POST'
  | 'order page'
  | 'status poll'
  | 'pay (sandbox)'
  | 'switch to Pix'
  | 'dashboard order'
  | 'ship (merchant)'
  | 'bare POST'
  | 'blank page';
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

type Placed = { token: string; base: string; method: 'pix' | 'boleto'; coupon: boolean; switched: boolean };

function buyerForm(method: 'pix' | 'boleto', hidden: [string, string][], n: number, coupon?: string): FormData {
  const form = checkoutBody(method, hidden, { name: `Cliente Promoção ${n}`, email: `cliente${n}@example.com` });
  if (coupon) form.set('coupon', coupon);
  return form;
}

let buyerSeq = 0;

/** GET /checkout then the form POST; returns the order token on a 303 to the order page. */
async function checkoutOnce(rec: Recorder, base: string, cookie: string, method: 'pix' | 'boleto', coupon?: string): Promise<string | undefined> {
  const page = await timed(rec, 'checkout page', `${base}/checkout`, { headers: { cookie } });
  if (!page || page.status !== 200) return undefined;
  const form = parseForm(bodyOf(page), 'name="checkoutKey"');
  const res = await timed(rec, 'checkout POST', `${base}/checkout`, {
    method: 'POST',
    body: buyerForm(method, form.hidden, ++buyerSeq, coupon),
    headers: { cookie, origin: base, accept: 'text/html' },
  });
  const m = /\/orders\/([A-Za-z0-9_-]+)/.exec(res?.headers.get('location') ?? '');
  if (!res || res.status !== 303 || !m) {
    if (res && res.status < 500) rec.errors.push(`checkout POST: no order (HTTP ${res.status}) ${bodyOf(res).replace(/\s+/g, ' ').slice(0, 160)}`);
    return undefined;
  }
  return m[1];
}

type Shared = { slugs: string[]; placed: Placed[]; payQueue: Placed[]; stopAt: number; coupon: string };

/** Shares of the checkouts: a coupon on 20 % of orders; "Pagar com Pix agora" on 5 % (a tenth of the boletos). */
const COUPON_SHARE = 0.2;
const SWITCH_SHARE_OF_BOLETOS = 0.1;

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
  const coupon = Math.random() < COUPON_SHARE;
  const token = await checkoutOnce(rec, base, cookie, method, coupon ? s.coupon : undefined);
  if (!token) return;
  const placed: Placed = { token, base, method, coupon, switched: false };
  s.placed.push(placed);
  const page = await timed(rec, 'order page', `${base}/orders/${token}`);
  // "Pagar com Pix agora" on a tenth of the boletos, before anyone pays: the buyer waits on the
  // order page for the boleto to register (the button shows then), and switches.
  if (method === 'boleto' && Math.random() < SWITCH_SHARE_OF_BOLETOS) placed.switched = await switchToPix(rec, base, token, bodyOf(page));
  // Four out of five orders get paid (the rest stay pending, as some do).
  if (Math.random() < 0.8) s.payQueue.push(placed);
  // The order page polls its status route while the buyer pays at the bank.
  for (let i = 0; i < 4 && Date.now() < s.stopAt; i++) {
    await sleep(1000);
    const st = await timed(rec, 'status poll', `${base}/api/orders/${token}/status`);
    if (bodyOf(st).includes('"status":"paid"')) break;
  }
}

/**
 * "Pagar com Pix agora": the order page's plain form (a server action, app/(shop)/orders/[token]/actions.ts
 * → lib/payments/attempts.ts switchToPix) POSTed as a browser without JavaScript does, once the
 * boleto is registered (the page shows the form only then). Success is a 303 back to the order
 * page; a refusal adds `?pix=` to it and counts as an error.
 */
async function switchToPix(rec: Recorder, base: string, token: string, html: string): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (!html.includes('id="pagar-com-pix"')) {
    if (Date.now() > deadline) {
      rec.errors.push(`switch to Pix: order ${token.slice(0, 8)}… never showed "Pagar com Pix agora"`);
      return false;
    }
    await sleep(500);
    html = bodyOf(await timed(rec, 'order page', `${base}/orders/${token}`));
  }
  const form = parseForm(html, 'id="pagar-com-pix"');
  const body = new FormData();
  for (const [k, v] of form.hidden) body.append(k, v);
  const res = await timed(rec, 'switch to Pix', `${base}/orders/${token}`, { method: 'POST', body, headers: { origin: base, accept: 'text/html' } });
  const location = res?.headers.get('location') ?? '';
  if (!res || res.status !== 303 || !location.includes(`/orders/${token}`) || location.includes('pix=')) {
    if (res && res.status < 500) rec.errors.push(`switch to Pix: HTTP ${res.status} → ${location || bodyOf(res).replace(/\s+/g, ' ').slice(0, 120)}`);
    return false;
  }
  await timed(rec, 'order page', `${base}${location.startsWith('/') ? location : new URL(location).pathname}`);
  return true;
}

/**
 * The floor under the same load: the bench build's bare POST (`/api/bench/bare`, the body read
 * and a JSON answer, none of the app's code) sent the checkout's own form, and the blank App
 * Router page (`/bench/blank`), one of each in turn about four times a second, on the first
 * server. What they gain under load is the wait every request has on this host (the event loop
 * and the two cores shared with the shoppers), with no work of the app's own to grow.
 */
async function floorProbe(rec: Recorder, base: string, s: Shared) {
  while (Date.now() < s.stopAt) {
    await sleep(150 + Math.random() * 200);
    await floorOnce(rec, base);
  }
}

async function floorOnce(rec: Recorder, base: string) {
  await timed(rec, 'bare POST', `${base}/api/bench/bare`, { method: 'POST', body: buyerForm('pix', [['checkoutKey', 'floor']], 0), headers: { origin: base } });
  await sleep(50 + Math.random() * 100);
  await timed(rec, 'blank page', `${base}/bench/blank`);
}

/** A valid Correios (S10) tracking code for a serial number. */
function trackingCode(serial: number): string {
  const digits = String(serial % 1e8).padStart(8, '0');
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i], 0);
  const r = 11 - (sum % 11);
  return `BN${digits}${r === 10 ? 0 : r === 11 ? 5 : r}BR`;
}

type Marked = { orderId: string; token: string; code: string };

/**
 * The merchant during the sale: signed in (next-auth credentials, the demo merchant), opens a
 * paid order of the sale in the dashboard every second or so and marks it shipped through the
 * page's own form ("Marcar como enviado": Transportadora, Código de rastreio, "Confirmar envio"
 * — the server action app/(merchant)/dashboard/fulfilment-actions.ts → lib/fulfilment), as a
 * browser without JavaScript posts it.
 */
async function merchant(rec: Recorder, bases: string[], main: Server, s: Shared, marked: Marked[], cookies: Map<string, string>) {
  const done = new Set<string>();
  let serial = Math.floor(Math.random() * 1e7);
  while (Date.now() < s.stopAt) {
    await sleep(800 + Math.random() * 400);
    const tokens = s.placed.map((p) => p.token).filter((t) => !done.has(t));
    if (!tokens.length) continue;
    const paid = withDb(main.appDbPath, (db) =>
      db
        .prepare(`SELECT id, token FROM orders WHERE status = 'paid' AND fulfillment_status = 'unfulfilled' AND token IN (${tokens.map(() => '?').join(',')}) LIMIT 1`)
        .get(...tokens),
    ) as { id: string; token: string } | undefined;
    if (!paid) continue;
    done.add(paid.token);
    const base = bases[marked.length % bases.length];
    const cookie = cookies.get(base)!;
    const page = await timed(rec, 'dashboard order', `${base}/dashboard/orders/${paid.id}`, { headers: { cookie } });
    if (!page || page.status !== 200) {
      if (page) rec.errors.push(`dashboard order: HTTP ${page.status}`);
      continue;
    }
    const form = parseForm(bodyOf(page), 'name="carrier"');
    const body = new FormData();
    for (const [k, v] of form.hidden) body.append(k, v);
    const code = trackingCode(serial++);
    body.set('carrier', 'Correios');
    body.set('code', code);
    body.set('urlTemplate', '');
    const res = await timed(rec, 'ship (merchant)', `${base}/dashboard/orders/${paid.id}`, { method: 'POST', body, headers: { cookie, origin: base, accept: 'text/html' } });
    if (res && res.status < 400) marked.push({ orderId: paid.id, token: paid.token, code });
    else if (res && res.status < 500) rec.errors.push(`ship (merchant): HTTP ${res.status}`);
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

/** The current attempt's Pix code, or the boleto's digitable line once registered (read from the app's database). */
function payableCode(server: Server, token: string): string | undefined {
  return withDb(server.appDbPath, (db) => {
    const row = db.prepare('SELECT p.pix_code AS pix, p.digitable_line AS line FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ? AND p.superseded_at IS NULL').get(token) as
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

type Reconciliation = {
  /** The app's own reconciliation pass (POST /api/cron/jobs), in seconds. */
  passSeconds: number;
  orders: number;
  sandboxCharges: number;
  paidBoth: number;
  pendingBoth: number;
  /** Orders switched from boleto to Pix (two attempts), and how many of them were paid. */
  switched: number;
  switchedPaid: number;
  /** Orders with two paid attempts, each flagged "Pago em duplicidade" (double_paid_at). */
  flagged: number;
  coupons: { orders: number; applied: number; usesCounted: number };
  /** Provider balance moved during the load vs the app's paid − refunded of the same orders (centavos). */
  balance: { provider: number; app: number };
  fulfilment: { marked: number; shipped: number };
  mismatches: string[];
};

type AttemptRow = { order_id: string; provider_id: string | null; status: string; amount_cents: number; refunded_cents: number; superseded_at: string | null };
type OrderRow = { id: string; token: string; status: string; total_cents: number; coupon_code: string | null; coupon_discount_cents: number; double_paid_at: string | null; fulfillment_status: string; tracking_code: string | null };

/** The sandbox's balance for the bench's key (the provider's own view of the money), in centavos. */
async function providerBalance(server: Server): Promise<number> {
  const r = await fetch(`${server.url}/api/sandbox/v1/customers/balance`, { headers: sandboxHeaders() });
  if (r.status !== 200) throw new Error(`sandbox balance → ${r.status}`);
  return Math.round(((await r.json()) as { balance: number }).balance * 100);
}

/**
 * Every order placed under load against the sandbox: each attempt (one, or two after "Pagar com
 * Pix agora") has its charge; the current one has the order's amount and the same paid state at
 * both ends; a replaced attempt is not paid, or the order is flagged; the coupon is on the orders
 * that typed it and counted once each; the provider's balance moved by the app's paid − refunded;
 * every order the merchant marked is shipped with its code.
 */
async function reconcile(main: Server, s: Shared, before: { charges: number; balance: number; couponUses: number }, marked: Marked[]): Promise<Reconciliation> {
  const placed = s.placed;
  // Let the sandbox deliver what it owes, then run the app's own reconciliation once.
  await fetch(`${main.url}/api/sandbox/sim/webhooks/flush`, { method: 'POST', headers: sandboxHeaders(), body: '{}' });
  const t = performance.now();
  const cron = await fetch(`${main.url}/api/cron/jobs`, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } });
  await cron.arrayBuffer();
  // Timed on its own, so that a slow pass shows as the app's, not as the bench's waiting.
  const passSeconds = r2((performance.now() - t) / 1000, 1);
  await sleep(500);
  const { orderRows, attemptRows, couponUses } = withDb(main.appDbPath, (db) => {
    const order = db.prepare(
      'SELECT id, token, status, total_cents, coupon_code, coupon_discount_cents, double_paid_at, fulfillment_status, tracking_code FROM orders WHERE token = ?',
    );
    const attempts = db.prepare('SELECT order_id, provider_id, status, amount_cents, refunded_cents, superseded_at FROM payments WHERE order_id = ? ORDER BY attempt');
    const orderRows = new Map(placed.map((x) => [x.token, order.get(x.token) as OrderRow | undefined]));
    const attemptRows = new Map([...orderRows.values()].flatMap((o) => (o ? [[o.id, attempts.all(o.id) as AttemptRow[]] as const] : [])));
    const couponUses = Number(db.prepare('SELECT uses_count FROM coupons WHERE code = ?').pluck().get(s.coupon) ?? 0);
    return { orderRows, attemptRows, couponUses };
  });
  const mismatches: string[] = [];
  let paidBoth = 0;
  let pendingBoth = 0;
  let switched = 0;
  let switchedPaid = 0;
  let flagged = 0;
  let couponOrders = 0;
  let couponApplied = 0;
  let appMoney = 0;
  const sb = withDb(main.sandboxDbPath, (db) => {
    const stmt = db.prepare('SELECT id, status, amount_cents, paid_cents FROM payments WHERE id = ?');
    const ids = [...attemptRows.values()].flat().flatMap((a) => (a.provider_id ? [a.provider_id] : []));
    return new Map(ids.map((id) => [id, stmt.get(id) as { status: string; amount_cents: number; paid_cents: number | null } | undefined]));
  });
  let attemptsTotal = 0;
  for (const x of placed) {
    const tag = x.token.slice(0, 6);
    const order = orderRows.get(x.token);
    if (!order) {
      mismatches.push(`${tag}: no order in the app`);
      continue;
    }
    const attempts = attemptRows.get(order.id) ?? [];
    attemptsTotal += attempts.length;
    const current = attempts.filter((a) => a.superseded_at === null);
    if (current.length !== 1) mismatches.push(`${tag}: ${current.length} current attempts`);
    if (attempts.length !== (x.switched ? 2 : 1)) mismatches.push(`${tag}: ${attempts.length} attempts (switched: ${x.switched})`);
    if (x.switched) switched++;
    let paidAttempts = 0;
    for (const a of attempts) {
      const isCurrent = a.superseded_at === null;
      if (!a.provider_id) {
        mismatches.push(`${tag}: attempt without a provider charge (status ${a.status})`);
        continue;
      }
      const charge = sb.get(a.provider_id);
      if (!charge) {
        mismatches.push(`${tag}: charge ${a.provider_id} missing at the sandbox`);
        continue;
      }
      if (charge.amount_cents !== a.amount_cents) mismatches.push(`${tag}: amount app ${a.amount_cents} vs sandbox ${charge.amount_cents}`);
      const sandboxPaid = charge.status === 'paid';
      const appPaid = a.status === 'paid' || a.status === 'refunded';
      if (appPaid) {
        paidAttempts++;
        appMoney += a.amount_cents - a.refunded_cents;
      }
      if (sandboxPaid !== appPaid) mismatches.push(`${tag}: ${isCurrent ? 'current' : 'replaced'} attempt: sandbox ${charge.status} vs app ${a.status}`);
      if (isCurrent) {
        if (a.amount_cents !== order.total_cents) mismatches.push(`${tag}: order total ${order.total_cents} vs its attempt ${a.amount_cents}`);
        const orderPaid = order.status === 'paid';
        if (sandboxPaid !== orderPaid) mismatches.push(`${tag}: sandbox ${charge.status} vs order ${order.status}`);
        else if (sandboxPaid) paidBoth++;
        else pendingBoth++;
        if (x.switched && sandboxPaid) switchedPaid++;
      }
    }
    if (paidAttempts > 1) {
      if (order.double_paid_at) flagged++;
      else mismatches.push(`${tag}: ${paidAttempts} paid attempts and no "Pago em duplicidade" flag`);
    }
    if (x.coupon) {
      couponOrders++;
      if (order.coupon_code === s.coupon && order.coupon_discount_cents > 0) couponApplied++;
      else mismatches.push(`${tag}: coupon typed, order has ${order.coupon_code ?? 'none'} (${order.coupon_discount_cents})`);
    } else if (order.coupon_code) mismatches.push(`${tag}: coupon ${order.coupon_code} on an order that typed none`);
  }
  const usesCounted = couponUses - before.couponUses;
  if (usesCounted !== couponOrders) mismatches.push(`coupon uses counted ${usesCounted} for ${couponOrders} orders with it`);
  const created = sandboxCharges(main) - before.charges;
  if (created !== attemptsTotal) mismatches.push(`${created} charges created at the sandbox for ${attemptsTotal} attempts of ${placed.length} orders`);
  const providerMoved = (await providerBalance(main)) - before.balance;
  if (providerMoved !== appMoney) mismatches.push(`provider balance moved ${providerMoved} centavos, the app counts ${appMoney} paid − refunded`);
  let shipped = 0;
  withDb(main.appDbPath, (db) => {
    const stmt = db.prepare('SELECT fulfillment_status AS status, tracking_code AS code FROM orders WHERE id = ?');
    for (const m of marked) {
      const row = stmt.get(m.orderId) as { status: string; code: string | null } | undefined;
      if (row?.status === 'shipped' && row.code === m.code) shipped++;
      else mismatches.push(`${m.token.slice(0, 6)}: marked shipped with ${m.code}, app says ${row?.status}/${row?.code}`);
    }
  });
  return {
    passSeconds,
    orders: placed.length,
    sandboxCharges: created,
    paidBoth,
    pendingBoth,
    switched,
    switchedPaid,
    flagged,
    coupons: { orders: couponOrders, applied: couponApplied, usesCounted },
    balance: { provider: providerMoved, app: appMoney },
    fulfilment: { marked: marked.length, shipped },
    mismatches,
  };
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
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    phases[name] = r2((performance.now() - phaseStart) / 1000, 1);
    phaseStart = performance.now();
  };
  try {
    // Two processes behind one address, as a deployment runs them: the same APP_URL, so every
    // notification_url names it and either instance's sandbox worker may deliver to it.
    if (instances === 2) second = await startServer({ port: BENCH_PORTS.second, shareDataOf: server, env: { APP_URL: server.url }, loopProbe: true });
    const servers = second ? [server, second] : [server];
    const bases = servers.map((x) => x.url);
    const catalog = await (await fetch(`${server.url}/`)).text();
    const slugs = [...new Set([...catalog.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]))];
    if (!slugs.length) throw new Error('no product links in the catalog');

    // The sale's coupon (10 %), made as "Novo cupom" makes it (lib/coupons createCoupon).
    const coupon = `SALE${Date.now().toString(36).toUpperCase()}`;
    provision(server, { kind: 'coupon', code: coupon, percent: 10 });

    // Unloaded: the same checkout step, one at a time, before the load (same run, same
    // server), after a few untimed ones (first renders of each page fill caches).
    const warm = new Recorder();
    for (let i = 0; i < 2 * bases.length; i++) await checkoutOnce(warm, bases[i % bases.length], 'balcao_cart=1x1', i % 2 ? 'boleto' : 'pix');
    for (const b of bases) for (const path of ['/', `/products/${slugs[0]}`, '/cart']) await (await fetch(`${b}${path}`)).arrayBuffer();
    for (let i = 0; i < 3; i++) await floorOnce(new Recorder(), bases[0]);
    const quiet = new Recorder();
    const quietFloor = new Recorder();
    const quietFrom = Date.now();
    for (let i = 0; i < (quick ? 8 : 40); i++) {
      // The load's mix: one in five with the coupon.
      await checkoutOnce(quiet, bases[i % bases.length], `balcao_cart=${pick(CART_PRODUCTS)}x1`, i % 2 ? 'boleto' : 'pix', i % 5 === 4 ? coupon : undefined);
      // The floor's requests one at a time between them, as the load's prober sends them.
      await floorOnce(quietFloor, bases[0]);
    }
    const quietTo = Date.now();
    const unloaded = quiet.samples.filter((x) => x.step === 'checkout POST').map((x) => x.ms);
    phase('setup and unloaded checkouts');
    if (quiet.errors.length) throw new Error(`unloaded checkouts failed: ${quiet.errors[0]}`);

    const before = {
      charges: sandboxCharges(server),
      balance: await providerBalance(server),
      couponUses: withDb(server.appDbPath, (db) => Number(db.prepare('SELECT uses_count FROM coupons WHERE code = ?').pluck().get(coupon) ?? 0)),
      busy: servers.reduce((n, x) => n + x.counters().busy, 0),
      errors: servers.reduce((n, x) => n + x.counters().errors, 0),
    };
    // The merchant signed in before the sale (a password hash is a burst of CPU, not the sale's).
    const merchantCookies = new Map<string, string>();
    for (const b of bases) merchantCookies.set(b, await merchantCookie(b));
    const rec = new Recorder();
    const loadedFloor = new Recorder();
    const shared: Shared = { slugs, placed: [], payQueue: [], stopAt: Date.now() + seconds * 1000, coupon };
    const marked: Marked[] = [];
    log(`T8 ${instances} instance(s): ${shoppers} shoppers for ${seconds} s …`);
    const stopProfile = server.profiling ? server.profileWindow() : undefined;
    const loadFrom = Date.now();
    const host = machineWindow(servers);
    const t0 = performance.now();
    let loadDone = false;
    const payers = [payer(rec, server, shared, () => loadDone), payer(rec, server, shared, () => loadDone)];
    await Promise.all([
      ...Array.from({ length: shoppers }, (_, i) => shopper(rec, bases, i, shared)),
      merchant(rec, bases, server, shared, marked, merchantCookies),
      floorProbe(loadedFloor, bases[0], shared),
    ]);
    const elapsed = (performance.now() - t0) / 1000;
    const hostLoad = host.end();
    const loadTo = Date.now();
    loadDone = true;
    const profileFile = stopProfile ? await stopProfile() : undefined;
    phase('load');
    await Promise.all(payers);
    phase('paying the queue after the load');

    const rec2 = await reconcile(server, shared, before, marked);
    phase(`reconciliation (the app's pass ${rec2.passSeconds} s)`);
    log(`T8 phases (s): ${Object.entries(phases).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const busy = servers.reduce((n, x) => n + x.counters().busy, 0) - before.busy;
    const logErrors = servers.reduce((n, x) => n + x.counters().errors, 0) - before.errors;
    const steps = stepTable(rec.samples);
    const loadedCheckout = rec.samples.filter((x) => x.step === 'checkout POST').map((x) => x.ms);
    const p95Loaded = percentile(loadedCheckout, 95);
    const p95Unloaded = percentile(unloaded, 95);
    const ratio = p95Loaded / p95Unloaded;
    const floor = floorOf(quietFloor, loadedFloor);
    const loop = servers.map((x) => ({ unloaded: loopWindow(x.loopSamples(), quietFrom, quietTo), loaded: loopWindow(x.loopSamples(), loadFrom, loadTo) }));
    const profile = profileFile ? { file: profileFile, categories: categories(profileFile) } : undefined;
    rec.errors.push(...quietFloor.errors, ...loadedFloor.errors);
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
        `checkout POST p95 ${fmtMs(p95Loaded)} vs ${fmtMs(p95Unloaded)} unloaded = ${ratio.toFixed(2)}× (${signedMs(p95Loaded - p95Unloaded)}); ` +
        `the floor under the same load: ${floorLine(floor)}; the checkout's added p95 is ${r2((p95Loaded - p95Unloaded) / floor.barePost.addedMs, 2)}× the bare POST's; ` +
        `host ${hostLine(hostLoad)}; ` +
        `errors ${rec.errors.length} (5xx/network ${fiveXX}, SQLITE_BUSY ${busy}); ` +
        `${rec2.coupons.orders} with the coupon (${rec2.coupons.applied} applied, ${rec2.coupons.usesCounted} uses counted), ${rec2.switched} switched boleto → Pix (${rec2.switchedPaid} paid), ` +
        `${rec2.fulfilment.shipped}/${rec2.fulfilment.marked} marked shipped by the merchant, ${rec2.flagged} flagged paid twice; ` +
        `provider balance +${rec2.balance.provider} vs app paid − refunded ${rec2.balance.app} centavos; ${rec2.mismatches.length} reconciliation mismatches over ${rec2.orders} orders`,
      verdict: pass ? 'pass' : 'fail',
      notes: [
        `p50/p95 per step: ${stepLine}`,
        ...loop.map((l, i) => `server ${i + 1}'s event loop, unloaded → loaded: ${loopLine(l.unloaded)} → ${loopLine(l.loaded)}`),
        ...(profile ? [`CPU profile of the load (${profile.file}): ${profile.categories.map((c) => `${c.name} ${c.share}%`).join(', ')}`] : []),
        ...rec.errors.slice(0, 5), ...rec2.mismatches.slice(0, 5), ...(logErrors ? [`${logErrors} error-level lines in the server log`] : [])],
      details: {
        instances,
        shoppers,
        seconds: r2(elapsed, 1),
        requests,
        ordersPerSecond: r2(ordersPerSecond, 2),
        steps,
        checkoutP95: { loaded: r2(p95Loaded, 1), unloaded: r2(p95Unloaded, 1), ratio: r2(ratio, 2), unloadedP50: r2(percentile(unloaded, 50), 1) },
        floor: { ...floor, checkoutAddedVsBare: r2((p95Loaded - p95Unloaded) / floor.barePost.addedMs, 2) },
        host: hostLoad,
        loop,
        profile: profile ?? null,
        errors: rec.errors.slice(0, 50),
        errorCount: rec.errors.length,
        sqliteBusyInLog: busy,
        errorLinesInLog: logErrors,
        phases,
        reconciliation: rec2,
      },
    };
  } finally {
    await second?.stop();
  }
}

type Side = { n: number; p50: number; p95: number };
type FloorStep = { unloaded: Side; loaded: Side; ratio: number; addedMs: number };

function side(rec: Recorder, step: Step): Side {
  const ms = rec.samples.filter((x) => x.step === step).map((x) => x.ms);
  return { n: ms.length, p50: r2(percentile(ms, 50), 1), p95: r2(percentile(ms, 95), 1) };
}

function floorStep(unloaded: Side, loaded: Side): FloorStep {
  return { unloaded, loaded, ratio: r2(loaded.p95 / unloaded.p95, 2), addedMs: r2(loaded.p95 - unloaded.p95, 1) };
}

/** The floor's two requests, unloaded (between the unloaded checkouts) and under the load. */
function floorOf(quietFloor: Recorder, loadedFloor: Recorder): Record<'barePost' | 'blankPage', FloorStep> {
  return {
    barePost: floorStep(side(quietFloor, 'bare POST'), side(loadedFloor, 'bare POST')),
    blankPage: floorStep(side(quietFloor, 'blank page'), side(loadedFloor, 'blank page')),
  };
}

function floorLine(f: Record<'barePost' | 'blankPage', FloorStep>): string {
  const one = (label: string, x: FloorStep) => `${label} p95 ${fmtMs(x.loaded.p95)} vs ${fmtMs(x.unloaded.p95)} = ${x.ratio.toFixed(2)}× (${signedMs(x.addedMs)})`;
  return `${one('bare POST', f.barePost)}, ${one('blank page', f.blankPage)}`;
}

const signedMs = (ms: number) => `${ms < 0 ? '−' : '+'}${fmtMs(Math.abs(ms))}`;

function hostLine(h: MachineWindow): string {
  return (
    `${h.hostCores} of ${h.cores} cores busy over the load (servers ${h.serverCores}, the bench's shoppers ${h.benchCores}, other processes ${h.otherCores}), ` +
    `load average ${h.loadAverage.before.join(' ')} → ${h.loadAverage.after.join(' ')}`
  );
}

function loopLine(l: LoopWindow | null): string {
  if (!l) return 'no samples';
  return `utilisation ${l.utilisation}, CPU ${l.cpuCores} cores, delay p50 ${fmtMs(l.delayP50)} / p99 ${fmtMs(l.delayP99)} / max ${fmtMs(l.delayMax)}`;
}
