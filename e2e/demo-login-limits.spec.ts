/**
 * What the demo login of a public demo may not see or do, and the terms an API session keeps,
 * through the browser and the API of a production build with the sandbox on (the e2e server):
 * - the boleto's PDF prints the payer whole only for the shopper (the order's token in the
 *   link) or a merchant with `buyers:read`; the demo login gets no PDF link and a masked PDF;
 * - the demo login's orders search takes only an order number (a name or CPF is no oracle);
 * - Integrações is not shown to the demo login;
 * - the demo login ships with a known carrier only, without a link of its own;
 * - an API session's terms hold on the order page: a boleto-only session offers no
 *   "Pagar com Pix agora", and one that allows Pix switches at the store's price.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { pdfPagesText } from '../test/fulfilment/pdf-text';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF, DEMO, fillBoleto, fillPix, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl } from './shop-helpers';

function chargeIdOf(token: string): string {
  const [row] = appQuery<{ provider_id: string }>('select p.provider_id from payments p join orders o on o.id = p.order_id where o.token = ? and p.superseded_at is null', token);
  return row.provider_id;
}

async function pdfTextOf(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return (await pdfPagesText(new Uint8Array(await res.body()))).join('\n');
}

/** A shopper's boleto order (Bruno Lima, Avenida Paulista), its line shown; its token. */
async function boletoOrder(page: Page): Promise<string> {
  await addToCart(page, 'prensa-francesa');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 20_000 });
  return tokenFromUrl(page.url());
}

test("the boleto's payer is whole for the shopper's own link only; the demo login gets no PDF link and a masked PDF", async ({ page, browser }) => {
  const token = await boletoOrder(page);
  const charge = chargeIdOf(token);

  // The shopper's own page links the PDF with the order's token: the payer whole.
  const link = page.getByRole('link', { name: 'Baixar PDF' });
  await expect(link).toHaveAttribute('href', new RegExp(`/sandbox/invoice/boleto/pdf/${charge}\\?pedido=${token}$`));
  const own = await pdfTextOf(page.request, (await link.getAttribute('href'))!);
  expect(own).toContain('Bruno Lima');
  await expectNoAxeViolations(page);

  // The charge id alone (it is no secret) prints the payer masked.
  const bare = await pdfTextOf(page.request, `/sandbox/invoice/boleto/pdf/${charge}`);
  expect(bare).toContain('Bruno L.');
  for (const secret of ['Bruno Lima', 'Avenida Paulista', CPF]) expect(bare).not.toContain(secret);

  // The demo login: no PDF link on the order page nor in the simulator, and the PDF masked.
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const demo = await context.newPage();
  try {
    const [{ id: orderId }] = appQuery<{ id: string }>('select id from orders where token = ?', token);
    await signIn(demo, `/dashboard/orders/${orderId}`, DEMO);
    await expect(demo.getByTestId('digitable-line')).toBeVisible();
    await expect(demo.getByRole('link', { name: 'Abrir o PDF do boleto' })).toHaveCount(0);
    await expectNoAxeViolations(demo);
    await demo.goto('/sandbox');
    const card = demo.getByRole('listitem', { name: `Boleto ${charge}` });
    await expect(card.getByRole('link', { name: 'Ver boleto' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Baixar PDF' })).toHaveCount(0);
    const asDemo = await pdfTextOf(demo.request, `/sandbox/invoice/boleto/pdf/${charge}`);
    expect(asDemo).not.toContain('Bruno Lima');
    expect(asDemo).not.toContain('Avenida Paulista');
  } finally {
    await context.close();
  }

  // The owner (buyers:read) reads it whole, and gets the link.
  await signIn(page, '/dashboard');
  await page.goto('/sandbox');
  await expect(page.getByRole('listitem', { name: `Boleto ${charge}` }).getByRole('link', { name: 'Baixar PDF' })).toBeVisible();
  expect(await pdfTextOf(page.request, `/sandbox/invoice/boleto/pdf/${charge}`)).toContain('Bruno Lima');
});

test('the demo login searches by order number only, and sees no Integrações', async ({ page, browser }) => {
  const shopper = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const token = await boletoOrder(await shopper.newPage());
  await shopper.close();
  const [{ number }] = appQuery<{ number: number }>('select number from orders where token = ?', token);

  await signIn(page, '/dashboard/orders', DEMO);
  await page.locator('summary', { hasText: 'Filtrar' }).click(); // on a phone the form folds behind "Filtrar"
  const search = page.getByRole('search', { name: 'Filtrar pedidos' });
  await expect(search.getByText('Número do pedido (#…).')).toBeVisible();

  // A name is dropped, with the reason: which orders it matches would tell the buyer's name.
  await search.getByLabel('Buscar').fill('Bruno');
  await search.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a busca aceita só o número do pedido' })).toHaveText(
    'Conta de demonstração: a busca aceita só o número do pedido (como #1001).',
  );
  await expect(page).toHaveURL(/q=Bruno/);
  await expectNoAxeViolations(page);

  // The order number finds the order.
  await search.getByLabel('Buscar').fill(`#${number}`);
  await search.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText(`#${number}`).first()).toBeVisible();
  await expect(page.getByText('a busca aceita só o número do pedido')).toHaveCount(0);

  // The CSV's filter holds the same rule.
  const byName = await page.request.get('/dashboard/orders/export?q=Bruno');
  expect(byName.status()).toBe(400);
  const byCpf = await page.request.get(`/dashboard/orders/export?q=${CPF.slice(0, 7)}`);
  expect(byCpf.status()).toBe(400);

  // Integrações: no tab, and the page says why without listing keys or endpoints.
  await page.goto('/dashboard/settings/atividade');
  const tabs = page.getByRole('navigation', { name: 'Configurações' });
  await expect(tabs.getByRole('link', { name: 'Atividade' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Integrações' })).toHaveCount(0);
  await page.goto('/dashboard/settings/integracoes');
  await expect(page.getByTestId('permission-note')).toHaveText('Conta de demonstração: não pode gerenciar integrações.');
  await expect(page.getByRole('heading', { name: 'Chaves de API' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

async function paidPixOrder(browser: Browser, request: APIRequestContext): Promise<string> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Renata Prado Nogueira', email: 'renata.prado@exemplo.com.br' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  await context.close();
  await payWithCode(request, code);
  await request.post('/api/sandbox/sim/webhooks/flush', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: {} });
  return appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id;
}

test('the demo login ships with a known carrier, with no tracking link of its own', async ({ page, browser, request }) => {
  const orderId = await paidPixOrder(browser, request);
  await signIn(page, `/dashboard/orders/${orderId}`, DEMO);
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const form = page.getByRole('region', { name: 'Marcar como enviado' });
  // A list of carriers, no free text and no link field; the reason is said.
  await expect(form.getByRole('combobox', { name: 'Transportadora' })).toBeVisible();
  await expect(form.getByLabel('Link de rastreio (outras transportadoras)')).toHaveCount(0);
  await expect(form.getByTestId('tracking-link-note')).toHaveText('Conta de demonstração: escolha uma das transportadoras da lista; link de rastreio próprio não é permitido.');
  await expectNoAxeViolations(page);

  await form.getByRole('combobox', { name: 'Transportadora' }).selectOption('Jadlog');
  await form.getByLabel('Código de rastreio').fill('JD0001');
  await form.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Enviado', { timeout: 20_000 });
  const [row] = appQuery<{ carrier: string; url: string | null }>('select fulfillment_carrier as carrier, tracking_url as url from orders where id = ?', orderId);
  // No link of the demo's own: only the tracking page the shop knows for that carrier.
  expect(row).toEqual({ carrier: 'Jadlog', url: 'https://www.melhorrastreio.com.br/rastreio/JD0001' });
});

test("an API session's methods and price hold on the order page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The owner makes a key in Integrações.
  await signIn(page, '/dashboard/settings/integracoes');
  await page.getByLabel('Nome').fill(`Loja de fora ${Date.now()}`);
  await page.getByRole('button', { name: 'Criar chave de API' }).click();
  const key = await page.getByTestId('api-key-secret').inputValue();
  expect(key).toMatch(/^bk_test_/);

  async function sessionOrder(methods: ('pix' | 'boleto')[]): Promise<Page> {
    const created = await page.request.post('/api/v1/checkout/sessions', {
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      data: { items: [{ name: 'Mentoria', amount: 10000, quantity: 1 }], methods, success_url: 'http://127.0.0.1:9/obrigado' },
    });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const buyer = await context.newPage();
    await buyer.goto(url);
    await expect(buyer.getByTestId('session-amount')).toHaveText('R$ 100,00');
    const boleto = buyer.getByRole('radio', { name: 'Boleto', exact: true });
    if (await boleto.isVisible()) await boleto.check();
    await buyer.getByLabel('Nome completo').fill('Bruno Lima');
    await buyer.getByLabel('CPF ou CNPJ').fill(CPF);
    await buyer.getByLabel('E-mail').fill('bruno@exemplo.com.br');
    if (await buyer.getByLabel('CEP').isVisible()) {
      await buyer.getByLabel('CEP').fill('01310100');
      await buyer.getByLabel('Rua').fill('Avenida Paulista');
      await buyer.getByLabel('Número').fill('1000');
      await buyer.getByLabel('Bairro').fill('Bela Vista');
      await buyer.getByLabel('Cidade').fill('São Paulo');
      await buyer.getByLabel('UF').selectOption('SP');
    }
    await buyer.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(buyer.getByLabel('Linha digitável')).toBeVisible({ timeout: 20_000 });
    return buyer;
  }

  // Boleto only: the order page does not offer the switch.
  const boletoOnly = await sessionOrder(['boleto']);
  await expect(boletoOnly.getByRole('button', { name: 'Pagar com Pix agora' })).toHaveCount(0);
  await expectNoAxeViolations(boletoOnly);
  await boletoOnly.context().close();

  // Pix allowed: the switch keeps the store's price.
  const both = await sessionOrder(['pix', 'boleto']);
  await expect(both.getByText(/O Pix confirma na hora\.$/)).toBeVisible();
  await both.getByRole('button', { name: 'Pagar com Pix agora' }).click();
  await expect(both.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible({ timeout: 20_000 });
  const [order] = appQuery<{ method: string; total_cents: number; pix_discount_cents: number }>(
    'select method, total_cents, pix_discount_cents from orders where token = ?',
    tokenFromUrl(both.url()),
  );
  expect(order).toEqual({ method: 'pix', total_cents: 10000, pix_discount_cents: 0 });
  await both.context().close();
});
