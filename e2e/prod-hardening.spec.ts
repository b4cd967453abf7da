/**
 * Small hardening, seen from outside on the production build: frame protection on link
 * prefetches (they skip the proxy), server actions over the limit or undecodable answered
 * 413/400 (not 500), a path whose percent-encoding does not decode shown the 404 page, and a
 * NUL in the orders search.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWNER } from './shop-helpers';

const CART_COOKIE = 'balcao_cart=1x2';

/** The checkout form's server action id, as the page hands it to React (its `$ACTION_n:0` field). */
async function checkoutActionId(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/checkout', { headers: { cookie: CART_COOKIE } })).text();
  const m = /name="\$ACTION_\d+:0" value="([^"]+)"/.exec(html);
  expect(m, 'the checkout form carries its action reference').toBeTruthy();
  const ref = JSON.parse(m![1].replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { id: string };
  return ref.id;
}

test('link prefetches, which skip the proxy, still carry frame protection', async ({ request }) => {
  const prefetches: Record<string, string>[] = [{ 'Next-Router-Prefetch': '1', RSC: '1' }, { Purpose: 'prefetch' }];
  for (const headers of prefetches) {
    const res = await request.get('/cart', { headers });
    expect(res.headers()['x-frame-options']).toBe('DENY');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  }
  // Normal pages keep one X-Frame-Options and the proxy's full CSP.
  const page = await request.get('/cart');
  expect(page.headers()['x-frame-options']).toBe('DENY');
  expect(page.headers()['content-security-policy']).toContain("'nonce-");
});

test('a server action over the body limit is 413, an undecodable one 400 — never 500', async ({ request, baseURL }) => {
  const id = await checkoutActionId(request);
  const headers = { 'Next-Action': id, Origin: baseURL!, cookie: CART_COOKIE, Accept: 'text/x-component' };
  // A page path that only looks like an image file gets the same checks as the real page.
  for (const path of ['/checkout', '/products/nao-existe.png']) {
    const big = await request.post(path, { headers: { ...headers, 'Content-Type': 'text/plain;charset=UTF-8' }, data: JSON.stringify(['x'.repeat(1024 * 1024 + 100)]) });
    expect(big.status(), path).toBe(413);
    const malformed = await request.post(path, { headers: { ...headers, 'Content-Type': 'text/plain;charset=UTF-8' }, data: '{{{ not what React sends' });
    expect(malformed.status(), path).toBe(400);
    const badMultipart = await request.post(path, { headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=----zz' }, data: 'not multipart at all' });
    expect(badMultipart.status(), path).toBe(400);
  }
  // The real form still works (a no-JavaScript post of the same action is not refused by the checks).
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('a path whose percent-encoding does not decode shows the 404 page', async ({ page }) => {
  const res = await page.goto('/orders/%E0%A4%A');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});

test('a NUL in the orders search is no error: the list and the whole CSV come back', async ({ page }) => {
  await page.goto('/login?callbackUrl=%2Fdashboard%2Forders');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Senha').fill(OWNER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  const list = await page.goto('/dashboard/orders?q=%00abc');
  expect(list?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  const csv = await page.request.get('/dashboard/orders/export?q=%00abc');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('\n');
});
