/**
 * Delivery on a phone: a shipped product asks for the address (filled from the CEP service's
 * local stub, or typed when the stub is down), the shipping shows before paying and is on the
 * order, the receipt, the merchant's order page and the CSV; a boleto for the same cart takes
 * "Mesmo endereço da entrega"; a cart with nothing to ship keeps the short Pix form.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF, payWithCode, PORT, sandboxQuery, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';
import { screenshot } from './screenshot';

/** The CEP stub the e2e server started (scripts/e2e-server.mjs): up, down or slow. */
async function cepStub(request: APIRequestContext, mode: 'up' | 'down' | 'slow') {
  const { port } = JSON.parse(fs.readFileSync(path.resolve(`data/e2e-${PORT}/cep-stub.json`), 'utf8')) as { port: number };
  const res = await request.post(`http://127.0.0.1:${port}/__mode`, { data: { mode } });
  expect(res.status()).toBe(204);
}

async function buyer(page: Page, name = 'Rita Moraes') {
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('CPF ou CNPJ').fill(CPF);
  await page.getByLabel('E-mail').fill('rita@exemplo.com.br');
}

function setRequiresShipping(slug: string, ships: boolean) {
  const db = new Database(path.resolve(`data/e2e-${PORT}/app.db`));
  try {
    db.prepare('update products set requires_shipping = ? where slug = ?').run(ships ? 1 : 0, slug);
  } finally {
    db.close();
  }
}

test.describe('delivery', () => {
  test.afterEach(async ({ request }) => {
    await cepStub(request, 'up');
    setRequiresShipping('filtros-de-papel', true);
  });

  test('Pix with the address from the CEP: shipping before paying, on the order, the receipt, the dashboard and the CSV', async ({ page, request, browser }) => {
    await cepStub(request, 'up');
    await addToCart(page, 'caneca-ceramica'); // R$ 59,00
    await page.goto('/checkout');
    await buyer(page);
    await expect(page.getByTestId('frete')).toHaveText('Informe o CEP');

    // Autocomplete tokens the phone's autofill understands, in the Correios' order.
    await expect(page.getByLabel('CEP')).toHaveAttribute('autocomplete', 'shipping postal-code');
    await expect(page.getByLabel('Rua')).toHaveAttribute('autocomplete', 'shipping address-line1');
    await expect(page.getByLabel('Complemento (opcional)')).toHaveAttribute('autocomplete', 'shipping address-line2');
    await expect(page.getByLabel('UF')).toHaveAttribute('autocomplete', 'shipping address-level1');

    await page.getByLabel('CEP').pressSequentially('20040002');
    await expect(page.getByLabel('Rua')).toHaveValue('Rua da Quitanda');
    await expect(page.getByLabel('Bairro')).toHaveValue('Centro');
    await expect(page.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
    await expect(page.getByLabel('UF')).toHaveValue('RJ');
    await expect(page.getByLabel('Número')).toBeFocused();
    // RJ is in the Sudeste: the demo shop's R$ 18,90.
    await expect(page.getByTestId('frete')).toHaveText('R$ 18,90');
    await expect(page.getByTestId('total')).toHaveText('R$ 77,90');
    await page.keyboard.type('25');
    await page.getByLabel('Complemento (opcional)').fill('sala 3');
    await expectNoAxeViolations(page);
    await screenshot(page, { path: test.info().outputPath('checkout-delivery-phone.png'), fullPage: true });

    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(page.url());
    await expect(page.getByTestId('pedido-frete')).toHaveText('R$ 18,90');
    await expect(page.getByTestId('pedido-endereco')).toContainText('Rua da Quitanda, 25 — sala 3');
    await expect(page.getByTestId('pedido-endereco')).toContainText('Centro, Rio de Janeiro/RJ');
    await expect(page.getByText('R$ 77,90').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: test.info().outputPath('order-delivery-phone.png'), fullPage: true });

    const [order] = appQuery<{ id: string; total_cents: number; shipping_cents: number; delivery_zip: string; shipping_method: string }>(
      'select id, total_cents, shipping_cents, delivery_zip, shipping_method from orders where token = ?',
      token,
    );
    expect(order).toMatchObject({ total_cents: 7790, shipping_cents: 1890, delivery_zip: '20040002', shipping_method: 'delivery' });
    const [charge] = sandboxQuery<{ amount_cents: number }>('select amount_cents from payments order by seq desc limit 1');
    expect(charge.amount_cents).toBe(7790);

    const code = await page.getByLabel('Pix copia e cola').inputValue();
    await payWithCode(request, code);
    await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await page.goto(`/orders/${token}/receipt`);
    await expect(page.getByTestId('recibo-frete')).toHaveText('R$ 18,90');
    await expect(page.getByText('Rua da Quitanda, 25 — sala 3')).toBeVisible();
    await expectNoAxeViolations(page);

    // The merchant, at a desk: the order page and the CSV.
    const desk = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
    const merchant = await desk.newPage();
    await signIn(merchant);
    await merchant.goto(`/dashboard/orders/${order.id}`);
    await expect(merchant.getByTestId('delivery-address')).toContainText('Rua da Quitanda, 25 — sala 3');
    await expect(merchant.getByTestId('delivery-address')).toContainText('CEP 20040-002');
    await expect(merchant.getByTestId('shipping-amount')).toHaveText('R$ 18,90');
    await expectNoAxeViolations(merchant);
    await screenshot(merchant, { path: test.info().outputPath('dashboard-order-delivery-desk.png'), fullPage: true });
    await addToCart(merchant, 'caneca-ceramica');
    await merchant.goto('/checkout');
    await merchant.getByLabel('UF').selectOption('RJ');
    await screenshot(merchant, { path: test.info().outputPath('checkout-desk.png'), fullPage: true });
    const csv = await merchant.request.get('/dashboard/orders/export');
    const text = unquotedCsv((await csv.body()).toString('utf8'));
    expect(text).toContain('Frete (R$);Entrega;Endereço de entrega');
    expect(text).toMatch(new RegExp(`${order.id};[^\\r\\n]*;77,90;[^\\r\\n]*;18,90;Entrega;Rua da Quitanda, 25 — sala 3 · Centro, Rio de Janeiro/RJ · CEP 20040-002;;A enviar;;[^\\r\\n]*\\r\\n`));
    await desk.close();
  });

  test('with the CEP service down the shopper types the address, and the checkout goes on', async ({ page, request }) => {
    await cepStub(request, 'down');
    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
    await buyer(page, 'Caio Lopes');
    await page.getByLabel('CEP').pressSequentially('40020000');
    await expect(page.getByText('Não conseguimos buscar o CEP agora. Preencha o endereço.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByLabel('Rua')).toBeEditable();
    await page.getByLabel('Rua').fill('Avenida Estados Unidos');
    await page.getByLabel('Número').fill('50');
    await page.getByLabel('Bairro').fill('Comércio');
    await page.getByLabel('Cidade').fill('Salvador');
    await page.getByLabel('UF').selectOption('BA');
    await expect(page.getByTestId('frete')).toHaveText('R$ 29,90'); // Nordeste
    await expect(page.getByTestId('total')).toHaveText('R$ 88,90');
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(page.getByTestId('pedido-frete')).toHaveText('R$ 29,90');
    await expect(page.getByTestId('pedido-endereco')).toContainText('Avenida Estados Unidos, 50');
  });

  test('shipping is priced from the CEP: a Manaus CEP with UF "SP" shows the Norte rate, and the UF is refused next to it', async ({ page, request }) => {
    // The CEP service is down, so nothing fills the UF: the buyer picks São Paulo (free shipping) by hand.
    await cepStub(request, 'down');
    await addToCart(page, 'caneca-ceramica'); // R$ 59,00
    await page.goto('/checkout');
    await buyer(page, 'Enzo Prado');
    await page.getByLabel('CEP').pressSequentially('69005010');
    await page.getByLabel('Rua').fill('Avenida Eduardo Ribeiro');
    await page.getByLabel('Número').fill('10');
    await page.getByLabel('Bairro').fill('Centro');
    await page.getByLabel('Cidade').fill('Manaus');
    await page.getByLabel('UF').selectOption('SP');
    const mismatch = 'O CEP informado é de Amazonas (AM). Escolha AM na UF ou confira o CEP.';
    // The live preview prices the CEP's state, as the server does, and says why next to the UF.
    await expect(page.getByTestId('frete')).toHaveText('R$ 34,90');
    await expect(page.getByTestId('total')).toHaveText('R$ 93,90');
    await expect(page.locator('#campo-state-erro')).toHaveText(mismatch);
    await expect(page.getByLabel('UF')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // Submitted anyway: refused next to the UF, nothing charged, nothing lost. The error summary
    // is the server's answer (the preview already showed the field's error): wait for it, or the
    // answer's re-render could land after the next choice and put the submitted UF back.
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page.getByText('Confira os campos destacados:')).toBeVisible();
    await expect(page.locator('#campo-state-erro')).toHaveText(mismatch);
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByLabel('Cidade')).toHaveValue('Manaus');
    await expect(page.getByLabel('CEP')).toHaveValue('69005-010');

    await page.getByLabel('UF').selectOption('AM');
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(page.getByTestId('pedido-frete')).toHaveText('R$ 34,90');
    await expect(page.getByTestId('pedido-endereco')).toContainText('Manaus/AM');
  });

  test('a boleto for the same cart uses "Mesmo endereço da entrega"; unticked, it asks for the payer\'s address', async ({ page, request }) => {
    await cepStub(request, 'up');
    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
    await page.getByRole('radio', { name: 'Boleto', exact: true }).check();
    await buyer(page, 'Davi Nunes');
    await page.getByLabel('CEP').pressSequentially('20040002');
    await expect(page.getByLabel('Rua')).toHaveValue('Rua da Quitanda');
    await page.getByLabel('Número').fill('25');
    const same = page.getByRole('checkbox', { name: 'Mesmo endereço da entrega' });
    await expect(same).toBeChecked();

    // Unticked: a second address appears, in its own group; ticked again, it goes away.
    await same.uncheck();
    const billing = page.getByRole('group', { name: 'Endereço de cobrança (boleto)' });
    await expect(billing.getByLabel('CEP')).toBeVisible();
    await expect(billing.getByLabel('CEP')).toHaveAttribute('autocomplete', 'section-billing billing postal-code');
    await expectNoAxeViolations(page);
    await screenshot(page, { path: test.info().outputPath('checkout-boleto-billing-phone.png'), fullPage: true });
    await same.check();
    await expect(billing.getByLabel('CEP')).toHaveCount(0);

    await page.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(page.url());
    const [order] = appQuery<{ id: string; address_zip: string; address_street: string; delivery_zip: string; total_cents: number }>(
      'select id, address_zip, address_street, delivery_zip, total_cents from orders where token = ?',
      token,
    );
    expect(order).toMatchObject({ address_zip: '20040002', address_street: 'Rua da Quitanda', delivery_zip: '20040002', total_cents: 7790 });
    await expect(page.getByTestId('pedido-frete')).toHaveText('R$ 18,90');
  });

  test('pickup at the shop: no address for Pix, the pickup address shown, no shipping', async ({ page }) => {
    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
    await buyer(page, 'Elisa Prado');
    await page.getByRole('radio', { name: 'Retirar na loja' }).check();
    // In the page itself: the footer carries the shop's address too.
    await expect(page.locator('main').getByText('Rua Augusta, 1500 — Consolação, São Paulo/SP')).toBeVisible();
    await expect(page.getByLabel('CEP')).toBeHidden();
    await expect(page.getByTestId('frete')).toHaveText('Retirar na loja (grátis)');
    await expect(page.getByTestId('total')).toHaveText('R$ 59,00');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(page.getByTestId('pedido-frete')).toHaveText('Retirar na loja (grátis)');
    await expect(page.locator('main').getByText('Rua Augusta, 1500').first()).toBeVisible();
    await expect(page.getByText('Horário de retirada: Seg. a sáb., 10h às 19h')).toBeVisible();
  });

  test('a cart of only a product that does not ship keeps the short Pix form', async ({ page }) => {
    // A digital good: the merchant's product form marks it "not physical"; here straight in the database.
    setRequiresShipping('filtros-de-papel', false);
    await addToCart(page, 'filtros-de-papel');
    await page.goto('/checkout');
    await expect(page.getByLabel('Nome completo')).toBeVisible();
    await expect(page.getByLabel('CEP')).toBeHidden();
    await expect(page.getByText('Frete')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await buyer(page, 'Fábio Souto');
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const [order] = appQuery<{ shipping_method: string | null; delivery_zip: string | null; total_cents: number }>(
      'select shipping_method, delivery_zip, total_cents from orders where token = ?',
      tokenFromUrl(page.url()),
    );
    expect(order).toEqual({ shipping_method: null, delivery_zip: null, total_cents: 1250 });
  });

  test('Configurações → Entrega: the merchant changes a rate and the checkout charges it', async ({ page, browser }) => {
    const desk = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
    const merchant = await desk.newPage();
    await signIn(merchant);
    await merchant.goto('/dashboard/settings');
    await merchant.getByRole('link', { name: 'Entrega' }).click();
    await expect(merchant).toHaveURL(/\/dashboard\/settings\/shipping$/);
    // The demo shop has a rate for SP, so the per-state rates start open.
    const ac = merchant.getByLabel('AC · Acre');
    if (!(await ac.isVisible())) await merchant.getByText('Tarifas por estado (opcional)').click();
    // The money mask keeps letters out; a value past the limit is refused next to its field.
    await ac.fill('abc');
    await expect(ac).toHaveValue('');
    const free = merchant.getByLabel('Frete grátis a partir de');
    await free.fill('1000000');
    await expect(free).toHaveValue('1.000.000');
    await merchant.getByRole('button', { name: 'Salvar regras de entrega' }).click();
    await expect(merchant.getByText('Frete grátis a partir de: no máximo R$ 99.999,99.')).toBeVisible();
    await expectNoAxeViolations(merchant);
    await screenshot(merchant, { path: test.info().outputPath('settings-shipping-desk.png'), fullPage: true });
    await free.fill('200,00');
    await ac.fill('9,9');
    await expect(ac).toHaveValue('9,9');
    await merchant.getByRole('button', { name: 'Salvar regras de entrega' }).click();
    await expect(merchant.getByText('Regras de entrega salvas. Valem para os próximos pedidos.')).toBeVisible();
    await desk.close();

    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
    // Acre is in the Norte (R$ 34,90 in the demo shop): its own rate wins.
    await page.getByLabel('UF').selectOption('AC');
    await expect(page.getByTestId('frete')).toHaveText('R$ 9,90');
  });
});
