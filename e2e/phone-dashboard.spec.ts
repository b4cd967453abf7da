/**
 * The shopkeeper's phone (390×844): the dashboard installs (manifest, icons, service worker); a
 * device subscribed through POST /api/dashboard/push-subscriptions — here a local receiver two
 * ports above the app, an origin the e2e server lists in WEBHOOK_ALLOWED_ORIGINS — gets an
 * encrypted "Nova venda" when the shopper's Pix is paid, which decrypts to the amount, the method
 * and the number and no buyer name; the shopper's "Copiar" and the paid order's next action are
 * on the first screen; the orders list's bulk bar shows its actions only once an order is checked.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newDevice, startPushReceiver } from '../test/push/receiver';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, PORT, signIn, tokenFromUrl } from './shop-helpers';

test.use({ viewport: { width: 390, height: 844 } });

let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
test.beforeAll(async () => {
  receiver = await startPushReceiver('127.0.0.1', PORT + 2);
});
test.afterAll(() => receiver.close());

/** Wholly inside the first screen (no scrolling). */
async function onFirstScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
}

async function postSubscription(page: Page, body: unknown) {
  return page.evaluate(async (b) => {
    const res = await fetch('/api/dashboard/push-subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return res.status;
  }, body);
}

test('installable dashboard, a Nova venda push on payment, the next step and the bulk bar on a phone', async ({ page, request }) => {
  await signIn(page, '/dashboard/conta');

  // Installable: the manifest, its icons (drawn PNGs of the right size) and the service worker.
  const manifest = (await (await request.get('/dashboard.webmanifest')).json()) as { display: string; start_url: string; scope: string; name: string; icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ display: 'standalone', scope: '/dashboard' });
  expect(manifest.start_url).toMatch(/^\/dashboard/);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`)!;
    const png = await (await request.get(icon.src)).body();
    expect(png.readUInt32BE(16)).toBe(size); // IHDR width
  }
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/dashboard.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/dashboard$/);

  // A device through the route: only https or a listed origin.
  const device = newDevice(`${receiver.origin}/push/owner-phone`);
  expect(await postSubscription(page, newDevice('http://push.invalid/x').json)).toBe(400);
  expect(await postSubscription(page, device.json)).toBe(201);
  await page.reload();
  const section = page.getByRole('region', { name: 'Notificações' });
  await expect(section.getByTestId('push-devices')).toContainText('Chrome no Android');
  await expect(section.getByRole('button', { name: 'Enviar notificação de teste' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The shopper, on their phone: "Copiar" leads, whole on the first screen.
  await addToCart(page, 'caneca-ceramica');
  await page.goto('/checkout');
  await fillPix(page, { name: 'Helena Prado', email: 'helena@exemplo.com.br' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const copy = page.getByRole('button', { name: 'Copiar' }).first();
  await expect(copy).toBeVisible();
  await onFirstScreen(copy);
  await expectNoAxeViolations(page);
  const token = tokenFromUrl(page.url());
  const [order] = appQuery<{ id: string; number: number }>('select id, number from orders where token = ?', token);
  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

  // The push: encrypted (aes128gcm, VAPID), "Nova venda: R$ … · Pix · #N", opening the order, no buyer.
  await expect.poll(() => receiver.received.filter((p) => p.path === '/push/owner-phone').length, { timeout: 20_000 }).toBe(1);
  const push = receiver.received.find((p) => p.path === '/push/owner-phone')!;
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const text = device.decrypt(push.body);
  const payload = JSON.parse(text) as { title: string; url: string };
  expect(payload.title.replace(/\u00a0/g, ' ')).toMatch(new RegExp(`^Nova venda: R\\$ \\d+,\\d{2} · Pix · #${order.number}$`));
  expect(payload.url).toBe(`/dashboard/orders/${order.id}`);
  expect(text).not.toContain('Helena');
  expect(text).not.toContain('529');

  // The paid order's first screen: what to pack and the one next action.
  await page.goto(payload.url);
  const next = page.getByTestId('next-step');
  await expect(next).toContainText('Caneca de cerâmica artesanal');
  const action = next.getByRole('button', { name: 'Comprar etiqueta' }).or(next.getByRole('link', { name: 'Marcar como enviado' }));
  await onFirstScreen(action);
  await expectNoAxeViolations(page);

  // The bulk bar: its actions only once an order is checked, counted.
  await page.goto('/dashboard/orders');
  const bulk = page.getByRole('group', { name: 'Com os pedidos selecionados' });
  await expect(bulk).toBeHidden();
  await page.getByRole('checkbox', { name: /^Selecionar pedido #/ }).first().check();
  await expect(bulk).toBeVisible();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 selecionado');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});
