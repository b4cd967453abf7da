/**
 * The shop driven over HTTP as a browser without JavaScript would: the cart is a cookie, the
 * checkout page renders a form whose server action accepts a plain multipart POST (React's
 * progressive enhancement), and success answers 303 → /orders/<token>. So the benchmarks
 * create orders through the real server action → placeOrder → sandbox → database path.
 */

import { randomBytes } from 'node:crypto';

/**
 * The bench servers' sandbox key: secret and made per run (a production build with the
 * sandbox on is a public demo and refuses the documented keys). BENCH_SANDBOX_KEY pins it,
 * for a server started by hand with --keep-server.
 */
export const SANDBOX_KEY = process.env.BENCH_SANDBOX_KEY ?? `sk_bench_${randomBytes(12).toString('hex')}`;
/** A valid CPF (check digits right), used by every benchmark buyer. */
export const BUYER_CPF = '52998224725';

/** Cart cookie value: product 1 (the catalog's first product) × 2 — above the R$ 5,00 minimum. */
export const CART_COOKIE = 'balcao_cart=1x2';

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export type CheckoutForm = { action: string; hidden: [string, string][] };

/** The action and hidden fields (the server action's references, a checkout key) of the first form whose HTML contains `marker`. */
export function parseForm(html: string, marker: string): CheckoutForm {
  const forms = html.match(/<form\b[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) => f.includes(marker));
  if (!form) throw new Error(`no form with ${marker} in the page`);
  const hidden: [string, string][] = [];
  for (const m of form.matchAll(/<input\b[^>]*>/g)) {
    const tag = m[0];
    if (!/type="hidden"/.test(tag)) continue;
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    if (!name) continue;
    hidden.push([decode(name), decode(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? '')]);
  }
  const action = decode(/<form\b[^>]*\baction="([^"]*)"/.exec(form)?.[1] ?? '');
  return { action, hidden };
}

/** The hidden fields of the checkout form (checkout key and the server action's references). */
export function parseCheckoutForm(html: string): CheckoutForm {
  return parseForm(html, 'name="checkoutKey"');
}

export async function fetchCheckoutForm(base: string): Promise<CheckoutForm> {
  const r = await fetch(`${base}/checkout`, { headers: { cookie: CART_COOKIE } });
  if (r.status !== 200) throw new Error(`GET /checkout → ${r.status}`);
  return parseCheckoutForm(await r.text());
}

/**
 * The checkout form's fields as a shopper fills them. The bench cart holds products that ship,
 * so both methods post the delivery address (and a boleto bills to it, "Mesmo endereço da entrega").
 */
export function checkoutBody(
  method: 'pix' | 'boleto',
  hidden: [string, string][],
  buyer: { name: string; email: string } = { name: 'Maria da Silva', email: 'maria@example.com' },
): FormData {
  const body = new FormData();
  for (const [k, v] of hidden) body.append(k, v);
  body.set('method', method);
  body.set('name', buyer.name);
  body.set('document', BUYER_CPF);
  body.set('email', buyer.email);
  body.set('shipping', 'delivery');
  body.set('zip', '01310100');
  body.set('street', 'Avenida Paulista');
  body.set('number', '1000');
  body.set('neighborhood', 'Bela Vista');
  body.set('city', 'São Paulo');
  body.set('state', 'SP');
  return body;
}

export type CheckoutOutcome = { ok: true; token: string; ms: number } | { ok: false; status: number; ms: number; body: string };

/**
 * Submits the checkout form (a fresh GET each time gives a fresh checkoutKey) and returns the
 * order token from the redirect. `ms` times the POST only: server action → placeOrder →
 * sandbox create → database rows → redirect.
 */
export async function checkout(base: string, method: 'pix' | 'boleto' = 'pix', form?: CheckoutForm): Promise<CheckoutOutcome> {
  const f = form ?? (await fetchCheckoutForm(base));
  const body = checkoutBody(method, f.hidden);
  const t = performance.now();
  const r = await fetch(`${base}/checkout`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { cookie: CART_COOKIE, origin: base, accept: 'text/html' },
  });
  const text = await r.text();
  const ms = performance.now() - t;
  const location = r.headers.get('location') ?? '';
  const m = /\/orders\/([A-Za-z0-9_-]+)/.exec(location);
  if (r.status >= 300 && r.status < 400 && m) return { ok: true, token: m[1], ms };
  return { ok: false, status: r.status, ms, body: text.slice(0, 500) };
}

export async function checkoutOrThrow(base: string, method: 'pix' | 'boleto' = 'pix'): Promise<string> {
  const r = await checkout(base, method);
  if (!r.ok) throw new Error(`checkout failed: HTTP ${r.status} ${r.body.replace(/\s+/g, ' ').slice(0, 300)}`);
  return r.token;
}

export function sandboxHeaders(): Record<string, string> {
  return { 'x-api-key': SANDBOX_KEY, 'content-type': 'application/json', 'user-agent': 'balcao-bench/1.0' };
}

/** Sandbox control API: pays whatever a Pix code or boleto line belongs to. */
export async function sandboxPay(base: string, code: string): Promise<Response> {
  return fetch(`${base}/api/sandbox/sim/pay`, { method: 'POST', headers: sandboxHeaders(), body: JSON.stringify({ code }) });
}

/**
 * Pays a code as soon as the sandbox accepts it: a new Pix QR code activates 1 s (sandbox
 * time) after creation, a boleto registers after 2 s; before that sim/pay answers 400.
 */
export async function sandboxPayWhenPayable(base: string, code: string, timeoutMs = 10_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await sandboxPay(base, code);
    if (r.status !== 400 || Date.now() > deadline) return r;
    await r.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** next-auth credentials sign-in of the demo merchant; returns the Cookie header for the dashboard. */
export async function merchantCookie(base: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const r = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar, origin: base },
    body: new URLSearchParams({ csrfToken, email: 'demo@balcao.dev', password: 'balcao-demo', callbackUrl: `${base}/dashboard` }).toString(),
  });
  const all = [jar, cookiesOf(r)].filter(Boolean).join('; ');
  if (!/session-token=/.test(all)) throw new Error(`merchant sign-in failed (HTTP ${r.status})`);
  return all;
}

function cookiesOf(r: Response): string {
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
