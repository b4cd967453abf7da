/**
 * Revocable sessions: a session cookie stops working when the merchant signs out ("Sair"), or
 * signs out everywhere ("Sair de todos os dispositivos"), even replayed from another browser.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { OWNER } from './shop-helpers';
import { screenshot } from './screenshot';

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

test('"Sair" on the phone ends only the phone\'s session: the desk stays signed in', async ({ browser }) => {
  const phone = await signedIn(browser);
  const desk = await signedIn(browser);
  const phoneCookie = await sessionCookie(phone.context);
  // Signing in made the phone a known device of the account (its own login budget), sent to /api/auth only.
  const device = (await phone.context.cookies()).find((c) => c.name === 'balcao-known-device');
  expect(device).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
  await phone.page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(phone.page).toHaveURL(/\/login/);

  await desk.page.goto('/dashboard/orders');
  await expect(desk.page).toHaveURL(/\/dashboard\/orders$/);
  await expect(desk.page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  await expectNoAxeViolations(desk.page);
  // The phone's cleared cookie, replayed, is still refused.
  await phone.context.addCookies([phoneCookie]);
  await phone.page.goto('/dashboard/orders');
  await expect(phone.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forders$/);
  await phone.context.close();
  await desk.context.close();
});

test('"Sair de todos os dispositivos" ends the sessions of every browser', async ({ browser }) => {
  const phone = await signedIn(browser);
  const desk = await signedIn(browser);
  await desk.page.goto('/dashboard/conta');
  await expectNoAxeViolations(desk.page);
  await screenshot(desk.page, { path: 'test-results/screenshots/settings-sessions.png', fullPage: true });
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
