import { describe, expect, it } from 'vitest';
import {
  acceptableRequestId,
  buildSecurityHeaders,
  hasSessionCookie,
  isHttpsRequest,
  newNonce,
  PERMISSIONS_POLICY,
} from './headers';

/** Directive name → its sources. */
function parseCsp(value: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of value.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    out[name] = sources;
  }
  return out;
}

describe('buildSecurityHeaders for pages', () => {
  const prod = buildSecurityHeaders({ nonce: 'abc123==', isProduction: true, https: true, pathname: '/checkout' });
  const csp = parseCsp(prod['Content-Security-Policy']);

  it('allows scripts only by nonce (strict-dynamic), no eval in production', () => {
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(prod['Content-Security-Policy']).not.toContain('unsafe-eval');
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('locks down everything else', () => {
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // React style attributes need 'unsafe-inline'; a nonce in style-src would disable it.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect('upgrade-insecure-requests' in csp).toBe(true);
  });

  it('sends HSTS, nosniff, referrer, frame and permissions policies', () => {
    expect(prod['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
    expect(prod['X-Content-Type-Options']).toBe('nosniff');
    expect(prod['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(prod['X-Frame-Options']).toBe('DENY');
    expect(prod['Permissions-Policy']).toBe(PERMISSIONS_POLICY);
    expect(prod['Permissions-Policy']).toContain('clipboard-write=(self)');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(prod['Permissions-Policy']).toContain(`${feature}=()`);
    expect(prod['Cache-Control']).toBeUndefined(); // pages keep Next's own caching headers
  });

  it('allows eval in development (React needs it) and never HSTS or upgrades outside production https', () => {
    const dev = buildSecurityHeaders({ nonce: 'n', isProduction: false, https: false });
    expect(parseCsp(dev['Content-Security-Policy'])['script-src']).toContain("'unsafe-eval'");
    expect(dev['Strict-Transport-Security']).toBeUndefined();
    expect(dev['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    const prodHttp = buildSecurityHeaders({ nonce: 'n', isProduction: true, https: false });
    expect(prodHttp['Strict-Transport-Security']).toBeUndefined();
    expect(prodHttp['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    const devHttps = buildSecurityHeaders({ nonce: 'n', isProduction: false, https: true });
    expect(devHttps['Strict-Transport-Security']).toBeUndefined();
  });

  it('lets only the sandbox invoice pages be framed, and only by this site', () => {
    const invoice = buildSecurityHeaders({ nonce: 'n', isProduction: true, https: true, pathname: '/sandbox/invoice/boleto/pdf/123' });
    expect(invoice['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(parseCsp(invoice['Content-Security-Policy'])['frame-ancestors']).toEqual(["'self'"]);
    const simulator = buildSecurityHeaders({ nonce: 'n', isProduction: true, https: true, pathname: '/sandbox' });
    expect(simulator['X-Frame-Options']).toBe('DENY');
    const lookalike = buildSecurityHeaders({ nonce: 'n', isProduction: true, https: true, pathname: '/sandbox/invoices-x' });
    expect(lookalike['X-Frame-Options']).toBe('DENY');
  });

  it('lets a caught e-mail\'s HTML and attachments be framed by this site (the mail catcher), not its list or page', () => {
    for (const pathname of ['/sandbox/emails/12/html', '/sandbox/emails/12/attachments/0']) {
      const h = buildSecurityHeaders({ nonce: 'n', isProduction: true, https: true, pathname });
      expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
      expect(parseCsp(h['Content-Security-Policy'])['frame-ancestors']).toEqual(["'self'"]);
    }
    for (const pathname of ['/sandbox/emails', '/sandbox/emails/12', '/sandbox/emails/12/html/x']) {
      expect(buildSecurityHeaders({ nonce: 'n', isProduction: true, https: true, pathname })['X-Frame-Options']).toBe('DENY');
    }
  });

  it('refuses to build a page CSP without a nonce', () => {
    expect(() => buildSecurityHeaders({ isProduction: true, https: true })).toThrow(/nonce/);
  });
});

describe('buildSecurityHeaders for route handlers', () => {
  it('answers no-store, nosniff and a CSP that renders nothing', () => {
    const api = buildSecurityHeaders({ kind: 'api', isProduction: true, https: true, pathname: '/api/orders/x/status' });
    expect(api['Cache-Control']).toBe('no-store');
    expect(api['X-Content-Type-Options']).toBe('nosniff');
    expect(api['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(api['Permissions-Policy']).toBe(PERMISSIONS_POLICY);
    expect(parseCsp(api['Content-Security-Policy'])['default-src']).toEqual(["'none'"]);
    expect(api['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });

  it("leaves next-auth's own HTML pages without the deny-all CSP", () => {
    const auth = buildSecurityHeaders({ kind: 'api', isProduction: true, https: true, pathname: '/api/auth/signout' });
    expect(auth['Content-Security-Policy']).toBeUndefined();
    expect(auth['X-Frame-Options']).toBe('DENY');
  });

  it("leaves the Bling sandbox's consent page its own policy (a form), and only that page", () => {
    expect(buildSecurityHeaders({ kind: 'api', isProduction: true, https: true, pathname: '/api/sandbox/bling/Api/v3/oauth/authorize' })['Content-Security-Policy']).toBeUndefined();
    expect(buildSecurityHeaders({ kind: 'api', isProduction: true, https: true, pathname: '/api/sandbox/bling/Api/v3/nfe' })['Content-Security-Policy']).toContain("form-action 'none'");
  });
});

describe('helpers', () => {
  it('makes a fresh base64 nonce of 128 bits each time, in the alphabet Next.js accepts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const n = newNonce();
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(n);
    }
    expect(seen.size).toBe(200);
  });

  it('accepts only plain request ids', () => {
    expect(acceptableRequestId('3f1c-abc_1.2:x')).toBe(true);
    expect(acceptableRequestId('')).toBe(false);
    expect(acceptableRequestId(null)).toBe(false);
    expect(acceptableRequestId('a b')).toBe(false);
    expect(acceptableRequestId('x'.repeat(129))).toBe(false);
  });

  it('tells https from the URL or the first X-Forwarded-Proto', () => {
    expect(isHttpsRequest('https://loja.example/', new Headers())).toBe(true);
    expect(isHttpsRequest('http://127.0.0.1:3000/', new Headers({ 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isHttpsRequest('http://127.0.0.1:3000/', new Headers({ 'x-forwarded-proto': 'http, https' }))).toBe(false);
    expect(isHttpsRequest('http://127.0.0.1:3000/', new Headers())).toBe(false);
  });

  it('recognises next-auth session cookies, plain, secure and chunked', () => {
    expect(hasSessionCookie(['next-auth.session-token'])).toBe(true);
    expect(hasSessionCookie(['__Secure-next-auth.session-token'])).toBe(true);
    expect(hasSessionCookie(['__Secure-next-auth.session-token.0'])).toBe(true);
    expect(hasSessionCookie(['next-auth.csrf-token', 'next-auth.callback-url'])).toBe(false);
    expect(hasSessionCookie(['next-auth.session-tokenx'])).toBe(false);
    expect(hasSessionCookie([])).toBe(false);
  });
});
