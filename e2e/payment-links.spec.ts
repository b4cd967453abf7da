/**
 * Payment links: the merchant creates a link in the dashboard and shares it; a buyer on a
 * phone pays it by Pix at /pagar/<code> and sees "Pago"; the link's page shows the paid order;
 * a one-off link refuses a second buyer; a buyer-chosen amount below the minimum is refused
 * next to its field. Every page visited is scanned with axe.
 */
import fs from 'node:fs';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { appQuery, fillPix, payWithCode, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

const SCREENSHOTS = SCREENSHOT_DIR;

/** Letters only, so titles stay unique between runs on one database. */
function runId(): string {
  return Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function createLink(page: Page, o: { title: string; amount?: string; minAmount?: string; limit?: string; description?: string }): Promise<{ url: string; id: string }> {
  await page.goto('/dashboard/links/novo');
  await page.getByLabel('Título').fill(o.title);
  if (o.description) await page.getByLabel('Descrição (opcional)').fill(o.description);
  if (o.minAmount) {
    await page.getByRole('radio', { name: 'O comprador informa o valor' }).check();
    await page.getByLabel('Valor mínimo').fill(o.minAmount);
  } else {
    await page.getByLabel('Valor a cobrar').fill(o.amount ?? '150,00');
  }
  if (o.limit) await page.getByLabel('Limite de pagamentos (opcional)').fill(o.limit);
  await page.getByRole('button', { name: 'Criar link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/[0-9a-f-]{36}\?novo=1$/);
  const url = (await page.getByTestId('link-url').textContent())!.trim();
  expect(url).toMatch(/\/pagar\/[0-9A-Za-z]{12}$/);
  return { url, id: /links\/([0-9a-f-]{36})/.exec(page.url())![1] };
}

async function buyerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

test.describe('payment links', () => {
  test('the links pages without a session go to the sign-in page, even with a forged cookie', async ({ page, context }) => {
    for (const path of ['/dashboard/links', '/dashboard/links/novo', '/dashboard/links/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\?callbackUrl=/);
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(path);
    }
    await context.addCookies([{ name: 'next-auth.session-token', value: 'forged', url: page.url() }]);
    await page.goto('/dashboard/links/novo');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Flinks%2Fnovo$/);
    await page.goto('/pagar/AAAAAAAAAAAA');
    await expect(page.getByRole('heading', { name: 'Link de pagamento não encontrado' })).toBeVisible();
  });

  test('a fixed-price one-off link: created, shared, paid by Pix on a phone, seen Pago by both, refused to a second buyer', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const title = `Bolo de cenoura ${runId()}`;
    await signIn(page, '/dashboard/links');
    // On a phone "Links" sits behind the bottom bar's "Mais", which is the current item.
    await expect(page.getByTestId('bottom-bar').getByRole('link', { name: 'Mais', exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    // A refused form keeps what was typed and says what is wrong next to each field.
    await page.getByRole('link', { name: /Novo link|Criar meu primeiro link/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/links\/novo$/);
    await page.getByLabel('Valor a cobrar').fill('4,50');
    await page.getByLabel('Limite de pagamentos (opcional)').fill('0');
    await page.getByRole('button', { name: 'Criar link' }).click();
    await expect(page.getByText('Dê um título ao link: é o que o comprador vê.')).toBeVisible();
    await expect(page.getByLabel('Valor a cobrar')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('O valor deve ser de pelo menos R$ 5,00 (o mínimo para Pix e boleto).')).toBeVisible();
    await expect(page.getByLabel('Valor a cobrar')).toHaveValue('4,50');
    await expect(page.getByLabel('Título')).toBeFocused();
    await expectNoAxeViolations(page);

    const { url, id } = await createLink(page, { title, amount: '150,00', limit: '1', description: 'Entrega no sábado.' });
    await expect(page.getByRole('status').filter({ hasText: 'Link criado' })).toBeVisible();
    await expect(page.getByTestId('link-state')).toHaveText('Ativo');

    // Copiar link, WhatsApp with a ready message, the QR code as a PNG.
    await page.evaluate(() => {
      (window as unknown as { copied: string[] }).copied = [];
      navigator.clipboard.writeText = async (text: string) => void (window as unknown as { copied: string[] }).copied.push(text);
    });
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([url]);
    const wa = await page.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(new URL(wa!).searchParams.get('text')).toBe(`Olá! Segue o link para pagar “${title}” (R$ 150,00) por Pix ou boleto: ${url}?utm_source=whatsapp`);
    const qr = await page.request.get(`/dashboard/links/${id}/qr?download=1`);
    expect(qr.status()).toBe(200);
    expect(qr.headers()['content-type']).toBe('image/png');
    expect(qr.headers()['content-disposition']).toMatch(/^attachment; filename="link-[0-9A-Za-z]{12}\.png"$/);
    expect((await qr.body()).subarray(1, 4).toString()).toBe('PNG');
    expect(await page.getByRole('img', { name: /QR Code do link/ }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Without a session the QR route says nothing: the proxy sends a cookieless request to sign in,
    // and a cookie that only looks like a session is refused by the route itself.
    const noCookie = await request.get(`/dashboard/links/${id}/qr`, { maxRedirects: 0 });
    expect(noCookie.headers()['location'] ?? '').toContain('/login');
    const forged = await request.get(`/dashboard/links/${id}/qr`, { maxRedirects: 0, headers: { cookie: 'next-auth.session-token=forged' } });
    expect(forged.status()).toBe(401);
    await expectNoAxeViolations(page);

    // The buyer, on a phone: the shop, the title, the amount, and the checkout's own Pix form.
    const buyer = await buyerPage(browser);
    await buyer.goto(url);
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(buyer.getByText('Cobrança de Café da Esquina')).toBeVisible();
    await expect(buyer.getByTestId('link-amount')).toHaveText('R$ 150,00');
    await expect(buyer.getByText('Entrega no sábado.')).toBeVisible();
    await expectNoAxeViolations(buyer);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await screenshot(buyer, { path: `${SCREENSHOTS}/pay-link.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
    await fillPix(buyer, { name: 'Carla Dias', email: 'carla@exemplo.com.br' });
    await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(buyer.url());
    const [order] = appQuery<{ total_cents: number; payment_link_id: string }>('select total_cents, payment_link_id from orders where token = ?', token);
    expect(order).toEqual({ total_cents: 15000, payment_link_id: id });
    await expect(buyer.getByText(`1 × ${title}`)).toBeVisible();
    await payWithCode(request, await buyer.getByLabel('Pix copia e cola').inputValue());
    await expect(buyer.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await expectNoAxeViolations(buyer);

    // The merchant's link page: the paid order, the link used up.
    await page.reload();
    await expect(page.getByTestId('link-state')).toHaveText('Esgotado');
    await expect(page.getByTestId('link-paid-count')).toHaveText('1 de 1');
    await expect(page.getByTestId('link-paid-total')).toHaveText('R$ 150,00');
    const orders = page.getByRole('list', { name: 'Pedidos deste link, mais recentes primeiro' });
    await expect(orders.getByRole('listitem')).toHaveCount(1);
    await expect(orders.getByText('Pago', { exact: true })).toBeVisible();
    await expect(orders.getByText('Carla Dias')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/dashboard/links');
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Esgotado')).toBeVisible();
    await expect(row).toContainText('1 de 1 pagamento');
    await expect(row).toContainText('R$ 150,00 recebidos');

    // The buyer coming back to the link finds their own order.
    await buyer.goto(url);
    await expect(buyer.getByRole('status').filter({ hasText: 'Você já gerou um pagamento por este link: Pago.' })).toBeVisible();
    await buyer.getByRole('link', { name: 'Ver meu pedido' }).click();
    await expect(buyer).toHaveURL(new RegExp(`/orders/${token}$`));

    // A second buyer of the one-off link finds nothing to pay.
    const second = await buyerPage(browser);
    await second.goto(url);
    await expect(second.getByRole('heading', { name: 'Este link já foi pago' })).toBeVisible();
    await expect(second.getByRole('button', { name: /Pagar com Pix|Gerar boleto/ })).toHaveCount(0);
    await expect(second.getByRole('link', { name: 'Ver meu pedido' })).toHaveCount(0);
    await expectNoAxeViolations(second);
    await buyer.context().close();
    await second.context().close();

    // The orders list filters by the link, and the CSV carries its title.
    await page.goto(`/dashboard/orders?link=${id}`);
    await expect(page.getByLabel('Link de pagamento')).toHaveValue(id);
    await expect(page.getByText('1 pedido com esses filtros')).toBeVisible();
    const csv = await page.request.get(`/dashboard/orders/export?link=${id}`);
    const text = unquotedCsv(await csv.text());
    expect(text.split('\r\n')[0]).toContain(';Link de pagamento');
    expect(text).toContain(`;${title};`);
  });

  test('a buyer-chosen amount below the minimum is refused next to the field; Desativar stops new payments at once', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signIn(page, '/dashboard/links');
    const { url, id: linkId } = await createLink(page, { title: `Sinal da encomenda ${runId()}`, minAmount: '20,00' });

    const buyer = await buyerPage(browser);
    await buyer.goto(url);
    await expect(buyer.getByTestId('link-amount')).toHaveText('você escolhe, a partir de R$ 20,00');
    await buyer.getByLabel('Valor a pagar').fill('19,99');
    const davi = `davi-${runId()}@exemplo.com.br`.toLowerCase();
    await fillPix(buyer, { name: 'Davi Rocha', email: davi });
    // The reminder notice is read with the e-mail field (the saved checkout, on a link too).
    await expect(buyer.getByLabel('E-mail')).toHaveAccessibleDescription(/A loja pode enviar um lembrete sobre esta compra/);
    await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
    const amount = buyer.getByLabel('Valor a pagar');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(buyer.locator('#campo-amount-erro')).toHaveText('O valor mínimo é R$ 20,00.');
    await expect(amount).toHaveValue('19,99');
    await expect(buyer.getByLabel('Nome completo')).toHaveValue('Davi Rocha');
    await expect(amount).toBeFocused();
    await expect(buyer).toHaveURL(url);
    await expectNoAxeViolations(buyer);
    // The refused submit saved the link's draft: "Carrinhos abandonados" lists it (the amount typed, the furthest step).
    await page.goto('/dashboard/carrinhos-abandonados');
    await expect(page.getByTestId('abandoned-row').filter({ hasText: davi })).toContainText(/R\$ 19,99.*Pagamento/);
    await page.goto(`/dashboard/links/${linkId}`);

    await amount.fill('25,50');
    await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    await expect(buyer.getByText('R$ 25,50').first()).toBeVisible();

    // Desativar: the buyer's next visit finds the link closed.
    await page.reload();
    await page.getByRole('button', { name: 'Desativar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar link' }).click();
    await expect(page.getByText('Link desativado: ele não aceita mais pagamentos.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('link-state')).toHaveText('Desativado');
    await buyer.goto(url);
    await expect(buyer.getByRole('heading', { name: 'Este link foi desativado' })).toBeVisible();
    await expect(buyer.getByLabel('Valor a pagar')).toHaveCount(0);
    await buyer.context().close();
  });

  test("the shop's Pix discount on a link that takes it: its own line, the Pix total, the boleto total", async ({ page, browser }) => {
    await signIn(page, '/dashboard/settings');
    const setDiscount = async (percent: string) => {
      await page.goto('/dashboard/settings');
      await page.getByLabel('Desconto no Pix').fill(percent);
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.', { exact: false })).toBeVisible();
    };
    await setDiscount('10');
    try {
      await page.goto('/dashboard/links/novo');
      await expect(page.getByRole('checkbox', { name: 'Aplicar o desconto do Pix (10%)' })).toBeChecked();
      const { url } = await createLink(page, { title: `Cesta de café ${runId()}`, amount: '150,00' });
      await expect(page.getByText('Sim (10%)')).toBeVisible();
      const buyer = await buyerPage(browser);
      await buyer.goto(url);
      await expect(buyer.getByText('Desconto no Pix (10%)')).toBeVisible();
      await expect(buyer.getByTestId('link-amount')).toHaveText('R$ 135,00', { useInnerText: true });
      await buyer.getByRole('radio', { name: 'Boleto', exact: true }).check();
      await expect(buyer.getByTestId('link-amount')).toHaveText('R$ 150,00', { useInnerText: true });
      await expectNoAxeViolations(buyer);
      await buyer.getByRole('radio', { name: 'Pix', exact: true }).check();
      await fillPix(buyer, { name: 'Elisa Prado', email: 'elisa@exemplo.com.br' });
      await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
      await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
      const [order] = appQuery<{ total_cents: number; pix_discount_cents: number }>('select total_cents, pix_discount_cents from orders where token = ?', tokenFromUrl(buyer.url()));
      expect(order).toEqual({ total_cents: 13500, pix_discount_cents: 1500 });
      await buyer.context().close();
    } finally {
      await setDiscount('0');
    }
  });

  test('the links page and a paid link page at 1280 px (docs/screenshots/dashboard-links.png, dashboard-link.png)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await signIn(page, '/dashboard/links');
    await expect(page.getByRole('table')).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.addStyleTag({ content: '[data-sidebar] { position: static !important; }' });
    await screenshot(page, { path: `${SCREENSHOTS}/dashboard-links.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
    await expectNoAxeViolations(page);
    // A paid one-off link's page: the address, WhatsApp, QR code and its orders.
    await page.getByRole('table').getByRole('link', { name: /Bolo de cenoura/ }).first().click();
    await expect(page.getByTestId('link-state')).toHaveText('Esgotado');
    await expect(page.getByRole('img', { name: /QR Code do link/ })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, { path: `${SCREENSHOTS}/dashboard-link.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
    await expectNoAxeViolations(page);
    await context.close();
  });
});
