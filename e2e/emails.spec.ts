/**
 * E-mails to the shopper, end to end: a Pix and a boleto order are placed in the shop, the Pix
 * is paid, and the resulting e-mails are read on the mail catcher (/sandbox/emails: no
 * SMTP_URL, sandbox on). The e2e server runs in production mode, so the catcher asks for a
 * merchant session. Then the order's timeline shows the e-mails and "Reenviar instruções" queues
 * the instructions again; Configurações holds the sender and the switches.
 */
import { expect, test, type Page } from '@playwright/test';
import { orderLabel } from '../lib/orders/format';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillBoleto, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';
import { screenshot } from './screenshot';

/** Reloads the catcher until a message whose subject matches shows up. */
async function waitForMail(page: Page, subject: RegExp) {
  await expect(async () => {
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** The message itself is shown in an iframe sandboxed without scripts: axe cannot run inside it. */
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };

test('a Pix and a boleto order, the Pix paid: the e-mails on /sandbox/emails, the timeline, "Reenviar instruções"', async ({ page, request }) => {
  test.setTimeout(180_000);
  // The catcher is behind the merchant session in production (a public demo).
  const anonymous = await page.goto('/sandbox/emails');
  expect(anonymous?.url()).toMatch(/\/login\?callbackUrl=%2Fsandbox%2Femails$/);
  expect((await request.get('/sandbox/emails/1/html')).status()).toBe(404);

  // The shopper: Pix.
  await addToCart(page, 'cafe-especial-250g', 2);
  await page.goto('/checkout');
  await fillPix(page, { name: 'Ana Souza', email: 'ana@exemplo.com.br' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const pixToken = tokenFromUrl(page.url());
  const pixCode = await page.getByLabel('Pix copia e cola').inputValue();

  // The shopper: boleto.
  await addToCart(page, 'prensa-francesa');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const boletoToken = tokenFromUrl(page.url());
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 30_000 });
  const line = (await page.getByLabel('Linha digitável').inputValue()).replace(/\D/g, '');

  await payWithCode(request, pixCode);

  // Other journeys' e-mails share the catcher: each subject is matched by its own order's number.
  const shortOf = (token: string) => orderLabel(appQuery<{ id: string; number: number | null }>('select id, number from orders where token = ?', token)[0]);
  const pixPaidSubject = new RegExp(`Pagamento confirmado: pedido ${shortOf(pixToken)}`);
  const pixSubject = new RegExp(`Pedido ${shortOf(pixToken)} recebido: pague R\\$ 79,80 com Pix`);
  const boletoSubject = new RegExp(`Pedido ${shortOf(boletoToken)} recebido: seu boleto de`);

  // The merchant reads the mail catcher.
  await signIn(page, '/sandbox/emails');
  await waitForMail(page, pixPaidSubject);
  await waitForMail(page, boletoSubject);
  await expect(page.getByRole('link', { name: pixSubject })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: 'test-results/emails-shots/catcher-list.png', fullPage: true });

  // The Pix instructions: the code, the QR drawn inside the message, the link to the order.
  await page.getByRole('link', { name: pixSubject }).click();
  await expect(page.getByText('ana@exemplo.com.br').first()).toBeVisible();
  await expect(page.getByTestId('email-text')).toContainText(pixCode);
  const mail = page.frameLocator('iframe[title^="Conteúdo HTML do e-mail"]');
  await expect(mail.getByTestId('pix-code')).toHaveText(pixCode);
  const qr = mail.getByRole('img', { name: /QR code do Pix de R\$ 79,80/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(page.getByRole('link', { name: 'pix-qr.png' })).toBeVisible();
  const orderLink = await mail.getByRole('link', { name: 'Ver o pedido' }).getAttribute('href');
  expect(orderLink).toBe(`http://localhost:${process.env.E2E_PORT ?? 3100}/orders/${pixToken}`);
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);
  await screenshot(page, { path: 'test-results/emails-shots/catcher-pix.png', fullPage: true });

  // The boleto's e-mail: its line and the PDF link.
  await page.goto('/sandbox/emails');
  await page.getByRole('link', { name: boletoSubject }).click();
  await expect(mail.getByTestId('digitable-line')).toBeVisible();
  expect((await mail.getByTestId('digitable-line').innerText()).replace(/\D/g, '')).toBe(line);
  const pdf = await mail.getByRole('link', { name: 'Baixar boleto (PDF)' }).getAttribute('href');
  const pdfResponse = await request.get(pdf!);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
  expect(await mail.getByRole('link', { name: 'Ver o pedido' }).getAttribute('href')).toContain(`/orders/${boletoToken}`);

  // The confirmation's receipt link opens the receipt.
  await page.goto('/sandbox/emails');
  await page.getByRole('link', { name: pixPaidSubject }).click();
  const receipt = await mail.getByRole('link', { name: 'Ver o recibo' }).getAttribute('href');
  await page.goto(receipt!);
  await expect(page.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible();

  // The merchant's timeline shows the e-mails; "Reenviar instruções" on the boleto (still pending).
  const [boletoOrder] = appQuery<{ id: string }>('select id from orders where token = ?', boletoToken);
  await page.goto(`/dashboard/orders/${boletoOrder.id}`);
  await expect(page.getByTestId('timeline')).toContainText('Instruções enviadas por e-mail');
  await page.getByRole('button', { name: 'Reenviar instruções' }).click();
  await expect(page.getByText('E-mail com as instruções de pagamento na fila de envio.')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('timeline')).toContainText('Instruções enviadas por e-mail (reenvio)', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, { path: 'test-results/emails-shots/order-timeline.png', fullPage: true });
  await waitForMail(page, boletoSubject);
  await expect(page.getByRole('link', { name: boletoSubject })).toHaveCount(2);

  // Configurações: the reply-to (the sender's name is the shop's, Configurações → Loja).
  await page.goto('/dashboard/settings/emails');
  await page.getByLabel('Responder para (opcional)').fill('contato@');
  await page.getByRole('button', { name: 'Salvar e-mails' }).click();
  await expect(page.getByText('Informe um e-mail válido, como contato@sualoja.com.br.')).toBeVisible();
  await expect(page.getByLabel('Responder para (opcional)')).toHaveValue('contato@');
  await page.getByLabel('Responder para (opcional)').fill('contato@balcao.dev');
  await page.getByRole('button', { name: 'Salvar e-mails' }).click();
  await expect(page.getByText('Configurações de e-mail salvas.')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: 'test-results/emails-shots/settings.png', fullPage: true });

  // Back to no reply-to.
  await page.getByLabel('Responder para (opcional)').fill('');
  await page.getByRole('button', { name: 'Salvar e-mails' }).click();
  await expect.poll(() => appQuery<{ reply_to: string | null }>('select reply_to from email_settings')[0]?.reply_to).toBe(null);
});
