/**
 * The checkout POST priced by Melhor Envio (a live quote, cached per CEP and cart) against the
 * same POST priced by the UF table — target ≤ 1.3× (p95). Issue 44.
 *
 * Standalone (not a target of bench/run.ts): it starts `next start` of the app's own build
 * (`.next`, from `npm run build`) on BENCH_SHIPPING_PORT (3120) with fresh database files and
 * the embedded sandbox as both the payment provider and the carrier. One server, two modes: the
 * shop's `carrier_enabled` is switched in the database between requests (untimed; the checkout
 * reads the setting on every POST), and the two modes alternate request by request (A B, B A, …)
 * in rounds, so both see the same machine minute. Per round the p95 of each; the verdict is the
 * median over rounds of the ratio. With the carrier, the form names the option and the price
 * the page showed (`freight=me-<id>@<cents>`), which placeOrder quotes again: the cost measured.
 *
 * Run: npm run build && npx tsx bench/shipping-quote.ts [--rounds=5] [--per-round=30]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CART_COOKIE, checkoutBody, fetchCheckoutForm, SANDBOX_KEY } from './lib/shop';
import { median, percentile, round } from './lib/stats';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const PER_ROUND = arg('per-round', 30);
const PORT = Number(process.env.BENCH_SHIPPING_PORT ?? 3120);
const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data', `bench-shipping-${PORT}`);
const BASE = `http://127.0.0.1:${PORT}`;

async function start() {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(DATA, { recursive: true });
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: BASE,
      DATABASE_URL: `file:${path.join(DATA, 'app.db')}`,
      SANDBOX_DATABASE_URL: `file:${path.join(DATA, 'sandbox.db')}`,
      SANDBOX_ENABLED: 'true',
      SANDBOX_API_KEYS: SANDBOX_KEY,
      SEED_ON_EMPTY: 'true',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RECONCILE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_CHECKOUT_PER_MIN: '1000000',
      UNPAID_ORDERS_PER_DOCUMENT: '1000000',
      EMAILS_PER_RECIPIENT_PER_DAY: '1000000',
      CEP_LOOKUP: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

const db = () => new Database(path.join(DATA, 'app.db'));
function setCarrier(on: boolean) {
  const d = db();
  try {
    d.prepare('update shipping_settings set carrier_enabled = ? where id = 1').run(on ? 1 : 0);
  } finally {
    d.close();
  }
}

/** The option the page would show for the bench's cart and CEP (and warms the quote's cache). */
async function shownFreight(): Promise<string> {
  const r = await fetch(`${BASE}/api/shipping/options?cep=01310100`, { headers: { cookie: CART_COOKIE } });
  const body = (await r.json()) as { ok: boolean; pricedBy: string; options: { id: string; cents: number }[] };
  if (!body.ok || body.pricedBy !== 'carrier') throw new Error(`no carrier quote: ${JSON.stringify(body)}`);
  return `${body.options[0].id}@${body.options[0].cents}`;
}

async function one(mode: 'carrier' | 'table', freight: string): Promise<number> {
  setCarrier(mode === 'carrier');
  const form = await fetchCheckoutForm(BASE);
  const body = checkoutBody('pix', form.hidden);
  if (mode === 'carrier') body.set('freight', freight);
  const t = performance.now();
  const r = await fetch(`${BASE}/checkout`, { method: 'POST', body, redirect: 'manual', headers: { cookie: CART_COOKIE, origin: BASE, accept: 'text/html' } });
  await r.text();
  const ms = performance.now() - t;
  if (!(r.status >= 300 && r.status < 400 && /\/orders\//.test(r.headers.get('location') ?? ''))) throw new Error(`${mode}: checkout → ${r.status}`);
  return ms;
}

async function main() {
  const child = await start();
  setCarrier(true);
  const freight = await shownFreight();
  const orders = () => Number(db().prepare("select count(*) from orders where shipping_priced_by = 'carrier'").pluck().get());
  for (let i = 0; i < 5; i++) {
    await one('carrier', freight);
    await one('table', freight);
  }
  const perRound: { carrier: number; table: number; ratio: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < PER_ROUND; i++) {
      if ((r + i) % 2 === 0) {
        a.push(await one('carrier', freight));
        b.push(await one('table', freight));
      } else {
        b.push(await one('table', freight));
        a.push(await one('carrier', freight));
      }
    }
    const p95a = percentile(a, 95);
    const p95b = percentile(b, 95);
    perRound.push({ carrier: round(p95a, 1), table: round(p95b, 1), ratio: round(p95a / p95b, 2) });
    console.log(`round ${r + 1}: carrier p95 ${round(p95a, 1)} ms (p50 ${round(percentile(a, 50), 1)}), table p95 ${round(p95b, 1)} ms (p50 ${round(percentile(b, 50), 1)}) → ${round(p95a / p95b, 2)}×`);
  }
  const ratio = median(perRound.map((x) => x.ratio));
  console.log(`verdict: median of the rounds' p95 ratio ${ratio}× (target ≤ 1.3×): ${ratio <= 1.3 ? 'met' : 'over'}; ${orders()} orders priced by the carrier`);
  child.kill('SIGTERM');
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
