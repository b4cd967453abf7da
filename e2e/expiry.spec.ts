/**
 * Moves the sandbox clock three days ahead for its whole e2e server, after which new charges
 * (due tomorrow by the app's clock) would be refused by the sandbox: this journey runs on a
 * server of its own (the `expiry` project, playwright.config.ts), in any order.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, CRON_SECRET, fillPix, SANDBOX_KEY } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

// Screenshots at the same scale as e2e/shop-screenshots.spec.ts.
test.use({ deviceScaleFactor: 1.5 });

test('an unpaid Pix expires: the page says "Expirado" and "Comprar novamente" refills the cart', async ({ page, request }) => {
  await addToCart(page, 'caneca-ceramica', 2);
  await page.goto('/checkout');
  await fillPix(page, { name: 'Joana Lopes' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');

  const clock = await request.post('/api/sandbox/sim/clock', {
    headers: { 'X-API-KEY': SANDBOX_KEY, 'Content-Type': 'application/json' },
    data: { advance_seconds: 3 * 86400 },
  });
  expect(clock.status(), await clock.text()).toBe(200);
  const reconcile = await request.post('/api/cron/jobs', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(reconcile.status(), await reconcile.text()).toBe(200);

  await expect(page.getByTestId('order-status')).toHaveText('Expirado', { timeout: 20_000 });
  await expect(page.getByText('O prazo para pagar terminou')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${SCREENSHOT_DIR}/order-expired.png`, fullPage: true, animations: 'disabled' });

  await page.getByRole('button', { name: 'Comprar novamente' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.locator('summary', { hasText: 'Seu pedido' }).click(); // the summary is folded on a phone
  await expect(page.getByText('2 × Caneca de cerâmica artesanal').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar com Pix' })).toBeVisible();
});
