/**
 * The demo login of a public demo (the e2e server is one) is a limited demonstration account:
 * it sees an order's buyer masked, on the page and in the CSV, may refund it with the sandbox's
 * money, and cannot change the catalog, the settings or the links — the forms say so and are
 * disabled, and the server refuses what is posted by hand (demo-account.test.ts for every action).
 */
import { expect, test, type Browser, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, DEMO, fillPix, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';

const BUYER_EMAIL = 'renata.prado@exemplo.com.br';

async function paidPixOrder(browser: Browser, request: APIRequestContext, name: string): Promise<string> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name, email: BUYER_EMAIL });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  await context.close();
  await payWithCode(request, code);
  await request.post('/api/sandbox/sim/webhooks/flush', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: {} });
  return appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id;
}

test('the demo login: buyers masked on the order and in the CSV, a refund works, the shop cannot be changed', async ({ page, browser, request }) => {
  const orderId = await paidPixOrder(browser, request, 'Renata Prado Nogueira');
  await signIn(page, '/dashboard', DEMO);
  await expect(page.getByTestId('demo-banner')).toContainText('Conta de demonstração');
  await expect(page.getByTestId('demo-badge')).toHaveText('Conta de demonstração');
  await expectNoAxeViolations(page);

  // The order: the CPF as /sandbox masks it, first name and initials, city/UF and no street.
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  await expect(page.getByText('529.***.***-25', { exact: true })).toBeVisible();
  await expect(page.getByText('Renata P. N.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('delivery-address')).toContainText('São Paulo/SP');
  const html = await page.content();
  for (const secret of ['529.982.247-25', '52998224725', 'Avenida Paulista', BUYER_EMAIL, 'Renata Prado']) expect(html).not.toContain(secret);
  await expectNoAxeViolations(page);

  // The CSV: masked too.
  const csv = await page.request.get('/dashboard/orders/export');
  expect(csv.status()).toBe(200);
  const text = unquotedCsv(await csv.text());
  expect(text).toContain(`${orderId};`);
  expect(text).toContain('529.***.***-25');
  for (const secret of ['529.982.247-25', '52998224725', 'Avenida Paulista', BUYER_EMAIL, 'Renata Prado']) expect(text).not.toContain(secret);

  // The carrier sandbox's label list names no one to it: refused (buyers:read only).
  expect((await page.request.get('/api/sandbox/melhorenvio/sim/labels')).status()).toBe(403);

  // It may act on orders: a whole refund with the sandbox's money.
  await page.getByText('Mais ações', { exact: true }).click();
  await page.getByLabel('Motivo').selectOption({ label: 'Solicitado pelo cliente' });
  await page.getByLabel('Descrição').fill('Teste da demonstração');
  await page.getByRole('button', { name: 'Reembolsar' }).click();
  await page.getByRole('dialog', { name: 'Confirmar reembolso' }).getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Reembolsado', { timeout: 20_000 });

  // It cannot change a product or its photos: the form says why and is disabled; the upload route refuses.
  const [{ id: productId }] = appQuery<{ id: number }>('select id from products where slug = ?', 'caneca-ceramica');
  await page.goto(`/dashboard/produtos/${productId}`);
  await expect(page.getByTestId('permission-note')).toHaveText('Conta de demonstração: não pode alterar produtos nem fotos.');
  await expect(page.getByRole('button', { name: 'Salvar produto' })).toBeDisabled();
  await expect(page.getByLabel('Nome', { exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);
  const origin = new URL(page.url()).origin;
  const photo = await page.request.post(`/api/dashboard/products/${productId}/photos`, {
    headers: { origin, 'content-type': 'image/jpeg' },
    data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  });
  expect(photo.status()).toBe(403);

  // Nor the settings, nor a link.
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('permission-note').first()).toHaveText('Conta de demonstração: não pode alterar as configurações de pagamento.');
  await expect(page.getByRole('button', { name: 'Salvar configurações' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/links/novo');
  await expect(page.getByTestId('permission-note')).toHaveText('Conta de demonstração: não pode criar nem desativar links.');
  await expect(page.getByRole('button', { name: 'Criar link' })).toBeDisabled();
  await expectNoAxeViolations(page);

  // The mail catcher shows the recipient masked.
  await page.goto('/sandbox/emails');
  await expect(page.getByText('Para r***@e***.br').first()).toBeVisible();
  expect(await page.content()).not.toContain(BUYER_EMAIL);
  await expectNoAxeViolations(page);
});
