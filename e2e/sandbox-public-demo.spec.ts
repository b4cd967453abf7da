/**
 * The e2e server is a public demo (a production build with the sandbox on): what a visitor can
 * and cannot do with the sandbox, seen from the browser and over HTTP.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF_DIGITS, DEMO, fillBoleto, fillPix, SANDBOX_KEY, tokenFromUrl } from './shop-helpers';
import { screenshot } from './screenshot';

const WELL_KNOWN = { 'X-API-KEY': 'sk_sandbox_dev', 'Content-Type': 'application/json', 'User-Agent': 'balcao-e2e' };

async function pixOrder(page: Page): Promise<string> {
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  return tokenFromUrl(page.url());
}

function chargeIdOf(token: string): string {
  const [row] = appQuery<{ provider_id: string }>('select p.provider_id from payments p join orders o on o.id = p.order_id where o.token = ?', token);
  return row.provider_id;
}

async function otherVisitorsOrder(browser: Browser): Promise<string> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const token = await pixOrder(await context.newPage());
  await context.close();
  return token;
}

test('the well-known sandbox key is refused: no webhook log, no charges, no faults, no clock', async ({ request }) => {
  expect((await request.get('/api/sandbox/sim/webhooks', { headers: WELL_KNOWN })).status()).toBe(401);
  expect((await request.put('/api/sandbox/sim/faults', { headers: WELL_KNOWN, data: { error_rate: 1 } })).status()).toBe(401);
  expect((await request.post('/api/sandbox/sim/clock', { headers: WELL_KNOWN, data: { advance_seconds: 86400 } })).status()).toBe(401);
  expect((await request.get('/api/sandbox/v1/customers/balance', { headers: WELL_KNOWN })).status()).toBe(401);
  expect((await request.put('/api/sandbox/sim/faults', { headers: { 'Content-Type': 'application/json' }, data: { error_rate: 1 } })).status()).toBe(401);
  // The faults in force are still none (nothing above changed them).
  const faults = await request.get('/api/sandbox/sim/faults', { headers: { ...WELL_KNOWN, 'X-API-KEY': SANDBOX_KEY } });
  expect(await faults.json()).toMatchObject({ error_rate: 0 });
});

test('a visitor sees no one else’s payments on /sandbox and pays their own order from its page', async ({ page, browser }) => {
  const theirs = await otherVisitorsOrder(browser);
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: 'Simulador de pagamentos' })).toBeVisible();
  await expect(page.getByText('são só para o lojista')).toBeVisible();
  await expect(page.getByText(chargeIdOf(theirs))).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: 'test-results/screenshots/sandbox-visitor.png', fullPage: true });

  const mine = await pixOrder(page);
  await page.getByRole('link', { name: 'Simular pagamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/sandbox/pedidos/${mine}$`));
  await expect(page.getByRole('heading', { name: 'Simular pagamento' })).toBeVisible();
  // The QR code activates a second after creation: reload until "Pagar" is offered.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, { path: 'test-results/screenshots/sandbox-order.png', fullPage: true });

  // Pointing the form at another visitor's charge is refused, and that charge stays unpaid.
  await page.locator('form input[name="id"]').first().evaluate((el: HTMLInputElement, id) => (el.value = id), chargeIdOf(theirs));
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'não é do pedido aberto' })).toBeVisible();
  expect(appQuery<{ status: string }>('select status from orders where token = ?', theirs)[0].status).toBe('pending');

  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pagamento confirmado.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Voltar ao pedido' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  expect(appQuery<{ status: string }>('select status from orders where token = ?', theirs)[0].status).toBe('pending');
});

test('a signed-in merchant sees every payment on /sandbox', async ({ page, browser }) => {
  const theirs = await otherVisitorsOrder(browser);
  await page.goto('/login?callbackUrl=%2Fdashboard');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Senha').fill(DEMO.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/sandbox');
  await expect(page.getByText(chargeIdOf(theirs))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Relógio do sandbox' })).toBeVisible();
});

test('the boleto page shows the payer masked: no full CPF, no street', async ({ page }) => {
  await addToCart(page, 'prensa-francesa');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 20_000 });
  await page.goto(`/sandbox/invoice/boleto/${chargeIdOf(token)}`);
  await expect(page.getByText('Linha digitável')).toBeVisible();
  await expect(page.getByText('529.***.***-25')).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(CPF_DIGITS);
  expect(html).not.toContain('Avenida Paulista');
  expect(html).not.toContain('Bruno Lima');
});

test('the carrier sandbox: its API only with a secret key, and no label file over HTTP (it names the buyer)', async ({ request }) => {
  const ME = '/api/sandbox/melhorenvio/api/v2/me';
  const cart = { service: 1, from: { postal_code: '01304001' }, to: { postal_code: '20040002', name: 'Renata Anônima', address: 'Rua Privada', number: '7' }, volumes: [{ width: 20, height: 4, length: 30, weight: 0.3 }] };
  for (const token of [null, 'qualquer-coisa', 'sk_sandbox_dev']) {
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    expect((await request.post(`${ME}/cart`, { headers, data: cart })).status()).toBe(401);
    expect((await request.get(ME, { headers })).status()).toBe(401);
  }
  const secret = { Authorization: `Bearer ${SANDBOX_KEY}` };
  // Caps: an oversized field is refused before anything is kept.
  expect((await request.post(`${ME}/cart`, { headers: secret, data: { ...cart, to: { ...cart.to, name: 'x'.repeat(300) } } })).status()).toBe(422);
  const created = await request.post(`${ME}/cart`, { headers: secret, data: cart });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`${ME}/shipment/checkout`, { headers: secret, data: { orders: [id] } })).status()).toBe(200);
  expect((await request.post(`${ME}/shipment/generate`, { headers: secret, data: { orders: [id] } })).status()).toBe(200);
  const { url } = (await (await request.post(`${ME}/shipment/print`, { headers: secret, data: { orders: [id] } })).json()) as { url: string };
  for (const headers of [undefined, secret]) {
    const pdf = await request.get(new URL(url).pathname, { headers });
    expect(pdf.status()).toBe(404);
    expect(await pdf.text()).not.toContain('Renata');
  }
  // The simulator's label list: not for a visitor.
  expect((await request.get('/api/sandbox/melhorenvio/sim/labels')).status()).toBe(403);
});
