/**
 * Selling from Instagram: where a sale came from ("Origem"). A shopper arrives from a tagged
 * post, browses, buys with Pix and pays; the merchant sees the origin on the order, filters the
 * list by it, and finds the sale in the overview's "Vendas por origem".
 */
import { devices, expect, test } from '@playwright/test';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';
import { expectNoAxeViolations } from './axe';

test.describe('Instagram: Origem', () => {
  test('a shopper from a tagged post buys with Pix; the merchant sees "Origem: instagram / black-friday" and the sale by origin', async ({ page, context, request }) => {
    await page.goto('/?utm_source=instagram&utm_campaign=black-friday');
    const origin = (await context.cookies()).find((c) => c.name === 'balcao_origem');
    expect(origin).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(decodeURIComponent(origin!.value)).toBe('source=instagram&campaign=black-friday');
    // about 30 days
    expect(origin!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // A later tagged visit does not replace the first touch.
    await page.goto('/?utm_source=whatsapp');
    expect((await context.cookies()).find((c) => c.name === 'balcao_origem')!.value).toBe(origin!.value);

    await addToCart(page, 'filtros-de-papel');
    await page.goto('/checkout');
    await fillPix(page, { email: 'insta@exemplo.com.br' });
    await page.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(page.url());
    const code = await page.getByLabel('Pix copia e cola').inputValue();
    await payWithCode(request, code);
    await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

    const [order] = appQuery<{ id: string; origin_source: string; origin_campaign: string }>('SELECT id, origin_source, origin_campaign FROM orders WHERE token = ?', token);
    expect(order).toMatchObject({ origin_source: 'instagram', origin_campaign: 'black-friday' });

    await signIn(page, `/dashboard/orders/${order.id}`);
    await expect(page.getByTestId('order-origin')).toHaveText('Origem: instagram / black-friday');
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/orders?origin=instagram');
    await expect(page.getByLabel('Origem')).toHaveValue('instagram');
    await expect(page.getByText('Origem: instagram / black-friday').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const csv = unquotedCsv(await (await page.request.get('/dashboard/orders/export?origin=instagram')).text());
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const line = lines.find((l) => l.includes(order.id))!.split(';');
    expect(line[header.split(';').indexOf('Origem')]).toBe('instagram / black-friday');

    await page.goto('/dashboard');
    const table = page.getByTestId('origin-sales');
    await expect(page.getByRole('heading', { name: 'Vendas por origem' })).toBeVisible();
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'instagram black-friday' }) });
    await expect(row).toHaveCount(1);
    // Pedidos, Receita, Conversão (with the paid count)
    await expect(row.getByRole('cell')).toHaveText(['1', 'R$ 12,50', /^100%\s*1 pago$/]);
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: 'instagram' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\?origin=instagram$/);
  });

  test("a payment link's WhatsApp share carries utm_source=whatsapp, and its sale says so", async ({ page, browser, baseURL }) => {
    await signIn(page, '/dashboard/links');
    await page.goto('/dashboard/links/novo');
    await page.getByLabel('Título').fill(`Guia do café ${Date.now()}`);
    await page.getByLabel('Valor a cobrar').fill('50,00');
    await page.getByRole('button', { name: 'Criar link' }).click();
    await expect(page).toHaveURL(/\/dashboard\/links\/[0-9a-f-]{36}\?novo=1$/);
    const wa = await page.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href');
    const shared = new URL(new URL(wa!).searchParams.get('text')!.split(' ').at(-1)!);
    expect(shared.searchParams.get('utm_source')).toBe('whatsapp');
    await expect(page.getByRole('button', { name: 'Copiar para o Instagram' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The buyer (another browser: no first-touch cookie of the shop's) opens the shared address.
    const buyer = await browser.newContext({ ...devices['Pixel 7'], baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const tab = await buyer.newPage();
    await tab.goto(`${shared.pathname}${shared.search}`);
    await fillPix(tab, { email: 'zap@exemplo.com.br' });
    await tab.getByRole('button', { name: /Pagar com Pix/ }).click();
    await expect(tab).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(tab.url());
    await buyer.close();
    const [order] = appQuery<{ origin_source: string | null }>('SELECT origin_source FROM orders WHERE token = ?', token);
    expect(order.origin_source).toBe('whatsapp');
  });
});
