/**
 * Coupons end to end: the owner creates coupons in "Cupons"; a shopper types an unknown code and
 * reads "Cupom inválido" next to the field, applies a good one ("Aplicar", a second submit button
 * priced on the server), pays by Pix in the sandbox, and the order page, the receipt and the
 * dashboard show the coupon's own line. The coupon's one use is then spent: "Cupom esgotado".
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

// UPDATE_SCREENSHOTS=1 writes the README's pictures (docs/screenshots).
const DIR = SCREENSHOT_DIR;

const CODE = `UNICO${Date.now().toString(36).toUpperCase()}`;

test('a coupon: created in "Cupons", refused when unknown, applied, paid, shown on every page, then "Cupom esgotado"', async ({ page, request }) => {
  await signIn(page, '/dashboard/cupons');
  await expect(page.getByRole('heading', { name: 'Cupons', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Código').fill(CODE.toLowerCase());
  await page.getByLabel('Valor fixo').check();
  await page.getByLabel('Valor', { exact: true }).fill('5,00');
  await page.getByLabel('Limite de usos').fill('1');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByRole('cell', { name: CODE, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: new RegExp(CODE) })).toContainText('0 de 1');
  // The list's table scrolls in its box: the page itself never scrolls sideways on a phone (a
  // visually-hidden header cell once escaped the scroller and widened it).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  // The README's picture at a desk's width, then back to the phone.
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: `${DIR}/dashboard-coupons.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
  await page.setViewportSize(phone);

  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Clara Nunes' });
  // The order summary's total (on a phone, the folded summary line: the chosen method's total).
  const summaryTotal = page.getByTestId('checkout-total');
  const totalBefore = await summaryTotal.innerText();
  const coupon = page.getByLabel('Cupom de desconto');
  await coupon.fill('NAOEXISTE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.locator('#campo-coupon-erro')).toHaveText('Cupom inválido');
  await expect(coupon).toHaveAttribute('aria-describedby', /campo-coupon-erro/);
  await expect(coupon).toHaveAccessibleDescription('Cupom inválido');
  // Everything typed is still there.
  await expect(page.getByLabel('Nome completo')).toHaveValue('Clara Nunes');
  await expectNoAxeViolations(page);

  await coupon.fill(CODE.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(new RegExp(`Cupom ${CODE}: −R\\$\\s5,00 nos produtos`))).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Clara Nunes');
  // The summary follows the coupon: its own line, and a total that is what the order will charge.
  await expect.poll(() => summaryTotal.innerText()).not.toBe(totalBefore);
  await expect(page.locator('dt', { hasText: `Cupom ${CODE}` }).first()).toBeAttached();
  const totalAfter = await summaryTotal.innerText();
  await expectNoAxeViolations(page);
  await page.locator('#campo-coupon').scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${DIR}/checkout-coupon.png`, animations: 'disabled', caret: 'hide' });

  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await expect(page.getByText(`Cupom ${CODE}`).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

  const [order] = appQuery<{ id: string; coupon_code: string; coupon_discount_cents: number; items_cents: number; total_cents: number; shipping_cents: number; pix_discount_cents: number }>(
    'select id, coupon_code, coupon_discount_cents, items_cents, total_cents, shipping_cents, pix_discount_cents from orders where token = ?',
    token,
  );
  expect(order).toMatchObject({ coupon_code: CODE, coupon_discount_cents: 500 });
  expect(order.total_cents).toBe(order.items_cents - 500 - order.pix_discount_cents + order.shipping_cents);
  expect(Number(totalAfter.replace(/[^\d]/g, ''))).toBe(order.total_cents);

  await page.goto(`/orders/${token}/receipt`);
  await expect(page.getByText(`Cupom ${CODE}`).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/dashboard/orders/${order.id}`);
  await expect(page.getByText(`Cupom ${CODE}`).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Its one use is spent: the next shopper reads "Cupom esgotado" next to the field.
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Davi Rocha', document: '111.444.777-35' });
  await page.getByLabel('Cupom de desconto').fill(CODE);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.locator('#campo-coupon-erro')).toHaveText('Cupom esgotado');
  await expectNoAxeViolations(page);
});
