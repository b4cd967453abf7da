/**
 * The merchant's own catalog, end to end: a product created in the dashboard with a real
 * photo from the phone (a JPEG carrying GPS EXIF), sold by Pix at the shop's Pix discount,
 * its stock falling to "Esgotado" (a shopper who loaded the checkout before the last unit went
 * is told so and keeps the cart), then archived: gone from the shop, still on its orders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

const NAME = 'Café Bourbon Amarelo 500 g';
const SLUG = 'cafe-bourbon-amarelo-500-g';

async function setPixDiscount(page: Page, percent: string) {
  await page.goto('/dashboard/settings');
  await page.getByLabel('Desconto no Pix').fill(percent);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas')).toBeVisible();
}

/** A phone photo: 2000 × 1500 JPEG with the camera and the GPS position in its EXIF. */
async function phonePhoto(): Promise<string> {
  const w = 2000;
  const h = 1500;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([120 + (x % 100), 70 + (y % 60), 40], (y * w + x) * 3);
  const file = path.join(os.tmpdir(), `balcao-e2e-foto-${process.pid}.jpg`);
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' } })
    .toFile(file);
  return file;
}

async function shopper(browser: Browser) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 412, height: 915 } });
  return { context, page: await context.newPage() };
}

function stockOf(slug: string): number | null {
  return appQuery<{ stock: number | null }>('select v.stock from product_variants v join products p on p.id = v.product_id where p.slug = ? and v.option1 is null', slug)[0].stock;
}

/** Adds the product and opens the checkout form (Pix picked). */
async function toCheckout(page: Page) {
  await page.goto(`/products/${SLUG}`);
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  await fillPix(page);
}

async function payPix(page: Page, request: import('@playwright/test').APIRequestContext): Promise<string> {
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  return token;
}

test('merchant creates a product with a photo; shoppers buy it by Pix at the discount until it is sold out; archived, it leaves the shop but not its orders', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard/produtos');
  await expectNoAxeViolations(page);
  await setPixDiscount(page, '5');

  // Create, with a field error first: what was typed stays.
  await page.goto('/dashboard/produtos');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\/novo$/);
  await page.getByLabel('Nome').fill(NAME);
  await page.getByLabel('Descrição').fill('Torra média, do Sul de Minas.\nNotas de caramelo e frutas amarelas.');
  const price = page.getByLabel('Preço');
  await price.pressSequentially('0,4');
  await page.getByLabel('Estoque').fill('2');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('O preço mínimo é R$ 0,50.')).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(NAME);
  await expect(page.getByLabel('Estoque')).toHaveValue('2');
  await expectNoAxeViolations(page);
  // The mask: thousands grouped as typed, and the caret stays where the person types (a caret
  // sent to the end would make "12" at the start read "19.4902").
  await price.fill('');
  await price.pressSequentially('9490');
  await expect(price).toHaveValue('9.490');
  await price.press('Home');
  await price.pressSequentially('12');
  await expect(price).toHaveValue('129.490');
  await price.fill('94,90');
  // A product that ships goes on sale only with its weight and size, said next to each field.
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByLabel('Peso (g)')).toHaveAccessibleDescription(/precisa de peso e medidas/);
  await page.getByLabel('Peso (g)').fill('300');
  await page.getByLabel('Altura (cm)').fill('20');
  await page.getByLabel('Largura (cm)').fill('12');
  await page.getByLabel('Comprimento (cm)').fill('6');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\/\d+\?criado=1$/);
  await expect(page.getByText('Produto criado. Agora adicione as fotos.')).toBeVisible();

  // Photos: a renamed PDF is refused by its content; a phone photo is stored without its EXIF.
  const photoInput = page.locator('input#fotos');
  await photoInput.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF') });
  await expect(page.getByText('foto.jpg: Este arquivo não é uma foto. Envie uma imagem JPEG, PNG ou WebP.')).toBeVisible();
  const photo = await phonePhoto();
  await photoInput.setInputFiles(photo);
  // Eighteen encodes (six widths in AVIF, WebP and JPEG) on a shared machine.
  await expect(page.getByText(`${path.basename(photo)}: Enviada.`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Capa', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const thumb = await page.getByRole('img', { name: `Foto 1 de ${NAME}` }).getAttribute('src');
  const image = await request.get(thumb!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await image.body()).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect((await request.get(thumb!, { headers: { 'If-None-Match': image.headers()['etag'] } })).status()).toBe(304);
  fs.rmSync(photo, { force: true });

  // The shop: both prices, the last units, the photo in every width.
  const a = await shopper(browser);
  await a.page.goto('/');
  const card = a.page.getByRole('listitem').filter({ hasText: NAME });
  await expect(card).toContainText('R$ 94,90 · R$ 90,16 no Pix');
  await expect(card).toContainText('Últimas 2 unidades');
  await expectNoAxeViolations(a.page);
  await a.page.goto(`/products/${SLUG}`);
  const main = a.page.getByRole('img', { name: `Foto: ${NAME}` });
  expect(await main.getAttribute('srcset')).toMatch(/^\/images\/products\/\d+-160-[0-9a-f]{20}\.jpg 160w, .* 1280w$/);
  // Its first source: the WebP when the phone's width fits into the HTML, else the AVIF; every width either way.
  const first = a.page.locator('picture source').first();
  expect(await first.getAttribute('srcset')).toMatch(/\/images\/products\/\d+-1280-[0-9a-f]{20}\.(webp|avif) 1280w$/);
  await expect(a.page.getByText('Notas de caramelo')).toBeVisible();
  await expectNoAxeViolations(a.page);

  // Checkout: the total follows the method picked (both are rendered; CSS shows the checked one).
  await toCheckout(a.page);
  await expect(a.page.getByRole('main')).toContainText('Desconto no Pix (5%)');
  const total = a.page.getByTestId('checkout-total');
  await expect(total).toHaveText('R$ 90,16', { useInnerText: true });
  await a.page.getByRole('radio', { name: 'Boleto', exact: true }).check();
  await expect(total).toHaveText('R$ 94,90', { useInnerText: true });
  await a.page.getByRole('radio', { name: 'Pix', exact: true }).check();
  await expect(total).toHaveText('R$ 90,16', { useInnerText: true });
  await expectNoAxeViolations(a.page);
  const firstToken = await payPix(a.page, request);
  await expect(a.page.getByText('Desconto no Pix (5%)')).toBeVisible();
  const [firstOrder] = appQuery<{ id: string; total_cents: number; items_cents: number; pix_discount_cents: number }>(
    'select id, total_cents, items_cents, pix_discount_cents from orders where token = ?',
    firstToken,
  );
  expect(firstOrder).toMatchObject({ total_cents: 9016, items_cents: 9490, pix_discount_cents: 474 });
  expect(stockOf(SLUG)).toBe(1);
  await a.page.goto('/');
  await expect(a.page.getByRole('listitem').filter({ hasText: NAME })).toContainText('Última unidade');

  // The last unit: B has the checkout open when C buys it.
  const b = await shopper(browser);
  await toCheckout(b.page);
  const c = await shopper(browser);
  await toCheckout(c.page);
  await payPix(c.page, request);
  expect(stockOf(SLUG)).toBe(0);
  await b.page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(b.page.getByText('Este produto esgotou enquanto você comprava').first()).toBeVisible({ timeout: 20_000 });
  await b.page.goto('/cart');
  await expect(b.page.getByRole('list', { name: 'Itens do carrinho' })).toContainText(NAME);
  await expect(b.page.getByText('Esgotado.')).toBeVisible();

  await a.page.goto('/');
  const soldOut = a.page.getByRole('listitem').filter({ hasText: NAME });
  await expect(soldOut).toContainText('Esgotado');
  await expect(soldOut.getByRole('button', { name: 'Adicionar ao carrinho' })).toHaveCount(0);
  await a.page.goto(`/products/${SLUG}`);
  await expect(a.page.getByText('Esgotado', { exact: true })).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Adicionar ao carrinho' })).toHaveCount(0);

  // The merchant sees it sold out, and the discount as its own line on the order.
  await page.goto(`/dashboard/produtos?q=${encodeURIComponent('bourbon')}`);
  const row = page.getByRole('listitem').filter({ hasText: NAME });
  await expect(row).toContainText('Esgotado');
  await expect(row).toContainText('R$ 94,90');
  await page.goto(`/dashboard/orders/${firstOrder.id}`);
  await expect(page.getByTestId('pix-discount')).toHaveText('−R$ 4,74');

  // Archive: it was ordered, so it is kept for its orders and leaves the shop.
  await page.goto(`/dashboard/produtos?q=${encodeURIComponent('bourbon')}`);
  await page.getByRole('link', { name: NAME }).click();
  await page.getByRole('button', { name: 'Arquivar produto' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Arquivar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\?arquivado=1$/);
  await expect(page.getByText('Produto arquivado')).toBeVisible();
  await expect(page.getByRole('link', { name: NAME })).toHaveCount(0);
  await a.page.goto('/');
  await expect(a.page.getByText(NAME)).toHaveCount(0);
  expect((await a.page.goto(`/products/${SLUG}`))?.status()).toBe(404);
  await a.page.goto(`/orders/${firstToken}`);
  await expect(a.page.getByText(`1 × ${NAME}`)).toBeVisible();
  await expect(a.page.getByText('R$ 90,16').first()).toBeVisible();
  await page.goto(`/dashboard/orders/${firstOrder.id}`);
  await expect(page.getByRole('cell', { name: NAME })).toBeVisible();

  await setPixDiscount(page, '0');
  for (const s of [a, b, c]) await s.context.close();
});
