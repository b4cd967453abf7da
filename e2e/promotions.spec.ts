/**
 * Promotions end to end, on a product no other journey buys (the camiseta), so the shop's other
 * journeys keep their prices: the owner creates "Leve 3, pague 2" and "Frete grátis" for MG in
 * "Promoções" → "Nova promoção", an offer at checkout on the product, and a coupon "Frete grátis".
 * A shopper sees the promotion's own line and the free-shipping nudge in the cart; at checkout
 * "Grátis" shows for MG and not for RJ; the coupon frees RJ; then "Leve 3, pague 2" with the offer
 * ticked is paid in ONE Pix whose amount is the order's total. axe on the new pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

const TAG = Date.now().toString(36).toUpperCase();
const COUPON = `FRETE${TAG}`;
const CAMISETA = 'Camiseta Café da Esquina';

async function newPromotion(page: Page, o: { name: string; type: string; fill: () => Promise<void> }) {
  await page.getByLabel('Nome', { exact: true }).fill(o.name);
  await page.getByRole('radio', { name: o.type, exact: true }).check();
  await o.fill();
  await page.getByRole('radio', { name: 'Produto', exact: true }).check();
  await page.getByRole('combobox', { name: 'Produto', exact: true }).selectOption({ label: CAMISETA });
  await page.getByRole('button', { name: 'Criar promoção' }).click();
  await expect(page.getByRole('row', { name: new RegExp(o.name) })).toContainText('Ativa', { timeout: 20_000 });
}

async function deliverTo(page: Page, zip: string, uf: string) {
  await page.getByLabel('CEP').fill(zip);
  await page.getByLabel('UF').selectOption(uf);
}

test('promotions: "Leve 3, pague 2", free shipping by region with the nudge, a "Frete grátis" coupon, and the offer paid in one Pix', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard/promocoes');
  await expect(page.getByRole('heading', { name: 'Promoções', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await newPromotion(page, { name: `Leve 3, pague 2 ${TAG}`, type: 'Leve X, pague Y', fill: async () => { await page.getByLabel('Leve', { exact: true }).fill('3'); await page.getByLabel('Pague', { exact: true }).fill('2'); } });
  await newPromotion(page, {
    name: `Frete grátis MG ${TAG}`,
    type: 'Frete grátis',
    fill: async () => {
      await page.getByLabel('Pedido mínimo').fill('100,00');
      await page.getByLabel('Regiões').fill('MG');
      await page.getByRole('radio', { name: 'Todas' }).check();
    },
  });
  await expectNoAxeViolations(page);

  // The offer at checkout on the camiseta: the filters at R$ 9,90.
  const [camiseta] = appQuery<{ id: number }>("select id from products where slug = 'camiseta-cafe-da-esquina'");
  await page.goto(`/dashboard/produtos/${camiseta.id}`);
  await page.getByLabel('Produto oferecido').selectOption({ label: 'Filtros de papel nº 102 (100 un.)' });
  await page.getByLabel('Preço na oferta').fill('9,90');
  await page.getByLabel('Texto da oferta').fill('Leve os filtros por R$ 9,90');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto salvo.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/cupons');
  await page.getByLabel('Código').fill(COUPON);
  await page.getByRole('radio', { name: 'Frete grátis' }).check();
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByRole('row', { name: new RegExp(COUPON) })).toContainText('Frete grátis', { timeout: 20_000 });

  // The cart: R$ 79,00 of R$ 100,00 for MG's free shipping.
  await addToCart(page, 'camiseta-cafe-da-esquina');
  await expect(page.getByTestId('free-shipping-nudge')).toHaveText('Faltam R$ 21,00 para frete grátis');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Aumentar quantidade de ${CAMISETA}` }).click();
  await expect(page.getByTestId('free-shipping-nudge')).toHaveCount(0);

  // Checkout: "Grátis" for MG, not for RJ; the coupon frees RJ.
  await page.goto('/checkout');
  await fillPix(page, { name: 'Rita Lee' });
  await deliverTo(page, '30130010', 'MG');
  const freight = page.locator('#campo-freight');
  await expect(freight.getByRole('radio', { name: /Grátis/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('free-shipping-nudge-cep')).toHaveText('Você ganhou frete grátis');
  await deliverTo(page, '20040002', 'RJ');
  await expect(freight.getByRole('radio', { name: /R\$\s18,90/ })).toBeVisible({ timeout: 20_000 });
  await expect(freight.getByRole('radio', { name: /Grátis/ })).toHaveCount(0);
  await page.getByLabel('Cupom de desconto').fill(COUPON.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(freight.getByRole('radio', { name: /Grátis/ })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  const [couponOrder] = appQuery<{ shipping_cents: number; coupon_code: string }>('select shipping_cents, coupon_code from orders where token = ?', tokenFromUrl(page.url()));
  expect(couponOrder).toEqual({ shipping_cents: 0, coupon_code: COUPON });

  // "Leve 3, pague 2" with the offer ticked: one order, one Pix.
  await addToCart(page, 'camiseta-cafe-da-esquina', 3);
  await expect(page.getByTestId('promotion-line')).toContainText(`Leve 3, pague 2 ${TAG}`);
  await expect(page.getByTestId('promotion-line')).toContainText('−R$ 79,00');
  await page.goto('/checkout');
  await expect(page.getByTestId('offer-box')).toContainText('Leve os filtros por R$ 9,90');
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: 'Adicionar ao pedido' }).check();
  await fillPix(page, { name: 'Rita Lee' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await expect(page.getByTestId('promotion-discount').first()).toContainText(`Leve 3, pague 2 ${TAG}`);
  const [order] = appQuery<{ id: string; items_cents: number; promotion_discount_cents: number; pix_discount_cents: number; shipping_cents: number; total_cents: number }>(
    'select id, items_cents, promotion_discount_cents, pix_discount_cents, shipping_cents, total_cents from orders where token = ?',
    token,
  );
  expect(order).toMatchObject({ items_cents: 3 * 7_900 + 990, promotion_discount_cents: 7_900 });
  expect(order.total_cents).toBe(order.items_cents - 7_900 - order.pix_discount_cents + order.shipping_cents);
  expect(appQuery<{ n: number }>('select count(*) as n from order_offers where order_id = ?', order.id)[0].n).toBe(1);
  const paid = await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  const [charge] = appQuery<{ amount_cents: number }>('select amount_cents from payments where order_id = ?', order.id);
  expect(charge.amount_cents).toBe(order.total_cents);
  expect(paid.type).toBe('pix');
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

  // Back to the shop's usual prices for the journeys after this one.
  await page.goto('/dashboard/promocoes');
  for (const name of [`Leve 3, pague 2 ${TAG}`, `Frete grátis MG ${TAG}`]) {
    await page.getByRole('button', { name: `Pausar ${name}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Pausada', { timeout: 20_000 });
  }
});
