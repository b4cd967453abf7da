/**
 * WhatsApp to the buyer, end to end against `next start` with the embedded Cloud API sandbox:
 * - a shopper types a phone, ticks "Receber atualizações pelo WhatsApp" and pays by Pix: the
 *   buyer's phone (/sandbox/whatsapp) shows the Pix code, then "Pagamento confirmado";
 * - the merchant ships: the phone shows the tracking code, the order's timeline "WhatsApp entregue";
 * - the buyer answers "SAIR": the shop answers once and the next order's message is not sent;
 * - a shopper who did not tick the box gets nothing.
 * - the merchant switches on "Avalie sua compra" in Configurações → WhatsApp and saves it.
 * axe on /sandbox/whatsapp and Configurações → WhatsApp.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

const PHONE = '11987650001';
const OTHER_PHONE = '11987650002';
const conversationOf = (page: Page, phone: string) => page.getByTestId('whatsapp-conversation').filter({ hasText: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}` });

async function orderPix(shopper: Page, phone: string, consent: boolean): Promise<string> {
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Paula Reis', email: 'paula@exemplo.com.br' });
  const box = shopper.getByLabel('Receber atualizações pelo WhatsApp');
  const phoneField = shopper.getByLabel('Celular (WhatsApp)');
  // Offered only once a phone is typed.
  if (!(await phoneField.inputValue())) await expect(box).toHaveCount(0);
  await phoneField.fill(phone);
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  if (consent) await box.check();
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  return tokenFromUrl(shopper.url());
}

test('WhatsApp: Pix code, "pago", "enviado", SAIR, no consent — on the buyer\'s phone and the timeline', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard/settings/whatsapp');
  await expect(page.getByLabel('Enviar mensagens pelo WhatsApp a quem aceitou recebê-las')).toBeChecked();
  await expect(page.getByLabel('Token de acesso')).toHaveValue('');
  await expectNoAxeViolations(page);
  // "Avalie sua compra" by WhatsApp is off until the merchant switches it on; saved, it stays on.
  const reviewSwitch = page.getByLabel('Avalie sua compra (pedido de avaliação após a entrega)');
  await expect(reviewSwitch).not.toBeChecked();
  await reviewSwitch.check();
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'WhatsApp salvo.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(reviewSwitch).toBeChecked();
  await expect(page.getByLabel('Enviar mensagens pelo WhatsApp a quem aceitou recebê-las')).toBeChecked();

  // 1. Consent + Pix: the code reaches the phone, then "Pagamento confirmado".
  const shopper = await context.newPage();
  const token = await orderPix(shopper, PHONE, true);
  const code = await shopper.getByLabel('Pix copia e cola').inputValue();
  const orderId = appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id;
  await page.goto('/sandbox/whatsapp');
  const phone = conversationOf(page, PHONE);
  await expect(phone).toContainText(code, { timeout: 20_000 });
  await payWithCode(request, code);
  await expect(phone).toContainText('Pagamento confirmado!', { timeout: 20_000 });
  await expect(phone.locator('[data-status="read"]').first()).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  // 2. The merchant ships: the tracking code reaches the phone; the timeline says it was delivered.
  const merchant = await context.newPage();
  await merchant.goto(`/dashboard/orders/${orderId}`);
  await merchant.getByLabel('Código de rastreio', { exact: true }).fill('AB123456785BR');
  await merchant.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(merchant.getByText('Pedido marcado como enviado.')).toBeVisible();
  await expect(phone).toContainText('Código de rastreio: AB123456785BR', { timeout: 20_000 });
  await expect(async () => {
    await merchant.reload();
    await expect(merchant.getByTestId('timeline')).toContainText(/WhatsApp (entregue|lido)/, { timeout: 1000 });
    await expect(merchant.getByTestId('timeline')).toContainText('Entregue em', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // 3. "SAIR": answered once; the next order's instructions are not sent.
  await phone.getByLabel('Responder como comprador').fill('SAIR');
  await phone.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(phone).toContainText('Você não receberá mais mensagens desta loja.', { timeout: 20_000 });
  const next = await orderPix(shopper, PHONE, true);
  const nextId = appQuery<{ id: string }>('select id from orders where token = ?', next)[0].id;
  await expect
    .poll(() => appQuery<{ status: string }>("select status from whatsapp_outbox where order_id = ? and kind = 'instructions'", nextId)[0]?.status, { timeout: 20_000 })
    .toBe('skipped');
  await page.reload();
  await expect(phone).not.toContainText(await shopper.getByLabel('Pix copia e cola').inputValue());

  // 4. No consent: nothing at all for that number.
  const other = await orderPix(shopper, OTHER_PHONE, false);
  const otherId = appQuery<{ id: string }>('select id from orders where token = ?', other)[0].id;
  expect(appQuery<{ consent: number }>('select whatsapp_consent as consent from orders where id = ?', otherId)[0].consent).toBe(0);
  expect(appQuery('select 1 from whatsapp_outbox where order_id = ?', otherId)).toHaveLength(0);
  await page.reload();
  await expect(conversationOf(page, OTHER_PHONE)).toHaveCount(0);
});
