import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from './proxy';

const req = (path: string, init: { headers?: Record<string, string>; cookie?: string } = {}) =>
  new NextRequest(`http://localhost:3000${path}`, { headers: { ...init.headers, ...(init.cookie ? { cookie: init.cookie } : {}) } });

/** What the proxy passes on to the page or route as request headers. */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe('proxy: pages', () => {
  it('gives the checkout its draft cookie with the page (random, httpOnly), once', async () => {
    const first = await proxy(req('/checkout'));
    const cookie = first.cookies.get('balcao_draft');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBe(true);
    expect((await proxy(req('/checkout'))).cookies.get('balcao_draft')?.value).not.toBe(cookie?.value);
    expect((await proxy(req('/checkout', { cookie: `balcao_draft=${cookie?.value}` }))).cookies.get('balcao_draft')).toBeUndefined();
    expect((await proxy(req('/cart'))).cookies.get('balcao_draft')).toBeUndefined();
    // A payment link's and an API session's checkout keep drafts too; their other paths do not get one.
    expect((await proxy(req('/pagar/AbC123xy'))).cookies.get('balcao_draft')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await proxy(req('/c/cs_0123456789abcdefghijkl'))).cookies.get('balcao_draft')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await proxy(req('/checkout/retomar'))).cookies.get('balcao_draft')).toBeUndefined();
  });

  it('puts one fresh nonce in the CSP response header, the CSP request header (read by Next) and x-nonce', async () => {
    const res = await proxy(req('/checkout'));
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(forwarded(res, 'x-nonce')).toBe(nonce);
    expect(forwarded(res, 'content-security-policy')).toBe(csp);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const other = (await proxy(req('/checkout'))).headers.get('content-security-policy');
    expect(other).not.toBe(csp);
  });

  it('passes the request id on (kept when plain, made up otherwise) and echoes it; passes the path', async () => {
    const kept = await proxy(req('/cart?x=1', { headers: { 'x-request-id': 'abc-123' } }));
    expect(forwarded(kept, 'x-request-id')).toBe('abc-123');
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    expect(forwarded(kept, 'x-request-path')).toBe('/cart?x=1');
    const made = await proxy(req('/cart', { headers: { 'x-request-id': 'bad id with spaces' } }));
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS and upgrades only in production over https', async () => {
    const viaProxy = await proxy(req('/', { headers: { 'x-forwarded-proto': 'https' } }));
    // vitest runs with NODE_ENV=test: never HSTS outside production.
    expect(viaProxy.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('proxy: where the visit came from (balcao_origem)', () => {
  const origin = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('balcao_origem='));

  it('keeps a tagged first visit for 30 days, httpOnly and first-party', async () => {
    const res = await proxy(req('/?utm_source=instagram&utm_campaign=black-friday&fbclid=IwAR1'));
    const cookie = origin(res)!;
    expect(cookie).toContain('balcao_origem=source%3Dinstagram%26campaign%3Dblack-friday%26fbclid%3DIwAR1');
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it('keeps another site as the origin, never this shop', async () => {
    expect(origin(await proxy(req('/', { headers: { referer: 'https://l.instagram.com/?u=x' } })))).toContain('referrer%3Dl.instagram.com');
    expect(origin(await proxy(req('/cart', { headers: { referer: 'http://localhost:3000/' } })))).toBeUndefined();
    // The shop opened at 127.0.0.1 (the Host the browser sent), while Next's URL says localhost: no self-referral.
    expect(origin(await proxy(req('/cart', { headers: { referer: 'http://127.0.0.1:3000/products/x', host: '127.0.0.1:3000' } })))).toBeUndefined();
  });

  it('keeps the first touch, sets nothing on a direct visit, the dashboard or a route', async () => {
    expect(origin(await proxy(req('/?utm_source=whatsapp', { cookie: 'balcao_origem=source%3Dinstagram' })))).toBeUndefined();
    expect(origin(await proxy(req('/')))).toBeUndefined();
    expect(origin(await proxy(req('/login?utm_source=x')))).toBeUndefined();
    expect(origin(await proxy(req('/api/orders/x/status?utm_source=x')))).toBeUndefined();
  });

  it('leaves the security headers as they are', async () => {
    const tagged = await proxy(req('/?utm_source=instagram'));
    const plain = await proxy(req('/'));
    const names = (r: Response) => [...r.headers.keys()].filter((n) => !n.endsWith('set-cookie')).sort();
    expect(names(tagged)).toEqual(names(plain));
    expect(tagged.headers.get('cache-control')).toBe(plain.headers.get('cache-control'));
  });
});

describe('proxy: route handlers', () => {
  it('answers JSON routes with no-store, nosniff and a deny-all CSP, and no nonce', async () => {
    const res = await proxy(req('/api/orders/x/status'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(forwarded(res, 'x-nonce')).toBeNull();
    expect(forwarded(res, 'x-request-id')).toBeTruthy();
  });
});

describe('proxy: dashboard', () => {
  it('redirects to /login with the way back when there is no session cookie', async () => {
    const res = await proxy(req('/dashboard/orders?status=paid'));
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('callbackUrl')).toBe('/dashboard/orders?status=paid');
    expect((await proxy(req('/dashboard'))).status).toBe(307);
  });

  it('lets a request with a session cookie through to the real (server-side) check', async () => {
    for (const cookie of ['next-auth.session-token=x', '__Secure-next-auth.session-token=y', '__Secure-next-auth.session-token.0=z']) {
      const res = await proxy(req('/dashboard/settings', { cookie }));
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("'nonce-");
    }
  });

  it('does not touch look-alike paths', async () => {
    expect((await proxy(req('/dashboards'))).headers.get('location')).toBeNull();
    expect((await proxy(req('/api/dashboard'))).headers.get('location')).toBeNull();
  });
});

describe('proxy: matcher', () => {
  const source = (config.matcher[0] as { source: string }).source;
  const matches = (path: string) => new RegExp(`^${source}$`).test(path);

  it('skips only the real static paths, and matches pages and routes', async () => {
    for (const p of ['/_next/static/chunks/a.js', '/_next/image', '/favicon.ico', '/icon.svg', '/products/cafe-especial-250g.svg', '/robots.txt']) {
      expect(matches(p), p).toBe(false);
    }
    for (const p of ['/', '/checkout', '/dashboard/orders', '/api/health', '/api/webhooks/payments/abc', '/sandbox/invoice/boleto/pdf/1', '/products/cafe-especial']) {
      expect(matches(p), p).toBe(true);
    }
  });

  it('matches a page path that merely ends in an image extension (a server action posted there meets the body checks)', () => {
    for (const p of ['/products/nao-existe.png', '/products/x.jpg', '/orders/abc.webp', '/checkout.svg', '/images/x.png', '/products/a/b.svg', '/_next/imagefoo', '/iconic']) {
      expect(matches(p), p).toBe(true);
    }
  });

  it("skips the product-photo upload (its body is up to 10 MB, beyond the proxy's buffer) and the photos themselves, nothing else of the dashboard's API", () => {
    expect(matches('/api/dashboard/products/12/photos')).toBe(false);
    for (const ext of ['webp', 'avif', 'jpg']) expect(matches(`/images/products/12-640-0123456789abcdef0123.${ext}`), ext).toBe(false);
    for (const p of ['/api/dashboard/products/12', '/api/dashboard/products/12/photos/extra', '/dashboard/produtos/12']) expect(matches(p), p).toBe(true);
  });
});

describe('proxy: server actions (every POST to a page)', () => {
  const post = (body: BodyInit, headers: Record<string, string>) =>
    proxy(new NextRequest('http://localhost:3000/checkout', { method: 'POST', body, headers: { 'next-action': 'a'.repeat(42), ...headers } }));

  it('413 over the body limit, declared or not', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const declared = await post(JSON.stringify([big]), { 'content-type': 'text/plain;charset=UTF-8', 'content-length': String(big.length + 4) });
    expect(declared.status).toBe(413);
    expect((await post(JSON.stringify([big]), { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(413);
  });

  it('400 for a body no action can decode, with the usual security headers', async () => {
    const malformed = await post('{{{', { 'content-type': 'text/plain;charset=UTF-8' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await post('garbage', { 'content-type': 'multipart/form-data; boundary=----b' })).status).toBe(400);
    expect((await post('{}', { 'content-type': 'application/json' })).status).toBe(400);
  });

  it('lets a well-formed action through (to Next.js)', async () => {
    const res = await post('["$K1"]', { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-middleware-next')).toBe('1');
  });
});

describe('proxy: paths that do not decode', () => {
  it('/orders/%E0%A4%A is rewritten to the 404 page (Next.js would answer a bare 500)', async () => {
    const res = await proxy(req('/orders/%E0%A4%A'));
    expect(res.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/_not-found');
    expect(res.headers.get('content-security-policy')).toContain("'nonce-");
    expect((await proxy(req('/orders/abc%20def'))).headers.get('x-middleware-rewrite')).toBeNull();
  });
});
