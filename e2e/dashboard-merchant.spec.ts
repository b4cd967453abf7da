/**
 * The merchant's journeys: sign-in, the guard on every dashboard door (pages, server
 * actions, the CSV route), and an order from the shop paid, seen, refunded in part.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, OWNER, fillPix, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';

/** Passes proxy.ts's cookie-presence check, but is no session: the server-side guard must refuse it. */
const FORGED_COOKIE = 'next-auth.session-token=forged.not-a-real-session-token';

/** A shopper, in a browser of their own, buys with Pix; returns the order token and the Pix code. */
async function shopperPixOrder(browser: Browser, buyer: { name: string; email: string }): Promise<{ token: string; code: string; orderId: string }> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, buyer);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  const code = await page.getByLabel('Pix copia e cola').inputValue();
  await context.close();
  const [row] = appQuery<{ id: string }>('select id from orders where token = ?', token);
  return { token, code, orderId: row.id };
}

async function flushWebhooks(request: APIRequestContext) {
  const res = await request.post('/api/sandbox/sim/webhooks/flush', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: {} });
  expect(res.status()).toBe(200);
}

/** Letters only (a buyer name with digits is not searched as a name). */
function runId(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

function brlToCents(text: string): number {
  const m = /(-?)R\$\s*([\d.]+),(\d{2})/.exec(text.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replace(/\./g, '')) * 100 + Number(m[3]));
}

async function readBalance(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const balance = page.getByTestId('balance');
  await expect(balance).toBeVisible();
  return brlToCents((await balance.textContent()) ?? '');
}

test.describe('dashboard: the door', () => {
  test('dashboard pages without a session go to the sign-in page, even with a forged cookie', async ({ page, context }) => {
    for (const path of ['/dashboard', '/dashboard/orders?status=paid', '/dashboard/orders/00000000-0000-4000-8000-000000000000', '/dashboard/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\?callbackUrl=/);
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(path);
      await expect(page.getByRole('heading', { name: 'Entrar no painel da loja' })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    // A cookie that only looks like a session gets past the proxy, not past the pages.
    await context.addCookies([{ name: 'next-auth.session-token', value: 'forged', url: page.url() }]);
    await page.goto('/dashboard/orders');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forders$/);
  });

  test('a wrong password is refused without saying which field was wrong', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill('ninguem@balcao.dev');
    await page.getByLabel('Senha').fill(OWNER.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' })).toBeVisible();
    expect((await context.cookies()).filter((c) => c.name.includes('session-token'))).toHaveLength(0);
    await expectNoAxeViolations(page);
  });

  test('sign in sets an httpOnly SameSite=Lax cookie, brings the merchant back where they were going; "Sair" ends it', async ({ page, context }) => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/);
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Senha').fill(OWNER.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const session = (await context.cookies()).find((c) => c.name === 'next-auth.session-token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  });

  test('the CSV export without a session is refused', async ({ baseURL }) => {
    const anonymous = await playwrightRequest.newContext({ baseURL });
    const noCookie = await anonymous.get('/dashboard/orders/export', { maxRedirects: 0 });
    expect([303, 307, 308, 401]).toContain(noCookie.status());
    if (noCookie.status() !== 401) expect(noCookie.headers().location).toContain('/login');
    const forged = await anonymous.get('/dashboard/orders/export', { headers: { Cookie: FORGED_COOKIE, Accept: 'text/csv' }, maxRedirects: 0 });
    expect(forged.status()).toBe(401);
    expect(await forged.text()).not.toContain(';');
    await anonymous.dispose();
  });
});

test.describe('dashboard: an order from the shop', () => {
  test('paid Pix: listed as paid, timeline, partial refund, balance goes down, CSV has it', async ({ page, browser, request }) => {
    await signIn(page);
    const buyer = `Renata Prado ${runId()}`;
    const { code, orderId } = await shopperPixOrder(browser, { name: buyer, email: 'renata@exemplo.com.br' });
    const before = await readBalance(page);

    await payWithCode(request, code);
    await flushWebhooks(request);

    // The list: newest first, searchable by the buyer's name.
    await page.goto(`/dashboard/orders?q=${encodeURIComponent(buyer)}`);
    // On a phone the list is a list of cards (the table is for desks).
    const row = page.getByRole('list', { name: 'Pedidos, mais recentes primeiro' }).getByRole('listitem').filter({ hasText: buyer });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Pago', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('R$ 59,00')).toBeVisible();
    await expect(row.getByText('529.***.***-25')).toBeVisible();
    await expect(row.getByText(/criado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · pago em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: /Pedido/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
    await expect(page.getByTestId('order-status')).toHaveText('Pago');
    await expect(page.getByText('529.982.247-25')).toBeVisible(); // the merchant sees the full document
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByText('Cobrança gerada', { exact: true })).toBeVisible();
    await expect(timeline.getByText('Pagamento confirmado pelo banco', { exact: true })).toBeVisible();
    // The provider's notice, its signature and body stay one click away, under "Detalhes técnicos".
    const webhook = timeline.getByRole('listitem').filter({ hasText: 'Aviso do banco recebido' }).first();
    await expect(webhook.getByText('Assinatura válida')).toBeHidden();
    await webhook.getByText('Detalhes técnicos').click();
    await expect(webhook.getByText('Assinatura válida')).toBeVisible();
    await expect(webhook.locator('pre')).toContainText('"type"');
    await expectNoAxeViolations(page);

    const afterPay = await readBalance(page);
    expect(afterPay).toBe(before + 5900);

    // Refund R$ 10,00 of R$ 59,00.
    await page.goto(`/dashboard/orders/${orderId}`);
    await page.getByText('Mais ações', { exact: true }).click();
    await expect(page.getByLabel('Valor')).toHaveValue('59,00');
    await page.getByLabel('Valor').fill('60,00');
    await page.getByLabel('Descrição').fill('Caneca chegou lascada');
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    await expect(page.getByText('O valor não pode passar do total pago (R$ 59,00).')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Valor').fill('10,00');
    await page.getByLabel('Motivo').selectOption({ label: 'Solicitado pelo cliente' });
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar reembolso' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('refund-confirm-amount')).toHaveText('R$ 10,00');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Reembolso parcial de R\$ 10,00/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Reembolsado parcialmente');
    await expect(page.getByTestId('refunded-amount')).toHaveText('−R$ 10,00');
    // Once only: no second refund form.
    await expect(page.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
    await expect(timeline.getByText('Reembolso pedido', { exact: true })).toBeVisible();
    await expect(timeline.getByText(`Por: ${OWNER.email}`).first()).toBeVisible();
    await expectNoAxeViolations(page);

    expect(await readBalance(page)).toBe(afterPay - 1000);

    await page.goto('/dashboard/orders?status=refunded');
    await expect(page.getByRole('listitem').filter({ hasText: buyer }).getByText('Reembolsado parcialmente')).toBeVisible();

    // CSV of the same filter, with the session.
    const csv = await page.request.get('/dashboard/orders/export?status=refunded');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="pedidos_\d{4}-\d{2}-\d{2}_\d{4}\.csv"/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = unquotedCsv(body.toString('utf8'));
    // Items, the coupon and the Pix discount are columns of their own, before the value charged.
    expect(text).toContain('Pedido;Criado em;Status;Forma de pagamento;Itens (R$);Cupom;Desconto cupom (R$);Desconto Pix (R$);Valor (R$);Reembolsado (R$)');
    expect(text).toMatch(new RegExp(`${orderId};\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Reembolsado parcialmente;Pix;59,00;;0,00;0,00;59,00;10,00;`));
  });

  test('a server action without a session is refused; with one, "Cancelar cobrança" works', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const { orderId } = await shopperPixOrder(browser, { name: 'Otávio Reis', email: 'otavio@exemplo.com.br' });
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');

    // Capture the real "Cancelar cobrança" action request and stop it before it reaches the server.
    let captured: { url: string; headers: Record<string, string>; body: Buffer } | undefined;
    await page.route(`**/dashboard/orders/${orderId}`, async (route) => {
      const req = route.request();
      if (req.method() === 'POST' && req.headers()['next-action']) {
        captured = { url: req.url(), headers: req.headers(), body: req.postDataBuffer() ?? Buffer.alloc(0) };
        return route.abort();
      }
      return route.continue();
    });
    await page.getByText('Mais ações', { exact: true }).click();
    await page.getByRole('button', { name: 'Cancelar cobrança' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, cancelar cobrança' }).click();
    await expect.poll(() => captured).toBeTruthy();
    await page.unroute(`**/dashboard/orders/${orderId}`);

    // Replay it from a client with no session: no cookie (the proxy turns it away), then a forged one (the action refuses).
    const { cookie: _cookie, ...headers } = captured!.headers;
    const anonymous = await playwrightRequest.newContext({ baseURL });
    const noCookie = await anonymous.post(captured!.url, { headers, data: captured!.body, maxRedirects: 0 });
    expect(noCookie.status()).not.toBe(200);
    const forged = await anonymous.post(captured!.url, { headers: { ...headers, cookie: FORGED_COOKIE }, data: captured!.body, maxRedirects: 0 });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).toContain('Sua sessão terminou. Entre novamente para continuar.');
    await anonymous.dispose();
    expect(appQuery<{ status: string }>('select status from orders where id = ?', orderId)[0].status).toBe('pending');
    expect(appQuery<{ n: number }>("select count(*) as n from payment_events where order_id = ? and type = 'cancel_requested'", orderId)[0].n).toBe(0);

    // The same action with the session goes through.
    await page.reload();
    await page.getByText('Mais ações', { exact: true }).click();
    await page.getByRole('button', { name: 'Cancelar cobrança' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar a cobrança?' });
    await expect(dialog).toContainText('R$ 59,00');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sim, cancelar cobrança' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cobrança cancelada.' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Cancelado');
    await expect(page.getByTestId('timeline').getByText('Cancelamento pedido', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('dashboard: the checkout asks for the phone', () => {
  test('"Exigir celular (WhatsApp) do comprador" makes the checkout require it; unticked, it is optional again', async ({ page, browser }) => {
    await signIn(page, '/dashboard/settings');
    const box = page.getByRole('checkbox', { name: 'Exigir celular (WhatsApp) do comprador' });
    await expect(box).not.toBeChecked();
    const save = async (on: boolean) => {
      await page.goto('/dashboard/settings');
      await box.setChecked(on);
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas. Valem para os próximos pedidos.')).toBeVisible();
      await page.reload();
      await expect(box).toBeChecked({ checked: on });
    };
    await save(true);
    try {
      await expectNoAxeViolations(page);
      const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const shopper = await context.newPage();
      await addToCart(shopper, 'caneca-ceramica');
      await shopper.goto('/checkout');
      const phone = shopper.getByLabel('Celular (WhatsApp)');
      await expect(phone).toHaveAttribute('required');
      await expect(phone).toHaveAccessibleDescription(/^Com DDD/);
      await fillPix(shopper);
      await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
      await expect(shopper.locator('#campo-phone-erro')).toHaveText('Informe o celular (WhatsApp).');
      await expect(phone).toBeFocused();
      await expectNoAxeViolations(shopper);
      await phone.pressSequentially('11987654321');
      await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
      await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
      const [row] = appQuery<{ buyer_phone: string }>('select buyer_phone from orders where token = ?', tokenFromUrl(shopper.url()));
      expect(row.buyer_phone).toBe('11987654321');
      await context.close();
    } finally {
      await save(false);
    }
  });
});

test.describe('dashboard: when the payment API is down', () => {
  test('the overview still opens: the balance says it is unavailable and shows the last value read', async ({ page, request }) => {
    await signIn(page);
    const last = await readBalance(page);
    const faults = (body: object) =>
      request.put('/api/sandbox/sim/faults', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: body });
    expect((await faults({ error_rate: 1 })).status()).toBe(200);
    try {
      const res = await page.goto('/dashboard');
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Visão geral', level: 1 })).toBeVisible();
      await expect(page.getByText('Indisponível')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível consultar o saldo agora.' })).toBeVisible();
      await expect(page.getByText(`Último saldo lido: R$`)).toContainText(new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(last / 100));
      await expect(page.getByRole('heading', { name: 'Receita por dia' })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      expect((await faults({})).status()).toBe(200);
    }
    await page.goto('/dashboard');
    await expect(page.getByTestId('balance')).toBeVisible();
  });
});
