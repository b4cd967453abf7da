/**
 * Accounts a business can trust, seen from the browser: the Dono invites an Atendente (the link
 * read from the mail catcher), who cannot refund (the button is absent); the Atendente resets a
 * forgotten password by e-mail (the old session cookie refused, the link refused a second time),
 * changes it in "Minha conta", enables two-step sign-in and signs in with a code computed here
 * from the secret and with a recovery code; the Dono's Atividade shows each step. The journeys
 * use their own account (the invitation makes it): OWNER's password never changes here.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillPix, payWithCode, signIn, tokenFromUrl, appQuery, type Account } from './shop-helpers';

const MAIL_PAGE_AXE = { exclude: ['iframe[sandbox]'] };
const ATTENDANT_EMAIL = `atendente-${Date.now()}@loja.example`;
const PASSWORDS = ['primeira-senha-da-ana', 'segunda-senha-da-ana', 'terceira-senha-da-ana'] as const;
const attendant = (password: string): Account => ({ email: ATTENDANT_EMAIL, password });

test.describe.configure({ mode: 'serial' });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/** The Dono opens the newest caught e-mail whose subject matches and returns the link in its text. */
async function linkFromCatcher(owner: Page, subject: RegExp, path: RegExp): Promise<string> {
  await expect(async () => {
    await owner.goto('/sandbox/emails');
    await expect(owner.getByRole('link', { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await owner.getByRole('link', { name: subject }).first().click();
  await expect(owner.getByTestId('email-text')).toBeVisible();
  await expectNoAxeViolations(owner, MAIL_PAGE_AXE);
  const text = await owner.getByTestId('email-text').innerText();
  const m = path.exec(text);
  expect(m, text).toBeTruthy();
  return new URL(m![0]).pathname;
}

let orderToken = '';
let totpSecret = '';
let recoveryCodes: string[] = [];

test('the Dono invites an Atendente, who signs up from the e-mail link and finds no "Reembolsar"', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  // A paid Pix order for the Atendente to look at.
  const shopper = await newPage(browser);
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Paula Reis', email: 'paula@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  orderToken = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

  await signIn(page, '/dashboard/settings/equipe');
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(ATTENDANT_EMAIL);
  await page.getByLabel('Papel').selectOption({ label: 'Atendente' });
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Convite enviado para ${ATTENDANT_EMAIL}` })).toBeVisible();
  const invitation = await linkFromCatcher(page, /Convite para a equipe/, /https?:\/\/\S+\/convite\/[A-Za-z0-9_-]+/);

  const ana = await newPage(browser);
  await ana.goto(invitation);
  await expect(ana.getByRole('heading', { name: 'Convite para a equipe' })).toBeVisible();
  await expectNoAxeViolations(ana);
  await ana.getByLabel('Seu nome').fill('Ana Atendente');
  await ana.getByLabel('Nova senha', { exact: true }).fill(PASSWORDS[0]);
  await ana.getByLabel('Confirmar nova senha').fill(PASSWORDS[0]);
  await ana.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(ana).toHaveURL(/\/login\?convite=aceito$/);
  await expectNoAxeViolations(ana);
  // The link works once.
  await ana.goto(invitation);
  await expect(ana.getByRole('alert').filter({ hasText: 'Este convite não vale mais' })).toBeVisible();

  const [order] = appQuery<{ id: string }>('select id from orders where token = ?', orderToken);
  await signIn(ana, `/dashboard/orders/${order.id}`, attendant(PASSWORDS[0]));
  await expect(ana.getByRole('heading', { name: 'Ações' })).toBeVisible();
  // Open "Mais ações": the money buttons are absent, not merely folded away.
  await ana.getByText('Mais ações', { exact: true }).click();
  await expect(ana.getByText('Reconciliar agora')).toHaveCount(0);
  await expect(ana.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
  await expect(ana.getByRole('button', { name: 'Cancelar cobrança' })).toHaveCount(0);
  await expectNoAxeViolations(ana);
  await ana.context().close();
  await shopper.context().close();
});

test('"Esqueci minha senha": the link from the mail catcher sets a new password once; the old cookie is refused', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const old = await newPage(browser);
  await signIn(old, '/dashboard', attendant(PASSWORDS[0]));

  const ana = await newPage(browser);
  await ana.goto('/login');
  await ana.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(ana).toHaveURL(/\/login\/esqueci$/);
  await expectNoAxeViolations(ana);
  await ana.getByLabel('E-mail').fill(ATTENDANT_EMAIL);
  await ana.getByRole('button', { name: 'Enviar link' }).click();
  await expect(ana.getByRole('status').filter({ hasText: 'Se houver uma conta com esse e-mail' })).toBeVisible();

  await signIn(page, '/dashboard');
  const reset = await linkFromCatcher(page, /Redefinir senha/, /https?:\/\/\S+\/login\/redefinir\/[A-Za-z0-9_-]+/);
  await ana.goto(reset);
  await expectNoAxeViolations(ana);
  await ana.getByLabel('Nova senha', { exact: true }).fill(PASSWORDS[1]);
  await ana.getByLabel('Confirmar nova senha').fill(PASSWORDS[1]);
  await ana.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(ana).toHaveURL(/\/login\?senha=redefinida$/);

  // The session opened before the reset is over.
  await old.goto('/dashboard/orders');
  await expect(old).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forders$/);
  // The link does not work a second time.
  await ana.goto(reset);
  await expect(ana.getByRole('alert').filter({ hasText: 'Este link não vale mais' })).toBeVisible();
  await signIn(ana, '/dashboard', attendant(PASSWORDS[1]));
  await ana.context().close();
  await old.context().close();
});

test('"Alterar senha" in "Minha conta" asks for the current password and signs out', async ({ browser }) => {
  const ana = await newPage(browser);
  await signIn(ana, '/dashboard/conta', attendant(PASSWORDS[1]));
  await expectNoAxeViolations(ana);
  await ana.getByLabel('Senha atual').fill('não-é-a-senha-atual');
  await ana.getByLabel('Nova senha', { exact: true }).fill(PASSWORDS[2]);
  await ana.getByLabel('Confirmar nova senha').fill(PASSWORDS[2]);
  await ana.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(ana.getByText('A senha atual não confere.')).toBeVisible();
  await ana.getByLabel('Senha atual').fill(PASSWORDS[1]);
  await ana.getByLabel('Nova senha', { exact: true }).fill(PASSWORDS[2]);
  await ana.getByLabel('Confirmar nova senha').fill(PASSWORDS[2]);
  await ana.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(ana).toHaveURL(/\/login\?senha=alterada$/);
  await signIn(ana, '/dashboard', attendant(PASSWORDS[2]));
  await ana.context().close();
});

async function signInWithCode(page: Page, code: string) {
  await page.goto('/login?callbackUrl=%2Fdashboard');
  await page.getByLabel('E-mail').fill(ATTENDANT_EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORDS[2]);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByLabel('Código de verificação')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('two-step sign-in: enabled with a code from the secret, then a sign-in with a code and one with a recovery code', async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newPage(browser);
  await signIn(ana, '/dashboard/conta', attendant(PASSWORDS[2]));
  await ana.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  totpSecret = (await ana.getByTestId('totp-secret').innerText()).trim();
  await expect(ana.getByRole('img', { name: 'Código QR para o aplicativo autenticador' })).toBeVisible();
  await expectNoAxeViolations(ana);
  const now = Math.floor(Date.now() / 1000);
  await ana.getByLabel('Código de 6 dígitos').fill(generateSync({ secret: totpSecret, epoch: now }));
  await ana.getByRole('button', { name: 'Confirmar' }).click();
  await expect(ana.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  recoveryCodes = (await ana.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  await expectNoAxeViolations(ana);
  await ana.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(ana).toHaveURL(/\/login/);

  // The code of the next 30-second step: the one used to confirm is never accepted again.
  await signInWithCode(ana, generateSync({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await ana.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(ana).toHaveURL(/\/login/);
  await signInWithCode(ana, recoveryCodes[0]);
  await ana.context().close();
});

test('the Dono sees each step in Configurações → Atividade', async ({ page }) => {
  await signIn(page, '/dashboard/settings/atividade');
  await page.getByLabel('Quem').selectOption(ATTENDANT_EMAIL);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const table = page.getByTestId('activity-table');
  for (const text of [
    'Aceitou o convite como Atendente',
    'Pediu um link para criar uma nova senha',
    'Redefiniu a senha pelo link do e-mail',
    'Alterou a própria senha',
    'Ativou a verificação em duas etapas',
    'Entrou no painel com código do aplicativo',
    'Entrou no painel com um código de recuperação',
  ]) {
    await expect(table.getByText(text).first()).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByLabel('Quem').selectOption('owner@loja.example');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(table.getByText(`Convidou ${ATTENDANT_EMAIL} como Atendente`)).toBeVisible();
});
