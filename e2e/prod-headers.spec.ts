/**
 * Production hardening, seen from outside: the security headers of pages, route handlers and
 * build assets (proxy.ts, lib/security/headers.ts, next.config.mjs), and the pages still
 * working under the nonce CSP — Next stamps the nonce on every script, React hydrates, and
 * the browser reports no CSP violation on the home and checkout pages.
 */
import { expect, test, type Page } from '@playwright/test';

type Violation = { directive: string; blocked: string; sample: string };

/** Collects CSP violations (DOM events) and console errors about policies, from the first byte. */
async function watchPolicies(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: Violation[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations),
    policyErrors: () => consoleErrors.filter((t) => /Content Security Policy|Content-Security-Policy|Permissions-Policy|Permissions policy|Refused to/i.test(t)),
  };
}

/** The nonce of the page's CSP; every <script> in the HTML must carry it. */
async function expectNonceOnEveryScript(page: Page, html: string, csp: string) {
  const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
  expect(nonce, 'CSP script-src carries a nonce').toBeTruthy();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, 'every script tag has the nonce').toContain(`nonce="${nonce}"`);
  return nonce!;
}

/** React attaches its fiber to every hydrated DOM node: proof the page's scripts ran. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Array.from(document.querySelectorAll('main, main *')).some((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')))))
    .toBe(true);
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('clipboard-write=(self)');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  // e2e runs over plain http: no HSTS there (browsers ignore it on http anyway).
  expect(headers['strict-transport-security']).toBeUndefined();
}

test('the home page has a nonce CSP, works under it, and reports no violation', async ({ page }) => {
  const watch = await watchPolicies(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expectCommonHeaders(headers);
  await expectNonceOnEveryScript(page, await response!.text(), csp);
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await watch.violations()).toEqual([]);
  expect(watch.policyErrors()).toEqual([]);

  // A fresh nonce on every request.
  const again = await page.request.get('/');
  expect(again.headers()['content-security-policy']).not.toBe(csp);
});

test('the checkout page works under the CSP (cart → checkout form, hydrated, no violation)', async ({ page }) => {
  const watch = await watchPolicies(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click();
  await page.waitForLoadState('networkidle');
  const response = await page.goto('/checkout');
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expectCommonHeaders(headers);
  await expectNonceOnEveryScript(page, await response!.text(), headers['content-security-policy']);
  await expect(page.getByLabel('CPF ou CNPJ')).toBeVisible();
  await expectHydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await watch.violations()).toEqual([]);
  expect(watch.policyErrors()).toEqual([]);
});

test('a 404 page is rendered per request with the nonce too', async ({ page }) => {
  const response = await page.goto('/nao-existe-esta-pagina');
  expect(response?.status()).toBe(404);
  await expectNonceOnEveryScript(page, await response!.text(), response!.headers()['content-security-policy']);
});

test('route handlers answer JSON with nosniff, no-store and a deny-all CSP; the request id is kept', async ({ request }) => {
  const res = await request.get('/api/health', { headers: { 'x-request-id': 'e2e-req-42' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', db: 'ok', payment_api: 'ok' });
  const h = res.headers();
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('clipboard-write=(self)');
  expect(h['cache-control']).toBe('no-store');
  expect(h['content-security-policy']).toContain("default-src 'none'");
  expect(h['x-request-id']).toBe('e2e-req-42');

  const status = await request.get('/api/orders/tok_unknown_0000000000000000/status');
  expect(status.status()).toBe(404);
  expect(status.headers()['x-content-type-options']).toBe('nosniff');
  expect(status.headers()['cache-control']).toContain('no-store');

  // A request id that could forge log lines is replaced.
  const forged = await request.get('/api/health', { headers: { 'x-request-id': 'a b {"level":"fatal"}' } });
  expect(forged.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('build assets are nosniff too', async ({ page, request }) => {
  const response = await page.goto('/');
  const src = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(await response!.text())?.[1];
  expect(src).toBeTruthy();
  const asset = await request.get(src!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
});

test('the dashboard without a session cookie redirects to the login page, keeping the way back', async ({ request }) => {
  const res = await request.get('/dashboard/orders?status=paid', { maxRedirects: 0 });
  expect([302, 303, 307, 308]).toContain(res.status());
  const location = new URL(res.headers()['location'], 'http://x');
  expect(location.pathname).toBe('/login');
  expect(location.searchParams.get('callbackUrl')).toBe('/dashboard/orders?status=paid');
});
