/**
 * The embedded sandbox's own pages (the payment simulator and a boleto's invoice), as a
 * developer trying the demo sees them: with a Pix and a boleto charge in the list (signed in:
 * on a public demo, which the e2e server is, the full simulator is the merchant's).
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, fillBoleto, fillPix } from './shop-helpers';

test('the simulator and a boleto invoice pass the accessibility scan', async ({ page }) => {
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Lia Campos' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await addToCart(page, 'prensa-francesa');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 30_000 });

  // The e2e server is a public demo: the full simulator is the signed-in merchant's.
  await page.goto('/login?callbackUrl=%2Fdashboard');
  await page.getByLabel('E-mail').fill('demo@balcao.dev');
  await page.getByLabel('Senha').fill('balcao-demo');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: 'Simulador de pagamentos', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver boleto' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Ver boleto' }).first().click();
  await expect(page).toHaveURL(/\/sandbox\/invoice\/boleto\//);
  await expect(page.getByText(/Boleto de teste do sandbox/)).toBeVisible();
  await expectNoAxeViolations(page);
});
