/**
 * Screenshots of the merchant dashboard at a desk (1366 px) and on a phone (390 px) for docs/screenshots. Each one also
 * asserts what it shows (and that the page does not scroll sideways), so a broken page fails
 * here instead of producing a bad picture. The phone's README pictures are first screens (what a
 * shopkeeper sees on opening the page, the bottom bar where it sits): the overview, the orders,
 * and a paid order with what to pack and its next action.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillBoleto, fillPix, OWNER, payWithCode, SANDBOX_KEY, signIn, tokenFromUrl } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

const DIR = SCREENSHOT_DIR;

test.use({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

async function shot(page: Page, name: string, { firstScreen = false } = {}) {
  // Wide content (a table) scrolls inside its own box: the page itself never scrolls sideways.
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, `${name}: the page scrolls sideways by ${sideways}px`).toBeLessThanOrEqual(0);
  // A full-page capture draws sticky elements where the capture scrolled them: show the sidebar as at the top of the page.
  // The same for the phone's bottom bar, the orders' bulk actions and the editor's "Salvar produto": drawn once, where they sit, not across the page's middle.
  if (!firstScreen) await page.addStyleTag({ content: '[data-sidebar], [data-testid="bottom-bar"], [aria-label="Com os pedidos selecionados"], [data-save-bar] { position: static !important; }' });
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, { path: `${DIR}/${name}.png`, fullPage: !firstScreen, animations: 'disabled', caret: 'hide' });
  // Every page pictured is also scanned, in the state pictured (desktop and phone layouts).
  await expectNoAxeViolations(page);
}

async function order(page: Page, method: 'pix' | 'boleto', slug: string, name: string): Promise<{ id: string; code: string }> {
  await addToCart(page, slug);
  await page.goto('/checkout');
  if (method === 'pix') await fillPix(page, { name, email: 'cliente@exemplo.com.br' });
  else await fillBoleto(page);
  await page.getByRole('button', { name: method === 'pix' ? 'Pagar com Pix' : 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  const code = method === 'pix' ? await page.getByLabel('Pix copia e cola').inputValue() : '';
  return { id: appQuery<{ id: string }>('select id from orders where token = ?', token)[0].id, code };
}

test('login, overview, orders, order detail and settings at 1366 px', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const shopper = await (await browser.newContext()).newPage();
  const paid = await order(shopper, 'pix', 'moedor-manual', 'Helena Castro');
  const refunded = await order(shopper, 'pix', 'kit-degustacao', 'Igor Nunes');
  await order(shopper, 'boleto', 'prensa-francesa', 'Bruno Lima');
  await order(shopper, 'pix', 'cafe-especial-250g', 'Júlia Mendes');
  await payWithCode(request, paid.code);
  await payWithCode(request, refunded.code);
  await request.post('/api/sandbox/sim/webhooks/flush', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: {} });

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar no painel da loja' })).toBeVisible();
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' })).toBeVisible();
  await shot(page, 'dashboard-login');
  await page.getByLabel('Senha').fill(OWNER.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A partial refund, so that the timeline and the numbers show one.
  await page.goto(`/dashboard/orders/${refunded.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 15_000 });
  await page.getByText('Mais ações', { exact: true }).click();
  await page.getByLabel('Valor').fill('20,00');
  await page.getByLabel('Descrição').fill('Um dos cafés veio errado');
  await page.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirmar reembolso' })).toBeVisible();
  // A modal covers the screen, not a full page's capture: the screen as the merchant sees it.
  await shot(page, 'dashboard-refund-confirm', { firstScreen: true });
  await page.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Reembolsado parcialmente', { timeout: 20_000 });
  await page.getByTestId('timeline').getByText('Detalhes técnicos').nth(2).click();
  await shot(page, 'dashboard-order-refunded');

  await page.goto(`/dashboard/orders/${paid.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Pago');
  await shot(page, 'dashboard-order-paid');

  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receita por dia' })).toBeVisible();
  await shot(page, 'dashboard-overview');

  await page.goto('/dashboard/orders');
  await expect(page.getByRole('row').filter({ hasText: 'Helena Castro' })).toBeVisible();
  await shot(page, 'dashboard-orders');
  await page.goto('/dashboard/orders?status=pending&method=boleto');
  await expect(page.getByRole('row').filter({ hasText: 'Bruno Lima' }).first()).toBeVisible();
  await shot(page, 'dashboard-orders-filtered');

  await page.goto('/dashboard/produtos');
  await expect(page.getByRole('link', { name: 'Novo produto' })).toBeVisible();
  await shot(page, 'dashboard-products');
  // Found by the list's search: other journeys (an import of 20 products) may push it to page 2.
  await page.goto('/dashboard/produtos?q=Prensa');
  await expect(page.getByRole('listitem').filter({ hasText: 'Prensa francesa 600 ml' })).toContainText('Ativo');
  await page.getByRole('link', { name: 'Prensa francesa 600 ml' }).click();
  await expect(page.getByRole('heading', { name: 'Fotos' })).toBeVisible();
  await shot(page, 'dashboard-product-edit');

  await page.goto('/dashboard/settings');
  await page.getByLabel('Multa por atraso').fill('0,05');
  await page.getByLabel('Tolerância após o vencimento').fill('45');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('A multa deve ser de pelo menos 0,1%.')).toBeVisible();
  await expect(page.getByLabel('Multa por atraso')).toHaveValue('0,05');
  await shot(page, 'dashboard-settings-errors');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.5, isMobile: true, hasTouch: true });

  test('overview, orders and a paid order at 390 px', async ({ page, browser, request }) => {
    // A paid order of its own: its first screen shows what to pack and the next action.
    const shopper = await (await browser.newContext()).newPage();
    const paid = await order(shopper, 'pix', 'caneca-ceramica', 'Marina Duarte');
    await payWithCode(request, paid.code);
    await request.post('/api/sandbox/sim/webhooks/flush', { headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' }, data: {} });
    // The overview counts it once the shop has it as paid.
    await expect.poll(() => appQuery<{ status: string }>('select status from orders where id = ?', paid.id)[0].status, { timeout: 15_000 }).toBe('paid');
    await signIn(page);
    await expect(page.getByTestId('balance')).toBeVisible();
    await shot(page, 'dashboard-mobile-overview', { firstScreen: true });
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('navigation', { name: 'Painel' })).toBeVisible();
    await expect(page.getByText('Marina Duarte').first()).toBeVisible();
    await shot(page, 'dashboard-mobile-orders', { firstScreen: true });
    await page.goto(`/dashboard/orders/${paid.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 15_000 });
    await expect(page.getByTestId('next-step')).toContainText('Caneca de cerâmica artesanal');
    await expect(page.getByTestId('next-step').getByRole('link', { name: 'Marcar como enviado' }).or(page.getByTestId('next-step').getByRole('button', { name: 'Comprar etiqueta' }))).toBeInViewport({ ratio: 1 });
    await shot(page, 'dashboard-mobile-order', { firstScreen: true });
    await page.goto('/dashboard/produtos');
    await expect(page.getByRole('link', { name: 'Novo produto' })).toBeVisible();
    await shot(page, 'dashboard-mobile-products');
  });
});
