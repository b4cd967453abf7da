import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from './proxy';

const req = (path: string, init: { headers?: Record<string, string>; cookie?: string } = {}) =>
  new NextRequest(`http://localhost:3000${path}`, { headers: { ...init.headers, ...(init.cookie ? { cookie: init.cookie } : {}) } });

/** What the proxy passes on to the page or route as request headers. */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe('proxy: pages', () => {
  it('puts one fresh nonce in the CSP response header, the CSP request header (read by Next) and x-nonce', () => {
    const res = proxy(req('/checkout'));
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(forwarded(res, 'x-nonce')).toBe(nonce);
    expect(forwarded(res, 'content-security-policy')).toBe(csp);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const other = proxy(req('/checkout')).headers.get('content-security-policy');
    expect(other).not.toBe(csp);
  });

  it('passes the request id on (kept when plain, made up otherwise) and echoes it; passes the path', () => {
    const kept = proxy(req('/cart?x=1', { headers: { 'x-request-id': 'abc-123' } }));
    expect(forwarded(kept, 'x-request-id')).toBe('abc-123');
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    expect(forwarded(kept, 'x-request-path')).toBe('/cart?x=1');
    const made = proxy(req('/cart', { headers: { 'x-request-id': 'bad id with spaces' } }));
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS and upgrades only in production over https', () => {
    const viaProxy = proxy(req('/', { headers: { 'x-forwarded-proto': 'https' } }));
    // vitest runs with NODE_ENV=test: never HSTS outside production.
    expect(viaProxy.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('proxy: route handlers', () => {
  it('answers JSON routes with no-store, nosniff and a deny-all CSP, and no nonce', () => {
    const res = proxy(req('/api/orders/x/status'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(forwarded(res, 'x-nonce')).toBeNull();
    expect(forwarded(res, 'x-request-id')).toBeTruthy();
  });
});

describe('proxy: dashboard', () => {
  it('redirects to /login with the way back when there is no session cookie', () => {
    const res = proxy(req('/dashboard/orders?status=paid'));
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('callbackUrl')).toBe('/dashboard/orders?status=paid');
    expect(proxy(req('/dashboard')).status).toBe(307);
  });

  it('lets a request with a session cookie through to the real (server-side) check', () => {
    for (const cookie of ['next-auth.session-token=x', '__Secure-next-auth.session-token=y', '__Secure-next-auth.session-token.0=z']) {
      const res = proxy(req('/dashboard/settings', { cookie }));
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("'nonce-");
    }
  });

  it('does not touch look-alike paths', () => {
    expect(proxy(req('/dashboards')).headers.get('location')).toBeNull();
    expect(proxy(req('/api/dashboard')).headers.get('location')).toBeNull();
  });
});

describe('proxy: matcher', () => {
  const source = (config.matcher[0] as { source: string }).source;
  const matches = (path: string) => new RegExp(`^${source}$`).test(path);

  it('skips build assets, icons and public images, and matches pages and routes', () => {
    for (const p of ['/_next/static/chunks/a.js', '/_next/image', '/favicon.ico', '/icon.svg', '/products/cafe.webp', '/images/x.png', '/robots.txt']) {
      expect(matches(p), p).toBe(false);
    }
    for (const p of ['/', '/checkout', '/dashboard/orders', '/api/health', '/api/webhooks/payments/abc', '/sandbox/invoice/boleto/pdf/1', '/products/cafe-especial']) {
      expect(matches(p), p).toBe(true);
    }
  });
});
