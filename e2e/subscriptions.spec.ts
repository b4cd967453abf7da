/**
 * Subscriptions, as a subscriber and the merchant live them: subscribe to "Clube do café" by
 * Pix, with "Receber atualizações pelo WhatsApp", and pay; the sandbox clock moves a month, the
 * cycle's e-mail arrives ("Sua assinatura: pague a próxima entrega"), its Pix code reaches the
 * subscriber's phone (/sandbox/whatsapp), and it is paid; the dashboard shows "Ativa" and the next date; the subscriber
 * cancels from their page; the overview shows "Receita recorrente mensal". It moves its server's
 * sandbox clock, so it runs on a server of its own (playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { CPF, CRON_SECRET, fillAddress, payWithCode, SANDBOX_KEY, signIn } from './shop-helpers';

const EMAIL = `assinante-${Date.now().toString(36)}@exemplo.com.br`;
const PHONE = '11987650003';
const PHONE_SHOWN = '(11) 98765-0003';
const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };

/** The cron: reconciliation, the cycle job and the outbox, as Vercel Cron would call it. */
async function cron(page: Page) {
  const res = await page.request.post('/api/cron/jobs', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(res.status(), await res.text()).toBe(200);
}

test('subscribe to "Clube do café" by Pix, pay the next month’s cycle from its e-mail, see it in the dashboard, cancel from the subscriber’s page', async ({ page }) => {
  test.setTimeout(180_000);

  // The shop: "Assinar" beside "Comprar uma vez", with the price per month.
  await page.goto('/products/clube-do-cafe');
  await expect(page.getByTestId('subscription-price')).toHaveText('R$ 59,90/mês');
  await expect(page.getByRole('heading', { name: 'Comprar uma vez' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Assinar', exact: true }).click();
  await expect(page).toHaveURL(/\/assinar\/clube-do-cafe/);
  await page.getByLabel('Nome completo').fill('Carla Mendes');
  await page.getByLabel('CPF ou CNPJ').fill(CPF);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Celular (WhatsApp)').fill(PHONE);
  const consent = page.getByLabel('Receber atualizações pelo WhatsApp');
  await expect(consent).not.toBeChecked();
  await consent.check();
  await fillAddress(page);
  await page.getByRole('radio', { name: 'Pix', exact: true }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmar assinatura' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await payWithCode(page.request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

  // A month later by the sandbox's clock (27 days, then a day at a time up to the cycle's
  // creation day, whatever the month's length): the cycle's order and its e-mail.
  await cron(page);
  // The mail catcher of a production build is the merchant's (docs/reference.md).
  await signIn(page, '/sandbox/emails');
  let days = 27;
  await expect(async () => {
    const clock = await page.request.post('/api/sandbox/sim/clock', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: { advance_seconds: days * 86400 } });
    expect(clock.status(), await clock.text()).toBe(200);
    days = 1;
    await cron(page);
    await page.goto('/sandbox/emails');
    await expect(page.getByRole('listitem').filter({ hasText: `Para ${EMAIL}` }).filter({ hasText: 'Sua assinatura: pague a próxima entrega' }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000, intervals: [500] });
  await page.getByRole('listitem').filter({ hasText: `Para ${EMAIL}` }).filter({ hasText: 'Sua assinatura: pague a próxima entrega' }).first().getByRole('link').first().click();
  const mail = page.frameLocator('iframe[title^="Conteúdo HTML do e-mail"]');
  const code = await mail.getByTestId('pix-code').innerText();
  const subscriberPage = (await mail.getByRole('link', { name: 'Minha assinatura' }).getAttribute('href'))!;
  await expectNoAxeViolations(page, MAIL_PAGE_AXE);
  // The consent given at /assinar goes with the cycle: its Pix code reaches the subscriber's phone.
  await page.goto('/sandbox/whatsapp');
  await expect(page.getByTestId('whatsapp-conversation').filter({ hasText: PHONE_SHOWN })).toContainText(code.trim(), { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await payWithCode(page.request, code.trim());
  await cron(page);

  // The merchant: "Ativa", the next date, the cycles.
  await page.goto('/dashboard/assinaturas');
  const row = page.getByRole('row').filter({ hasText: 'Carla Mendes' });
  await expect(row).toContainText('Ativa');
  await expect(row.getByRole('cell').nth(3)).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page);
  await row.getByRole('link', { name: 'Carla Mendes' }).click();
  await expect(page.getByRole('table').getByText('Pago')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('recurring-revenue-card')).toContainText('Receita recorrente mensal');
  await expect(page.getByTestId('recurring-revenue-card')).toContainText('R$ 59,90');

  // The subscriber cancels from their page (two steps, no script needed).
  await page.goto(new URL(subscriberPage).pathname);
  await expect(page.getByTestId('subscription-status')).toHaveText('Ativa');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Cancelar assinatura' }).click();
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assinatura cancelada' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelada');
  await expectNoAxeViolations(page);
});
