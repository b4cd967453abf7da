/**
 * "Enviar em lote" and the shipping documents, end to end: a shopper pays; on "A enviar" the
 * merchant uploads a CSV with one good row (that order, a Correios code) and one bad row (an
 * order that does not exist), and sees the report, line by line; the order is then "Enviado".
 * The declaração de conteúdo and the lista de separação of that order are PDFs. axe on every
 * page visited, the report included.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

test('"Enviar em lote": one good and one bad row, the report, then the declaração PDF', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await signIn(page);

  // A shopper pays a Pix (sandbox).
  const shopper = await context.newPage();
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Lia Batista', email: 'lia@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const [{ id: orderId, number }] = appQuery<{ id: string; number: number }>('select id, number from orders where token = ?', token);

  // The merchant uploads the batch on "A enviar".
  await page.goto('/dashboard/orders?view=a-enviar');
  await expect(page.getByRole('heading', { name: 'Enviar em lote' })).toBeVisible();
  // The bulk bar's actions wait for a selection (e2e/bulk-orders.spec.ts shows them appear).
  await expect(page.getByRole('button', { name: 'Imprimir declarações' })).toBeHidden();
  await expectNoAxeViolations(page);
  const csv = `\uFEFFPedido;Código de rastreio\r\n#${number};AB123456785BR\r\n999999;AB123456785BR\r\n`;
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'envios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 pedido marcado como enviado, 1 linha recusada.' })).toBeVisible({ timeout: 30_000 });
  const refused = page.getByRole('table', { name: 'Linhas recusadas' });
  await expect(refused.getByRole('row', { name: /3 #999999 Pedido #999999 não encontrado\./ })).toBeVisible();
  const applied = page.getByRole('table', { name: 'Pedidos marcados como enviado' });
  await expect(applied.getByRole('row', { name: new RegExp(`2 #${number} AB123456785BR`) })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(appQuery<{ fulfillment_status: string; tracking_code: string }>('select fulfillment_status, tracking_code from orders where id = ?', orderId)[0]).toEqual({
    fulfillment_status: 'shipped',
    tracking_code: 'AB123456785BR',
  });

  // A file that is not a CSV is refused with a clear message next to the field.
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByText('Este arquivo não é um CSV', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Arquivo CSV')).toHaveAttribute('aria-invalid', 'true');

  // The order's page offers its documents; both are PDFs, never cached.
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Enviado');
  const declaration = page.getByRole('link', { name: 'Imprimir declaração de conteúdo' });
  await expect(declaration).toBeVisible();
  await expectNoAxeViolations(page);
  for (const href of [await declaration.getAttribute('href'), await page.getByRole('link', { name: 'Imprimir lista de separação' }).getAttribute('href')]) {
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['cache-control']).toContain('no-store');
    expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  // Without a session: no PDF, the way to sign in.
  const anonymous = await request.get(`/dashboard/orders/documents?kind=declaracao&order=${orderId}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(anonymous.headers()['content-type'] ?? '').not.toContain('pdf');
  expect(anonymous.headers().location).toContain('/login');
});
