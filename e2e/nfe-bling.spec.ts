/**
 * NF-e through Bling (the embedded Bling sandbox): the merchant connects Bling (the OAuth round
 * trip through its consent page); a paid order gets "Emitir NF-e" → "NF-e em processamento" →
 * on the sandbox clock "NF-e autorizada" with a valid access key; the DANFE and the XML download
 * (the XML holds the key and the buyer's CPF); the bulk "Emitir NF-e" page with that order
 * selected makes none again; the buyer's page shows "Nota fiscal"; a refund,
 * then "Cancelar NF-e", gives "NF-e cancelada".
 */
import { isValidAccessKey } from '@balcao/bling-sandbox/access-key';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF_DIGITS, fillPix, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl } from './shop-helpers';

test('connect Bling, issue a paid order\'s NF-e, download it, show it to the buyer, cancel it after a refund', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const desk = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  await signIn(office, '/dashboard/settings/nota-fiscal');
  await office.goto('/dashboard/settings/nota-fiscal');
  // A fresh install is connected to the sandbox: disconnect, then connect again as a merchant would.
  if (await office.getByRole('button', { name: 'Desconectar' }).isVisible()) {
    await office.getByRole('button', { name: 'Desconectar' }).click();
    await office.getByRole('dialog').getByRole('button', { name: 'Desconectar' }).click();
    await expect(office.getByRole('button', { name: 'Conectar ao Bling' })).toBeVisible();
  }
  await office.getByRole('button', { name: 'Conectar ao Bling' }).click();
  await expect(office.getByRole('heading', { name: 'Autorizar o acesso à sua conta Bling' })).toBeVisible();
  await expectNoAxeViolations(office);
  await office.getByRole('button', { name: 'Autorizar' }).click();
  await expect(office.getByText('Conectado ao Bling', { exact: true })).toBeVisible();
  // Issued by hand in this journey: automatic emission off, natureza from Bling's list.
  await office.getByLabel('Natureza de operação').selectOption({ label: 'Venda de mercadoria' });
  await office.getByLabel('Emitir automaticamente quando o pedido for pago').uncheck();
  await office.getByRole('button', { name: 'Salvar' }).click();
  await expect(office.getByText('Configurações da nota fiscal salvas.')).toBeVisible();
  await expectNoAxeViolations(office);

  // A shopper buys and pays.
  await addToCart(page, 'ebook-guia-do-cafe-coado');
  await page.goto('/checkout');
  await fillPix(page);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await payWithCode(page.request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const [{ id: orderId }] = appQuery<{ id: string }>('select id from orders where token = ?', token);

  // "Emitir NF-e" → in processing → authorised once the sandbox clock passes SEFAZ's moment.
  await office.goto(`/dashboard/orders/${orderId}`);
  const card = office.getByTestId('invoice-card');
  await card.getByRole('button', { name: 'Emitir NF-e' }).click();
  await expect(card.getByText('NF-e em processamento')).toBeVisible({ timeout: 15_000 });
  const clock = await request.post('/api/sandbox/sim/clock', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: { advance_seconds: 30 } });
  expect(clock.status()).toBe(200);
  await expect(card.getByText('NF-e autorizada')).toBeVisible({ timeout: 30_000 });
  const key = (await card.getByTestId('access-key').innerText()).trim();
  expect(key).toMatch(/^(\d{4} ){10}\d{4}$/);
  expect(isValidAccessKey(key.replace(/ /g, ''))).toBe(true);
  await expectNoAxeViolations(office);

  const danfe = await office.request.get((await card.getByRole('link', { name: 'Baixar DANFE' }).getAttribute('href'))!);
  expect(danfe.headers()['content-type']).toBe('application/pdf');
  expect((await danfe.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const xml = await (await office.request.get((await card.getByRole('link', { name: 'Baixar XML' }).getAttribute('href'))!)).text();
  expect(xml).toContain(`<chNFe>${key.replace(/ /g, '')}</chNFe>`);
  expect(xml).toContain(`<CPF>${CPF_DIGITS}</CPF>`);

  // The bulk "Emitir NF-e" of the orders list's selection, with this order selected: the page,
  // then its answer (the order already has its note, so none is made again).
  await office.goto(`/dashboard/orders/emitir-nfe?selecao=1&pedido=${orderId}`);
  await expect(office.getByRole('heading', { name: 'Emitir NF-e', level: 1 })).toBeVisible();
  await expectNoAxeViolations(office);
  await office.getByRole('button', { name: 'Emitir NF-e' }).click();
  await expect(office.getByTestId('bulk-nfe-result')).toContainText('1 já tinha NF-e');
  await expectNoAxeViolations(office);
  await office.goto(`/dashboard/orders/${orderId}`);

  // The buyer's page: "Nota fiscal", the DANFE through the shop with the order's token.
  await page.reload();
  const nota = page.getByTestId('invoice-link');
  await expect(nota.getByRole('heading', { name: 'Nota fiscal' })).toBeVisible();
  const buyerDanfe = await page.request.get((await nota.getByRole('link').getAttribute('href'))!);
  expect((await buyerDanfe.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);

  // A full refund, then "Cancelar NF-e".
  await office.getByText('Mais ações', { exact: true }).click();
  await office.getByLabel('Motivo').selectOption({ label: 'Solicitado pelo cliente' });
  await office.getByLabel('Descrição').fill('Desistência da compra');
  await office.getByRole('button', { name: 'Reembolsar' }).click();
  await office.getByRole('dialog', { name: 'Confirmar reembolso' }).getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(office.getByTestId('order-status')).toHaveText('Reembolsado', { timeout: 20_000 });
  await office.reload();
  await card.getByRole('button', { name: 'Cancelar NF-e' }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Cancelar NF-e' }).click();
  await expect(card.getByText('NF-e cancelada')).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(office);
  await desk.close();
});
