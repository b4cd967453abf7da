/**
 * Revocable sessions: a session cookie stops working when the merchant signs out ("Sair"), or
 * signs out everywhere ("Sair de todos os dispositivos"), even replayed from another browser.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { OWNER } from './shop-helpers';

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto('/login?callbackUrl=%2Fdashboard%2Forders');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Senha').fill(OWNER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  return { context, page };
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'next-auth.session-token');
  expect(cookie).toBeTruthy();
  return cookie!;
}

test('after "Sair", a copy of the old session cookie no longer opens the dashboard or the CSV export', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  const copied = await sessionCookie(context);
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.close();

  const replay = await browser.newContext();
  await replay.addCookies([copied]);
  const other = await replay.newPage();
  await other.goto('/dashboard/orders');
  await expect(other).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forders$/);
  const csv = await replay.request.get('/dashboard/orders/export', { maxRedirects: 0 });
  expect(csv.status()).toBe(401);
  await replay.close();
});

test('"Sair de todos os dispositivos" ends the sessions of every browser', async ({ browser }) => {
  const phone = await signedIn(browser);
  const desk = await signedIn(browser);
  await desk.page.goto('/dashboard/conta');
  await expectNoAxeViolations(desk.page);
  await desk.page.screenshot({ path: 'test-results/screenshots/settings-sessions.png', fullPage: true });
  await desk.page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
  await expect(desk.page).toHaveURL(/\/login\?saiu=todos$/);
  await expect(desk.page.getByRole('status').filter({ hasText: 'Você saiu de todos os dispositivos.' })).toBeVisible();
  await expectNoAxeViolations(desk.page);

  await phone.page.goto('/dashboard/orders');
  await expect(phone.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forders$/);
  // Signing in again works at once.
  await phone.page.getByLabel('E-mail').fill(OWNER.email);
  await phone.page.getByLabel('Senha').fill(OWNER.password);
  await phone.page.getByRole('button', { name: 'Entrar' }).click();
  await expect(phone.page).toHaveURL(/\/dashboard\/orders$/);
  await phone.context.close();
  await desk.context.close();
});
