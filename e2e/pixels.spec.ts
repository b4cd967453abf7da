/**
 * Ad pixels, sent from the server, with consent. The merchant turns the Meta Pixel on in
 * Integrações; a shopper from an Instagram post accepts marketing cookies, buys the digital
 * e-book with Pix and pays (and gets "Baixar"); the platforms' stand-in — a local receiver three ports above the app, where the e2e
 * server's META_GRAPH_URL and GA4_COLLECT_URL point — gets exactly one Purchase, with the right
 * value and the hashed e-mail, and only after the payment. A shopper who refuses (without
 * JavaScript, too) gets no marketing cookie and no pixel script.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, PORT, signIn, tokenFromUrl } from './shop-helpers';

const RECEIVER_PORT = PORT + 3;
const PIXEL_ID = '123456789012345';
type Hit = { path: string; body: { data?: { event_name: string; event_id: string; event_source_url?: string; user_data: Record<string, unknown>; custom_data?: Record<string, unknown> }[] } };
const hits: Hit[] = [];
let receiver: http.Server;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      try {
        hits.push({ path: req.url ?? '', body: JSON.parse(raw) as Hit['body'] });
      } catch {
        hits.push({ path: req.url ?? '', body: {} });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"events_received":1}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const purchases = () => hits.flatMap((h) => (h.path.startsWith(`/meta/`) ? (h.body.data ?? []) : [])).filter((e) => e.event_name === 'Purchase');

async function shopper(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', javaScriptEnabled });
  // The real fbevents.js never loads in a test: an empty script stands in for it. A request
  // reaching this route proves the page's snippet ran and the CSP let the script load.
  const loaded: string[] = [];
  await context.route('https://connect.facebook.net/**', (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return { context, loaded };
}

async function setMetaPixel(page: Page, pixelId: string, token: string) {
  await page.goto('/dashboard/settings/integracoes');
  const form = page.getByRole('form', { name: 'Meta Pixel' });
  await form.getByLabel('ID do Pixel').fill(pixelId);
  await form.getByLabel('Token da API de Conversões').fill(token);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByRole('status')).toHaveText(pixelId ? /Meta Pixel salvo/ : /Meta Pixel desligado/);
}

/** Whether the page as served carries Meta's snippet (a script's text is no locator text). */
const hasPixelScript = async (page: Page) => (await page.content()).includes('fbevents.js');

test.describe('Pixels with consent', () => {
  test.afterEach(async ({ page }) => {
    // The other journeys meet a shop without pixels (no banner).
    await signIn(page, '/dashboard/settings/integracoes');
    await setMetaPixel(page, '', '');
  });

  test('a shopper from Instagram accepts, buys the e-book with Pix, gets "Baixar"; the receiver gets one Purchase with the value and the hashed e-mail, only after the payment', async ({ page, browser, baseURL }) => {
    await signIn(page, '/dashboard/settings/integracoes');
    await setMetaPixel(page, PIXEL_ID, 'EAABtestTokenForTheE2eReceiver0123');
    await expect(page.getByRole('form', { name: 'Meta Pixel' }).getByLabel('Token da API de Conversões')).toHaveValue('');
    await expectNoAxeViolations(page);

    const { context, loaded } = await shopper(browser, baseURL);
    const tab = await context.newPage();
    const first = await tab.goto('/?utm_source=instagram&utm_campaign=black-friday');
    expect(first!.headers()['content-security-policy']).not.toContain('facebook');
    const banner = tab.getByRole('region', { name: 'Cookies de marketing' });
    await expect(banner).toBeVisible();
    expect(await hasPixelScript(tab)).toBe(false);
    await expectNoAxeViolations(tab);

    await banner.getByRole('button', { name: 'Aceitar cookies de marketing' }).click();
    await expect(tab).toHaveURL(/\/\?utm_source=instagram&utm_campaign=black-friday$/);
    await expect(banner).toHaveCount(0);
    await expect.poll(() => loaded).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    const consent = (await context.cookies()).find((c) => c.name === 'balcao_consent');
    expect(consent).toMatchObject({ value: 'marketing', httpOnly: true, sameSite: 'Lax' });
    const csp = (await tab.request.get('/')).headers()['content-security-policy'];
    expect(csp).toContain('https://connect.facebook.net');

    await addToCart(tab, 'ebook-guia-do-cafe-coado');
    await tab.goto('/checkout');
    await fillPix(tab, { email: 'Pixel.Buyer@Exemplo.com.br' });
    await tab.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(tab).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(tab.url());
    const [order] = appQuery<{ id: string; total_cents: number }>('SELECT id, total_cents FROM orders WHERE token = ?', token);

    // Placed, not paid: no Purchase anywhere, not even in the outbox.
    expect(appQuery('SELECT 1 FROM pixel_events WHERE order_id = ?', order.id)).toEqual([]);
    expect(purchases()).toEqual([]);

    await payWithCode(tab.request, await tab.getByLabel('Pix copia e cola').inputValue());
    await expect(tab.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await expect(tab.getByRole('button', { name: /Baixar/ })).toBeVisible();
    await expect.poll(() => appQuery<{ status: string }>("SELECT status FROM pixel_events WHERE order_id = ? AND name = 'Purchase'", order.id), { timeout: 15_000 }).toEqual([{ status: 'sent' }]);
    const [purchase] = purchases();
    expect(purchases()).toHaveLength(1);
    expect(purchase.custom_data).toMatchObject({ currency: 'BRL', value: order.total_cents / 100 });
    expect(purchase.user_data.em).toEqual([createHash('sha256').update('pixel.buyer@exemplo.com.br').digest('hex')]);
    expect(purchase.user_data.client_user_agent).toMatch(/Android/);
    expect(hits.every((h) => h.path === `/meta/v21.0/${PIXEL_ID}/events`)).toBe(true);
    // The order's address is a bearer link: cut in what is sent, and no browser script on its page.
    expect(purchase.event_source_url).toBe(`${baseURL}/orders/`);
    expect(JSON.stringify(hits)).not.toContain(token);

    // The order's page seen again: still one Purchase; the merchant reads it on the order's timeline.
    await tab.reload();
    expect(await hasPixelScript(tab)).toBe(false);
    expect(appQuery("SELECT 1 FROM pixel_events WHERE order_id = ? AND name = 'Purchase'", order.id)).toHaveLength(1);
    await page.goto(`/dashboard/orders/${order.id}`);
    await expect(page.getByText('Compra enviada — Meta (API de Conversões)')).toBeVisible();
    await context.close();
  });

  test('a shopper who refuses, without JavaScript: no marketing cookie, no pixel script, nothing sent', async ({ page, browser, baseURL }) => {
    await signIn(page, '/dashboard/settings/integracoes');
    await setMetaPixel(page, PIXEL_ID, 'EAABtestTokenForTheE2eReceiver0123');
    const before = hits.length;
    const rowsBefore = appQuery('SELECT 1 FROM pixel_events').length;
    const { context, loaded } = await shopper(browser, baseURL, false);
    const tab = await context.newPage();
    await tab.goto('/products/filtros-de-papel');
    await tab.getByRole('button', { name: 'Recusar' }).click();
    await expect(tab).toHaveURL(/\/products\/filtros-de-papel$/);
    await expect(tab.getByRole('region', { name: 'Cookies de marketing' })).toHaveCount(0);
    expect(await hasPixelScript(tab)).toBe(false);
    expect(loaded).toEqual([]);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).toContain('balcao_consent');
    for (const marketing of ['_fbp', '_fbc', '_ga']) expect(names).not.toContain(marketing);
    expect((await context.cookies()).find((c) => c.name === 'balcao_consent')?.value).toBe('none');
    const res = await tab.request.get('/products/filtros-de-papel');
    expect(res.headers()['content-security-policy']).not.toMatch(/facebook|google/);
    expect(await res.text()).not.toContain('fbevents');
    expect(appQuery('SELECT 1 FROM pixel_events')).toHaveLength(rowsBefore);
    expect(hits.length).toBe(before);
    await context.close();
  });
});
