/**
 * Winning back the sale: an unpaid boleto switched to Pix ("Pagar com Pix agora") and an expired
 * Pix paid through "Gerar novo Pix", on the same order. Expiry is the simulator's "Expirar" on the
 * order's own charge (the sandbox clock stays put, so new charges are still accepted).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillBoleto, fillPix, payWithCode, sandboxQuery, tokenFromUrl } from './shop-helpers';
import { screenshot, SCREENSHOT_DIR } from './screenshot';

// Screenshots for the README at the scale of e2e/shop-screenshots.spec.ts (UPDATE_SCREENSHOTS=1 writes docs/screenshots).
test.use({ deviceScaleFactor: 1.5 });
const DIR = SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  await screenshot(page, { path: `${DIR}/${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
}

type AttemptRow = { attempt: number; method: string; status: string; provider_id: string | null; superseded_at: string | null; paid_at: string | null };

function attemptsOf(token: string): AttemptRow[] {
  return appQuery<AttemptRow>(
    'select p.attempt, p.method, p.status, p.provider_id, p.superseded_at, p.paid_at from payments p join orders o on o.id = p.order_id where o.token = ? order by p.attempt',
    token,
  );
}

test('boleto → "Pagar com Pix agora" → paid by Pix: the sandbox shows the boleto canceled and the order paid once', async ({ page, request }) => {
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillBoleto(page);
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  const number = await page.getByText(/^Pedido #\d+/).first().textContent();
  await expect(page.getByLabel('Linha digitável')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await shot(page, 'order-boleto-switch');

  await page.getByRole('button', { name: 'Pagar com Pix agora' }).click();
  await expect(page.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
  await expect(page.getByText(/^Pedido #\d+/).first()).toHaveText(number!); // the same order
  await expectNoAxeViolations(page);

  const [boleto, pix] = attemptsOf(token);
  expect(boleto).toMatchObject({ attempt: 1, method: 'boleto', status: 'canceled' });
  expect(pix).toMatchObject({ attempt: 2, method: 'pix', status: 'pending', superseded_at: null });
  const [charge] = sandboxQuery<{ status: string }>('select status from payments where id = ?', boleto.provider_id);
  expect(charge.status).toBe('canceled');

  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  await expectNoAxeViolations(page);
  const paid = attemptsOf(token).filter((a) => a.paid_at);
  expect(paid).toHaveLength(1);
  expect(paid[0].method).toBe('pix');
  const charges = sandboxQuery<{ kind: string; status: string }>(
    `select kind, status from payments where id in (${attemptsOf(token).map(() => '?').join(',')})`,
    ...attemptsOf(token).map((a) => a.provider_id),
  );
  expect(charges.filter((c) => c.status === 'paid')).toHaveLength(1);
  expect(charges.find((c) => c.kind === 'boleto')?.status).toBe('canceled');
});

test('expired Pix → "Gerar novo Pix" → paid, on the same order', async ({ page, request }) => {
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Rita Campos' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\//, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');

  // The simulator ends the order's charge as if its time had run out; the order page follows.
  await page.goto(`/sandbox/pedidos/${token}`);
  // The charge is "Em ativação" for a moment; the simulator page says to reload.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expirar' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Expirar' }).click();
  await page.goto(`/orders/${token}`);
  await expect(page.getByTestId('order-status')).toHaveText('Expirado', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Gerar novo Pix' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'order-pix-expired-renew');

  await page.getByRole('button', { name: 'Gerar novo Pix' }).click();
  await expect(page.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('order-status')).toHaveText('Aguardando pagamento');
  await expectNoAxeViolations(page);
  expect(tokenFromUrl(page.url())).toBe(token);

  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const attempts = attemptsOf(token);
  expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
    [1, 'expired'],
    [2, 'paid'],
  ]);
});
