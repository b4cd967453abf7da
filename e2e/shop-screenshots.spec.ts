/**
 * Mobile screenshots of the shop for docs/screenshots (Pixel 7 viewport). Each one also
 * asserts what it shows, so a broken page fails here instead of producing a bad picture.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillBoleto, fillPix, payWithCode } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

// The checked-in pictures are refreshed only on demand (UPDATE_SCREENSHOTS=1); a plain
// `npm test` still walks every page and asserts what it shows, and takes no picture.
const DIR = SCREENSHOT_DIR;
const pixel7 = devices['Pixel 7'];

test.use({ viewport: pixel7.viewport, deviceScaleFactor: 1.5, isMobile: true, hasTouch: true });

async function shot(page: Page, name: string) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0); // a sticky header would otherwise be drawn mid-page
  });
  await screenshot(page, { path: `${DIR}/${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
  // Every page pictured is also scanned, in the state pictured.
  await expectNoAxeViolations(page);
}

test('catalog, product and cart', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Produtos' }).getByRole('listitem')).toHaveCount(11);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
  await shot(page, 'catalog');

  await page.goto('/products/prensa-francesa');
  await expect(page.getByRole('heading', { name: 'Prensa francesa 600 ml' })).toBeVisible();
  await shot(page, 'product');

  await addToCart(page, 'prensa-francesa');
  await addToCart(page, 'cafe-especial-250g', 2);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('R$ 228,80');
  await shot(page, 'cart');
});

test('checkout (Pix, boleto, errors) and the Pix order, before and after payment', async ({ page, request }) => {
  await addToCart(page, 'kit-degustacao');
  await page.goto('/checkout');
  await fillPix(page);
  await page.getByLabel('E-mail').blur();
  await shot(page, 'checkout-pix');

  await fillBoleto(page);
  await shot(page, 'checkout-boleto');

  await page.getByLabel('CPF ou CNPJ').fill('111.111.111-11');
  await page.getByLabel('CEP').fill('123');
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page.locator('#campo-document-erro')).toBeVisible();
  await shot(page, 'checkout-errors');

  await page.getByRole('radio', { name: 'Pix', exact: true }).check();
  await fillPix(page);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/Faltam/);
  await shot(page, 'order-pix');

  const code = await page.getByLabel('Pix copia e cola').inputValue();
  await payWithCode(request, code);
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Recibo para imprimir' })).toBeVisible({ timeout: 10_000 });
  await shot(page, 'order-paid');

  await page.getByRole('link', { name: 'Ver recibo' }).click();
  await expect(page.getByRole('heading', { name: 'Recibo de pagamento' })).toBeVisible();
  await shot(page, 'receipt');
});

test('checkout with the delivery address from the CEP and the shipping in the total', async ({ page }) => {
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await page.getByLabel('Nome completo').fill('Rita Moraes');
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25');
  await page.getByLabel('E-mail').fill('rita@exemplo.com.br');
  await page.getByLabel('CEP').pressSequentially('20040002');
  await expect(page.getByLabel('Rua')).toHaveValue('Rua da Quitanda');
  await page.getByLabel('Número').fill('25');
  await expect(page.getByTestId('total')).toHaveText('R$ 77,90');
  await shot(page, 'checkout-delivery');
});

test('the boleto order', async ({ page }) => {
  await addToCart(page, 'moedor-manual');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Baixar PDF' })).toBeVisible();
  await shot(page, 'order-boleto');
});
