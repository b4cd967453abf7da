/**
 * The shopkeeper's phone (390×844): the dashboard installs (manifest, icons, service worker); a
 * device subscribed through POST /api/dashboard/push-subscriptions — here a local receiver two
 * ports above the app, an origin the e2e server lists in WEBHOOK_ALLOWED_ORIGINS — gets an
 * encrypted "Nova venda" when the shopper's Pix is paid, which decrypts to the amount, the method
 * and the number and no buyer name; the shopper's "Copiar" and the paid order's next action are
 * on the first screen; the orders list's bulk bar shows its actions only once an order is checked.
 * The product editor on the same phone: one "Salvar produto" saves the name, the options, a
 * variant's stock and its own NCM together; the variants are labelled cards with targets of at
 * least 24 px and nothing scrolls sideways; the digital block shows only for a digital product.
 * With UPDATE_SCREENSHOTS=1 the README's push picture (Minha conta → Notificações on a phone
 * that allowed notifications: how "Nova venda" looks, this device receiving, its devices) and the
 * editor's phone picture are written to docs/screenshots.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { newDevice, startPushReceiver } from '../test/push/receiver';
import { expectNoAxeViolations } from './axe';
import { screenshot, SCREENSHOT_DIR, UPDATE_SCREENSHOTS } from './screenshot';
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

/**
 * The README's push picture: Minha conta → Notificações as the subscribed phone sees it. The
 * headless browser denies notifications whatever it is granted and has no push service to
 * subscribe with, so, in this picture's context only, it answers as that phone would: the
 * permission given, and the subscription the journey made through the route (which the page
 * then recognises as "this device"). The journey itself asserts the real route and push.
 */
async function pushPicture(browser: Browser, page: Page, endpoint: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, permissions: ['notifications'] });
  try {
    await context.addCookies(await page.context().cookies());
    await context.addInitScript((known) => {
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      PushManager.prototype.getSubscription = async function () {
        return { endpoint: known } as PushSubscription;
      };
    }, endpoint);
    const phone = await context.newPage();
    await phone.goto('/dashboard/conta');
    // The page asks the installed worker's registration: once it is installed, as on a phone that has used the dashboard.
    await phone.evaluate(async () => void (await navigator.serviceWorker.ready));
    await phone.reload();
    const section = phone.getByRole('region', { name: 'Notificações' });
    await expect(section.getByText('Este aparelho recebe notificações.')).toBeVisible();
    await phone.evaluate(() => document.fonts.ready);
    // Framed from the heading to "Enviar notificação de teste": the preview, this device, the devices.
    const top = (await section.boundingBox())!;
    const button = (await section.getByRole('button', { name: 'Enviar notificação de teste' }).boundingBox())!;
    const clip = { x: top.x, y: top.y, width: top.width, height: button.y + button.height + 16 - top.y };
    await screenshot(phone, { path: `${SCREENSHOT_DIR}/dashboard-mobile-push.png`, fullPage: true, clip, animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

test('installable dashboard, a Nova venda push on payment, the next step and the bulk bar on a phone', async ({ page, request, browser }) => {
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
  await expect(section.getByRole('checkbox', { name: /Nova venda/ })).toBeVisible();
  // What a lock screen shows, from the sender's own builder: the money, the method, the number.
  await expect(section.getByTestId('push-preview')).toContainText('Nova venda: R$ 54,80 · Pix · #1001');
  if (UPDATE_SCREENSHOTS) await pushPicture(browser, page, device.json.endpoint);

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

test('the product editor on a phone: one "Salvar produto" saves name, options, a variant\'s stock and NCM; labelled cards; digital only when checked', async ({ page }) => {
  test.setTimeout(120_000);
  // A name a shopkeeper would type (the guide shows it); the journey finds the product by its id.
  const name = 'Camiseta de algodão';
  await signIn(page, '/dashboard/produtos/novo');
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Preço').fill('59,90');
  await page.getByLabel('Peso (g)').fill('200');
  await page.getByLabel('Altura (cm)').fill('3');
  await page.getByLabel('Largura (cm)').fill('25');
  await page.getByLabel('Comprimento (cm)').fill('30');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\/\d+\?criado=1$/, { timeout: 20_000 });
  const productId = Number(/produtos\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('button', { name: /^Salvar/ })).toHaveText(['Salvar produto']);

  // Physical: the digital delivery's fields stay hidden until "Produto digital" is checked, and keep what was typed.
  const digital = page.getByTestId('digital-product');
  await expect(digital.getByRole('checkbox', { name: 'Produto digital' })).not.toBeChecked();
  await expect(digital.getByRole('radio', { name: /^Link/ })).toBeHidden();
  await digital.getByRole('checkbox', { name: 'Produto digital' }).check();
  await digital.getByRole('radio', { name: /^Link/ }).check();
  await digital.getByLabel('Link', { exact: true }).fill('https://curso.example/nao-salvar');
  await digital.getByRole('checkbox', { name: 'Produto digital' }).uncheck();
  await expect(digital.getByLabel('Link', { exact: true })).toBeHidden();
  await digital.getByRole('checkbox', { name: 'Produto digital' }).check();
  await expect(digital.getByLabel('Link', { exact: true })).toHaveValue('https://curso.example/nao-salvar');
  await digital.getByRole('checkbox', { name: 'Produto digital' }).uncheck();

  // Options in the same form: one save makes the variants.
  await page.getByLabel('Nome da opção').fill('Tamanho');
  await page.getByLabel('Valores').fill('P, M');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Opções salvas: 2 variantes.')).toBeVisible({ timeout: 20_000 });
  await page.reload();

  // The grid on a phone: a card per variant, every field labelled and at least 24 px, nothing sideways.
  const grid = page.getByRole('region', { name: 'Variantes' });
  await expect(grid.getByRole('rowheader')).toHaveText(['P', 'M']);
  for (const label of ['SKU', 'Preço', 'Estoque', 'Peso (g)', 'NCM', 'Origem', 'GTIN', 'Ativa']) {
    const field = page.getByLabel(`${label}: M`, { exact: true });
    await expect(field).toBeVisible();
    // A checkbox's target is its whole label (a tap on "Ativa" checks it).
    const target = label === 'Ativa' ? field.locator('xpath=ancestor::label[1]') : field;
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height), `${label}: M`).toBeGreaterThanOrEqual(24);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // One save: the name, M's stock and its own NCM together; a wrong GTIN first refuses it all, in Portuguese.
  await page.getByLabel('Nome', { exact: true }).fill(`${name} orgânico`);
  await page.getByLabel('Estoque: M', { exact: true }).fill('6');
  await page.getByLabel('NCM: M', { exact: true }).fill('6109.10.00');
  await page.getByLabel('GTIN: P', { exact: true }).fill('7891000315508');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('O dígito verificador deste código de barras não confere.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Estoque: M', { exact: true })).toHaveValue('6');
  await expectNoAxeViolations(page);
  expect(appQuery<{ name: string }>('select name from products where id = ?', productId)[0].name).toBe(name);
  await page.getByLabel('GTIN: P', { exact: true }).fill('7891000315507');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto salvo.')).toBeVisible({ timeout: 20_000 });
  expect(appQuery<{ name: string }>('select name from products where id = ?', productId)[0].name).toBe(`${name} orgânico`);
  expect(appQuery<{ option1: string; stock: number | null; ncm: string | null; gtin: string | null }>('select option1, stock, ncm, gtin from product_variants where product_id = ? and option1 is not null order by position', productId)).toEqual([
    { option1: 'P', stock: null, ncm: null, gtin: '7891000315507' },
    { option1: 'M', stock: 6, ncm: '61091000', gtin: null },
  ]);
  // A physical product: the link typed under the unchecked box was not saved.
  expect(appQuery<{ n: number }>('select count(*) as n from product_digital where product_id = ?', productId)[0].n).toBe(0);
  // Its own address, without "?criado=1" (whose "Produto criado" belongs to the first visit).
  await page.goto(`/dashboard/produtos/${productId}`);
  await expectNoAxeViolations(page);
  if (UPDATE_SCREENSHOTS) {
    // A full-page capture draws sticky parts where it scrolled them: the bottom bar and "Salvar produto" where they sit.
    await page.addStyleTag({ content: '[data-testid="bottom-bar"], [data-save-bar] { position: static !important; }' });
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, { path: `${SCREENSHOT_DIR}/dashboard-mobile-product-edit.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
  }

  // Out of the shop again (never ordered, so "Excluir"): the shop's catalog journeys count the seed's products.
  await page.getByRole('button', { name: 'Excluir produto' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\?excluido=1$/);
});
