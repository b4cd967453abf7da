/**
 * Buyers' data rights (LGPD), end to end: a shopper pays an order; the owner finds them in
 * Configurações → "Dados do comprador" by CPF, downloads the JSON export (it holds the order
 * and the address), and "Anonimizar" replaces the buyer on the order page, which keeps its
 * number, amount and "Pago". (The refusal while an order awaits payment, and reconciliation
 * afterwards, are proven in lib/buyers/buyer-data.test.ts.)
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

// A CPF no other journey uses, so the search finds only this journey's orders.
const CPF = '987.654.321-00';
const CPF_DIGITS = '98765432100';

test('export and anonymise a buyer who asked for it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const shopper = await (await browser.newContext()).newPage();
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Helena Duarte Prado', document: CPF, email: 'helena.prado@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByText('Pago', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const [order] = appQuery<{ id: string; number: number; total_cents: number; delivery_street: string | null }>(
    'SELECT id, number, total_cents, delivery_street FROM orders WHERE token = ?',
    token,
  );

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  // On a phone the settings tabs show only the current page (the others are under "Outras configurações").
  await signIn(page, '/dashboard/settings/comprador');
  await expect(page.getByRole('heading', { name: 'Dados do comprador' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad CPF says why, next to its field.
  await page.getByLabel('CPF, CNPJ ou e-mail').fill('987.654.321-01');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByLabel('CPF, CNPJ ou e-mail')).toHaveAccessibleDescription('CPF ou CNPJ inválido: confira os dígitos.');

  await page.getByLabel('CPF, CNPJ ou e-mail').fill(CPF);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: '1 pedido' })).toBeVisible();
  await expect(page.getByTestId('buyer-orders')).toContainText(`Pedido #${order.number}`);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar dados (JSON)' }).click()]);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8')));
  expect(exported.query).toEqual({ document: CPF_DIGITS });
  expect(exported.orders).toHaveLength(1);
  expect(exported.orders[0]).toMatchObject({ id: order.id, number: order.number, buyer: { name: 'Helena Duarte Prado', document: CPF_DIGITS, email: 'helena.prado@exemplo.com.br' } });
  expect(exported.orders[0].shipping?.address?.street ?? null).toBe(order.delivery_street);

  await page.getByRole('button', { name: 'Anonimizar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Comprador anonimizado em 1 pedido.')).toBeVisible();

  await page.goto(`/dashboard/orders/${order.id}`);
  await expect(page.getByText('Comprador anonimizado').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Helena');
  await expect(page.getByText('Dados do comprador anonimizados (LGPD)')).toBeVisible();
  const [after] = appQuery<{ status: string; total_cents: number; buyer_document: string }>('SELECT status, total_cents, buyer_document FROM orders WHERE id = ?', order.id);
  expect(after).toEqual({ status: 'paid', total_cents: order.total_cents, buyer_document: '' });
  await expectNoAxeViolations(page);
});
