/**
 * Abandoned checkouts, end to end: the merchant sets the reminders (the 1st off, the 2nd after
 * 1 hour with a coupon; a refused save keeps what was typed), a shopper types the e-mail at checkout and leaves; the sandbox clock
 * moves 1 hour and the reminder is on the mail catcher (/sandbox/emails: a public demo here,
 * read with a merchant session); its "Finalizar minha compra" opens the checkout in a fresh
 * browser with the cart and the fields back; the shopper pays with the coupon; the merchant
 * sees "Recuperado" and "Recuperados em 30 dias" counts it. Then "Não quero receber lembretes".
 * Beside it, a payment link left after the e-mail: its reminder speaks of the payment (no cart,
 * no coupon: the link takes none) and the list says which checkout each draft was left on.
 * And WhatsApp's "Lembrete de carrinho" (switched on in Configurações → WhatsApp): a shopper who
 * typed only a phone and ticked "Receber atualizações pelo WhatsApp" gets it on the buyer's phone
 * (/sandbox/whatsapp) at the same hour, its "Voltar ao carrinho" restoring the checkout; one who
 * did not tick it gets nothing.
 *
 * Moves the sandbox clock 1 hour for the whole server (charges made later stay valid: a Pix is
 * due tomorrow, a boleto in 3 days).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, CPF, payWithCode, PORT, SANDBOX_KEY, signIn } from './shop-helpers';

const CODE = `VOLTA${Date.now().toString(36).toUpperCase()}`;
const EMAIL = `volta-${Date.now().toString(36)}@exemplo.com.br`;
const LINK_EMAIL = `link-${Date.now().toString(36)}@exemplo.com.br`;
const LINK_TITLE = `Aula de cerâmica ${Date.now().toString(36)}`;
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };
// Fresh numbers (the WhatsApp journey uses …0001 and …0002): one reminder series per number a day.
const ZAP_PHONE = '11987650021';
const NO_ZAP_PHONE = '11987650022';
const shownPhone = (p: string) => `(${p.slice(0, 2)}) ${p.slice(2, 7)}-${p.slice(7)}`;

async function waitForMailTo(page: Page, to: string) {
  await expect(async () => {
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('listitem').filter({ hasText: `Para ${to}` }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
}

test('a checkout left after the e-mail: the reminder, the restore on another browser, paid with the coupon, "Recuperado"; then the unsubscribe', async ({ page, browser, request }) => {
  test.setTimeout(240_000);

  // The merchant: a coupon, and the reminders (the 2nd, 1 hour after, carries it).
  await signIn(page, '/dashboard/cupons');
  await page.getByLabel('Código').fill(CODE);
  await page.getByLabel('Valor fixo').check();
  await page.getByLabel('Valor', { exact: true }).fill('5,00');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByRole('cell', { name: CODE, exact: true })).toBeVisible({ timeout: 20_000 });
  await page.goto('/dashboard/settings/carrinhos-abandonados');
  await expect(page.getByRole('heading', { name: 'Carrinhos abandonados', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('group', { name: '1º lembrete' }).getByLabel('Enviar').uncheck();
  await page.getByLabel('Horas após a última alteração').nth(1).fill('1');
  await page.getByLabel('Cupom (opcional)').first().fill(CODE);
  // A refused save keeps what was typed beside the error.
  await page.getByLabel('Horas após a última alteração').nth(2).fill('0');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe de 1 a 720 horas.')).toBeVisible();
  await expect(page.getByRole('group', { name: '1º lembrete' }).getByLabel('Enviar')).not.toBeChecked();
  await expect(page.getByLabel('Horas após a última alteração').nth(1)).toHaveValue('1');
  await expect(page.getByLabel('Cupom (opcional)').first()).toHaveValue(CODE);
  await expectNoAxeViolations(page);
  await page.getByLabel('Horas após a última alteração').nth(2).fill('72');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lembretes salvos.')).toBeVisible();
  // WhatsApp's cart reminder: a marketing template with its own switch, off until the merchant ticks it.
  await page.goto('/dashboard/settings/whatsapp');
  await page.getByLabel('Lembrete de carrinho (modelo de marketing)').check();
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByText('WhatsApp salvo. Vale para as próximas mensagens.')).toBeVisible();
  await page.goto('/dashboard/links/novo');
  await page.getByLabel('Título').fill(LINK_TITLE);
  await page.getByLabel('Valor a cobrar').fill('120,00');
  await page.getByRole('button', { name: 'Criar link' }).click();
  const linkUrl = (await page.getByTestId('link-url').textContent())!.trim();

  // The shopper types the e-mail and leaves (a fresh context: no merchant cookie).
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await addToCart(shop, 'caneca-ceramica', 2);
  await shop.goto('/checkout');
  await expect(shop.getByTestId('draft-notice')).toContainText('A loja pode enviar um lembrete');
  await expectNoAxeViolations(shop);
  await shop.getByLabel('Nome completo').fill('Rita Lee');
  await shop.getByLabel('E-mail').fill(EMAIL);
  await expect.poll(() => appQuery<{ n: number }>('select count(*) n from checkout_drafts where email = ?', EMAIL)[0].n, { timeout: 15_000 }).toBe(1);
  // The same shopper on a payment link: a draft of its own.
  await shop.goto(new URL(linkUrl).pathname);
  await shop.getByLabel('E-mail').fill(LINK_EMAIL);
  await expect.poll(() => appQuery<{ n: number }>("select count(*) n from checkout_drafts where email = ? and source = 'link'", LINK_EMAIL)[0].n, { timeout: 15_000 }).toBe(1);
  await shopper.close();

  // The same shopper's address with a +tag, typed on the shop opened at 127.0.0.1 (not APP_URL's
  // name): the autosave is the shop's own page all the same, no self-referral is recorded, and
  // the alias's draft gets no reminders of its own (one draft per contact a day).
  const ALIAS = EMAIL.replace('@', '+outra@');
  const byIp = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const ipShop = await byIp.newPage();
  await addToCart(ipShop, 'caneca-ceramica');
  await ipShop.goto('/checkout');
  await ipShop.getByLabel('E-mail').fill(ALIAS);
  await expect.poll(() => appQuery<{ n: number }>('select count(*) n from checkout_drafts where email = ?', ALIAS)[0].n, { timeout: 15_000 }).toBe(1);
  expect((await byIp.cookies()).find((c) => c.name === 'balcao_origem')).toBeUndefined();
  await byIp.close();

  // Two shoppers leave after typing only a phone: one ticks "Receber atualizações pelo WhatsApp".
  for (const [phone, consent] of [[ZAP_PHONE, true], [NO_ZAP_PHONE, false]] as const) {
    const zapContext = await browser.newContext();
    const zap = await zapContext.newPage();
    await addToCart(zap, 'caneca-ceramica');
    await zap.goto('/checkout');
    await zap.getByLabel('Celular (WhatsApp)').fill(phone);
    const box = zap.getByLabel('Receber atualizações pelo WhatsApp');
    await expect(box).not.toBeChecked();
    if (consent) await box.check();
    await expect
      .poll(() => appQuery<{ c: number }>('select whatsapp_consent c from checkout_drafts where phone = ?', phone)[0]?.c, { timeout: 15_000 })
      .toBe(consent ? 1 : 0);
    await zapContext.close();
  }

  // One hour later by the sandbox clock: the reminder.
  const clock = await request.post('/api/sandbox/sim/clock', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: { advance_seconds: 3600 + 60 } });
  expect(clock.status(), await clock.text()).toBe(200);
  await waitForMailTo(page, EMAIL);
  await expect
    .poll(() => appQuery<{ status: string }>("select status from email_outbox where kind = 'cart_reminder' and recipient = ?", ALIAS).map((r) => r.status), { timeout: 15_000 })
    .toEqual(['skipped']);
  // The same hour on WhatsApp: the consenting phone shows the reminder; the other, nothing.
  await expect(async () => {
    await page.goto('/sandbox/whatsapp');
    await expect(page.getByTestId('whatsapp-conversation').filter({ hasText: shownPhone(ZAP_PHONE) })).toContainText('Você deixou um carrinho de', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  const zapConversation = page.getByTestId('whatsapp-conversation').filter({ hasText: shownPhone(ZAP_PHONE) });
  await expect(zapConversation).toContainText('Ele ainda está guardado para você.');
  await expect(page.getByTestId('whatsapp-conversation').filter({ hasText: shownPhone(NO_ZAP_PHONE) })).toHaveCount(0);
  expect(appQuery("select 1 from whatsapp_outbox where recipient = ?", `+55${NO_ZAP_PHONE}`)).toHaveLength(0);
  await expectNoAxeViolations(page);
  const back = (await zapConversation.getByRole('link', { name: 'Voltar ao carrinho' }).getAttribute('href'))!;
  expect(back).toMatch(/\/checkout\/retomar\//);
  const zapBack = await browser.newContext();
  const resumed = await zapBack.newPage();
  await resumed.goto(back);
  await expectNoAxeViolations(resumed);
  await resumed.getByRole('button', { name: 'Continuar a compra' }).click();
  await expect(resumed).toHaveURL(/\/checkout\?retomada=1$/);
  await expect(resumed.getByLabel('Celular (WhatsApp)')).toHaveValue(shownPhone(ZAP_PHONE));
  await expect(resumed.getByLabel('Receber atualizações pelo WhatsApp')).toBeChecked();
  await zapBack.close();

  await waitForMailTo(page, EMAIL);
  await page.getByRole('listitem').filter({ hasText: `Para ${EMAIL}` }).first().getByRole('link').click();
  const mail = page.frameLocator('iframe[title^="Conteúdo HTML do e-mail"]');
  await expect(mail.getByText('2 × Caneca de cerâmica artesanal')).toBeVisible();
  await expect(mail.getByText(CODE)).toBeVisible();
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);
  const restore = (await mail.getByRole('link', { name: 'Finalizar minha compra' }).getAttribute('href'))!;
  const unsubscribe = (await mail.getByRole('link', { name: 'Não quero receber lembretes' }).getAttribute('href'))!;
  expect(restore).toMatch(/\/checkout\/retomar\//);
  // The payment link's reminder: the payment's words, the link's title and amount, no coupon.
  await waitForMailTo(page, LINK_EMAIL);
  await page.getByRole('listitem').filter({ hasText: `Para ${LINK_EMAIL}` }).first().getByRole('link', { name: /Seu pagamento ficou pela metade/ }).click();
  await expect(mail.getByRole('heading', { name: 'Seu pagamento ficou pela metade' })).toBeVisible();
  await expect(mail.getByText(`Você começou o pagamento de “${LINK_TITLE}” de R$ 120,00`)).toBeVisible();
  await expect(mail.getByText(`1 × ${LINK_TITLE}`)).toBeVisible();
  await expect(mail.getByText(CODE)).toHaveCount(0);

  // Another device: the cart and the fields come back, with the coupon.
  // A mail scanner's GET and a link preview's HEAD spend nothing; a cross-site form is refused.
  expect((await request.head(restore)).status()).toBe(200);
  expect((await request.get(restore)).status()).toBe(200);
  const usePath = `${new URL(restore).pathname}/usar`;
  const crossSite = { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' };
  expect((await request.post(usePath, { headers: crossSite, data: '', maxRedirects: 0 })).status()).toBe(403);
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(restore);
  await expectNoAxeViolations(again);
  await again.getByRole('button', { name: 'Continuar a compra' }).click();
  await expect(again).toHaveURL(/\/checkout\?retomada=1$/);
  await expect(again.getByLabel('Nome completo')).toHaveValue('Rita Lee');
  await expect(again.getByLabel('E-mail')).toHaveValue(EMAIL);
  await expect(again.getByLabel('Cupom de desconto')).toHaveValue(CODE);
  await expectNoAxeViolations(again);
  await again.getByRole('radio', { name: 'Pix', exact: true }).check();
  await again.getByLabel('CPF ou CNPJ').fill(CPF);
  if (await again.getByLabel('CEP').isVisible()) {
    await again.getByLabel('CEP').fill('01310100');
    await again.getByLabel('Rua').fill('Avenida Paulista');
    await again.getByLabel('Número').fill('1000');
    await again.getByLabel('Bairro').fill('Bela Vista');
    await again.getByLabel('Cidade').fill('São Paulo');
    await again.getByLabel('UF').selectOption('SP');
  }
  await again.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(again).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  await expect(again.getByText(CODE).first()).toBeVisible();
  await payWithCode(request, await again.getByLabel('Pix copia e cola').inputValue());
  // The used link says so.
  await again.goto(restore);
  await expect(again.getByText('Esta compra já foi finalizada.')).toBeVisible();
  await expectNoAxeViolations(again);

  // The merchant: "Recuperado", and the overview counts it.
  await expect.poll(() => appQuery<{ s: string }>("select o.status s from checkout_drafts d join orders o on o.id = d.order_id where d.email = ?", EMAIL)[0]?.s, { timeout: 20_000 }).toBe('paid');
  // On a phone each draft is a card saying which checkout it was left on.
  await page.goto('/dashboard/carrinhos-abandonados');
  const recovered = page.getByTestId('abandoned-card').filter({ hasText: EMAIL });
  await expect(recovered).toContainText('Recuperado');
  await expect(recovered).toContainText('Carrinho');
  await expect(page.getByTestId('abandoned-card').filter({ hasText: LINK_EMAIL })).toContainText(`Link de pagamento “${LINK_TITLE}”`);
  await expectNoAxeViolations(page);
  // At a desk, the table's "Canal" column.
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByTestId('abandoned-row').filter({ hasText: LINK_EMAIL }).getByRole('cell', { name: `Link de pagamento “${LINK_TITLE}”` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);
  await page.goto('/dashboard');
  await expect(page.getByTestId('recovered-card')).toContainText(/[1-9]\d* pedidos? pagos?/);

  // "Não quero receber lembretes": one click, no sign-in.
  await again.goto(unsubscribe);
  await expect(again.getByText('Pronto: você não vai mais receber lembretes')).toBeVisible();
  await expectNoAxeViolations(again);
  expect(appQuery<{ n: number }>('select count(*) n from email_opt_outs where email = ?', EMAIL)[0].n).toBe(1);
  await other.close();
});
