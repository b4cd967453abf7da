/**
 * Fulfilment, end to end: after "Pago" the order is sent (or picked up) and everyone is told.
 * - a shopper pays a Pix; the order appears under "A enviar"; the merchant marks it sent with
 *   a Correios code (a wrong check digit is refused first, next to its field); the shopper's
 *   open page shows the code and "Acompanhar entrega" without a reload; the "enviado" e-mail
 *   and the merchant's "Nova venda" are in the mail catcher;
 * - the pickup path: "Pronto para retirada" then "Marcar como retirado", followed live by the shopper;
 * - a paid boleto paid back outside the app: "Registrar reembolso manual".
 * axe runs on every page visited.
 */
import { expect, test, type Page } from '@playwright/test';
import { orderLabel } from '../lib/orders/format';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillBoleto, fillPix, payWithCode, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';

const ALERTS_TO = 'alertas@cafe-e2e.com.br';
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };

async function waitForMail(page: Page, subject: RegExp) {
  await expect(async () => {
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** The shopper places a Pix order of one unit of `slug` and pays it; returns the order's token. */
async function buyAndPay(shopper: Page, request: Parameters<typeof payWithCode>[0], slug: string, pickup = false): Promise<string> {
  await addToCart(shopper, slug);
  await shopper.goto('/checkout');
  if (pickup) {
    await shopper.getByRole('radio', { name: 'Pix', exact: true }).check();
    await shopper.getByLabel('Nome completo').fill('Rita Campos');
    await shopper.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
    await shopper.getByLabel('E-mail').fill('rita@exemplo.com.br');
    await shopper.getByRole('radio', { name: 'Retirar na loja' }).check();
  } else {
    await fillPix(shopper, { name: 'Paula Reis', email: 'paula@exemplo.com.br' });
  }
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  return token;
}

const orderIdOf = (token: string) => appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id;
/** "#1001": how the dashboard, the e-mails and the mail catcher name the order. */
const labelOf = (orderId: string) => orderLabel(appQuery<{ id: string; number: number | null }>('select id, number from orders where id = ?', orderId)[0]);

test('a paid order is sent with a Correios code: "A enviar", the shopper follows it live, the e-mails go out', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  // The merchant says where the shop's alerts go (Configurações → E-mails e avisos).
  await signIn(page);
  await page.goto('/dashboard/settings/emails');
  const alerts = page.getByLabel('E-mails para alertas (opcional)');
  await alerts.fill('dono@, vendas@loja');
  await page.getByRole('button', { name: 'Salvar e-mails' }).click();
  await expect(page.getByText('"dono@" não é um e-mail válido. Separe os e-mails com vírgula.')).toBeVisible();
  await expect(alerts).toHaveValue('dono@, vendas@loja');
  await expectNoAxeViolations(page);
  await alerts.fill(ALERTS_TO);
  await page.getByRole('button', { name: 'Salvar e-mails' }).click();
  await expect(page.getByText('Configurações de e-mail salvas.')).toBeVisible();

  // 1. A shopper pays (sandbox).
  const shopper = await context.newPage();
  const token = await buyAndPay(shopper, request, 'cafe-especial-250g');
  const orderId = orderIdOf(token);
  const short = labelOf(orderId).replace('#', '\\#');
  await expect(shopper.getByTestId('fulfilment')).toContainText('Em preparação');
  await expectNoAxeViolations(shopper);

  // 2. The order is under "A enviar", and counted on the overview.
  await page.goto('/dashboard');
  await expect(page.getByTestId('to-ship-count')).toHaveText(/^A enviar: [1-9]\d*$/);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: /A enviar:/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?view=a-enviar$/);
  await expect(page.getByRole('link', { name: 'A enviar' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('link', { name: new RegExp(`Pedido ${short}`) });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByTestId('fulfilment-status')).toHaveText('A enviar');

  // 3. The merchant marks it sent: a wrong check digit first, then the right code.
  await expect(page.getByLabel('Transportadora', { exact: true })).toHaveValue('Correios');
  await page.getByLabel('Código de rastreio', { exact: true }).fill('ab123456784br');
  await page.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByText('Código inválido: o dígito verificador não confere.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Código de rastreio', { exact: true })).toHaveValue('ab123456784br');
  await expect(page.getByLabel('Código de rastreio', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Código de rastreio', { exact: true }).fill('AB 123456785 BR');
  await page.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(page.getByText('Pedido marcado como enviado.')).toBeVisible();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Enviado');
  await expect(page.getByTestId('tracking-code')).toHaveText('AB123456785BR');
  await expect(page.getByText('Enviado', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // 4. The shopper's page, never reloaded, shows the code and the link.
  await expect(shopper.getByTestId('tracking-code')).toHaveText('AB123456785BR', { timeout: 20_000 });
  await expect(shopper.getByRole('link', { name: 'Acompanhar entrega' })).toHaveAttribute(
    'href',
    'https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR',
  );
  await expect(shopper.getByRole('button', { name: 'Copiar' }).last()).toBeVisible();
  await expect(shopper.getByTestId('fulfilment')).toContainText('Enviado');
  await expectNoAxeViolations(shopper);
  const status = await (await request.get(`/api/orders/${token}/status`)).json();
  expect(status.fulfillment).toEqual({
    status: 'shipped',
    carrier: 'Correios',
    tracking_code: 'AB123456785BR',
    tracking_url: 'https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR',
  });

  // 5. The "enviado" e-mail reached the shopper and "Nova venda" the merchant's address.
  const ref = labelOf(orderId).replace('#', '\\#');
  await waitForMail(page, new RegExp(`Seu pedido foi enviado: pedido ${ref}`));
  await waitForMail(page, new RegExp(`Nova venda: ${ref} · R\\$`));
  const sale = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(`Nova venda: ${ref}`) }) });
  await expect(sale).toContainText(`Para ${ALERTS_TO}`);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: new RegExp(`Seu pedido foi enviado: pedido ${ref}`) }).click();
  await expect(page.getByTestId('email-text')).toContainText('AB123456785BR');
  const mail = page.frameLocator('iframe[title^="Conteúdo HTML do e-mail"]');
  await expect(mail.getByRole('link', { name: 'Acompanhar entrega' })).toHaveAttribute('href', /objetos=AB123456785BR$/);
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);

  // One move, one e-mail: a second "Confirmar envio" is not offered any more, and the outbox has one row.
  expect(appQuery<{ n: number }>("select count(*) as n from email_outbox where order_id = ? and kind = 'shipped'", orderId)[0].n).toBe(1);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('button', { name: 'Confirmar envio' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Marcar como entregue' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Entregue');
  await expect(shopper.getByTestId('fulfilment')).toContainText('Entregue', { timeout: 20_000 });
});

test('pickup: "Pronto para retirada" then "Marcar como retirado", the shopper follows it live', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const shopper = await context.newPage();
  const token = await buyAndPay(shopper, request, 'caneca-ceramica', true);
  const orderId = orderIdOf(token);
  await expect(shopper.getByTestId('fulfilment')).toContainText('Pago');

  await signIn(page);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByTestId('fulfilment-status')).toHaveText('A preparar para retirada');
  await expect(page.getByRole('button', { name: 'Confirmar envio' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pronto para retirada' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Pronto para retirada');
  await expect(shopper.getByTestId('fulfilment')).toContainText('Retirada: Pronto para retirada', { timeout: 20_000 });
  await expectNoAxeViolations(shopper);

  const ref = labelOf(orderId).replace('#', '\\#');
  await waitForMail(page, new RegExp(`Pronto para retirada: pedido ${ref}`));
  await page.getByRole('link', { name: new RegExp(`Pronto para retirada: pedido ${ref}`) }).click();
  await expect(page.getByTestId('email-text')).toContainText('Rua Augusta, 1500');
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);

  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole('button', { name: 'Marcar como retirado' }).click();
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Retirado');
  await expect(page.getByText('Retirado', { exact: false }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(shopper.getByTestId('fulfilment')).toContainText('Retirada: Retirado', { timeout: 20_000 });
});

test('"Registrar reembolso manual" for a paid boleto: "Reembolsado (manual)" on the order, the list and the CSV', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const shopper = await context.newPage();
  await addToCart(shopper, 'prensa-francesa');
  await shopper.goto('/checkout');
  await fillBoleto(shopper);
  await shopper.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await expect(shopper.getByLabel('Linha digitável')).toBeVisible({ timeout: 30_000 });
  await payWithCode(request, (await shopper.getByLabel('Linha digitável').inputValue()).replace(/\D/g, ''));
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const orderId = orderIdOf(token);

  await signIn(page);
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByText('Mais ações', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registrar reembolso manual' })).toBeVisible();
  // A reason is required: the error sits next to its field and the amount stays as typed.
  await page.getByLabel('Valor', { exact: true }).last().fill('50,00');
  await page.getByRole('button', { name: 'Registrar reembolso manual' }).click();
  await expect(page.getByText('Diga por que e como o valor foi devolvido', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Valor', { exact: true }).last()).toHaveValue('50,00');
  await expectNoAxeViolations(page);
  await page.getByLabel('Motivo').last().fill('Transferência Pix ao comprador, produto com defeito');
  await page.getByRole('button', { name: 'Registrar reembolso manual' }).click();
  await expect(page.getByText('Reembolso manual de R$ 50,00 registrado.')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Reembolsado parcialmente (manual)');
  await expect(page.getByTestId('manual-refund')).toContainText('Transferência Pix ao comprador');
  await expect(page.getByTestId('refunded-amount')).toHaveText('−R$ 50,00');
  await expectNoAxeViolations(page);
  expect(appQuery<{ manual_refund_cents: number; status: string }>('select manual_refund_cents, status from orders where id = ?', orderId)[0]).toEqual({
    manual_refund_cents: 5000,
    status: 'refunded',
  });

  await page.goto('/dashboard/orders?status=refunded');
  await expect(page.getByText('Reembolsado parcialmente (manual)').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const csv = unquotedCsv(await (await page.request.get('/dashboard/orders/export?status=refunded')).text());
  const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
  const line = rows.find((l) => l.includes(`;${orderId};`))!;
  expect(line).toContain('Reembolsado parcialmente (manual)');
  // Read by its column's name: more columns may follow it.
  expect(line.split(';')[header.split(';').indexOf('Reembolso manual (R$)')]).toBe('50,00');
});
