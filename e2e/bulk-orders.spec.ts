/**
 * Bulk work on a phone (390 px): from "A enviar" the shopkeeper selects three orders, prints
 * their declarações (one PDF), marks them sent with a code each and sees the result per order.
 * One order is bought through the shop; the other two are copies of it in the database (a
 * checkout each would only make the journey slower), paid long ago so that they lead the list.
 * Then the same without JavaScript (copies of the first journey's order, so it runs after it):
 * a bad code refused beside its field with nothing moved, then two orders sent.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, fillPix, payWithCode, PORT, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';

test.use({ viewport: { width: 390, height: 844 } });

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];
/** A valid Correios code for a serial (lib/fulfilment/tracking.ts s10CheckDigit). */
function correiosCode(serial: number): string {
  const s = String(serial).padStart(8, '0');
  const r = 11 - ([...s].reduce((acc, d, i) => acc + Number(d) * S10_WEIGHTS[i], 0) % 11);
  return `BL${s}${r === 10 ? 0 : r === 11 ? 5 : r}BR`;
}

/** Two more paid orders like this one (its payment and items too), all three paid in 2020. */
function copiesOf(orderId: string, count: number): string[] {
  const db = new Database(path.resolve(`data/e2e-${PORT}/app.db`));
  try {
    const order = db.prepare('select * from orders where id = ?').get(orderId) as Record<string, unknown>;
    const payment = db.prepare('select * from payments where order_id = ? and superseded_at is null').get(orderId) as Record<string, unknown>;
    const items = db.prepare('select * from order_items where order_id = ?').all(orderId) as Record<string, unknown>[];
    const insert = (table: string, row: Record<string, unknown>) => {
      const cols = Object.keys(row);
      db.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    };
    const ids = Array.from({ length: count }, () => randomUUID());
    db.transaction(() => {
      for (const id of ids) {
        // The shop's own counter hands out the number (lib/checkout/order-number.ts), so no checkout after this one collides with it.
        const { n } = db
          .prepare("insert into counters (name, value) values ('order_number', 1001) on conflict(name) do update set value = value + 1 returning value as n")
          .get() as { n: number };
        const suffix = randomUUID();
        // Copied as paid and still to send, whatever the original's state now.
        const unsent = { fulfillment_status: 'unfulfilled', fulfillment_carrier: null, tracking_code: null, tracking_url: null, shipped_at: null, fulfillment_by: null };
        insert('orders', { ...order, ...unsent, id, number: n, token: `${String(order.token)}-${suffix}`, checkout_key: `${String(order.checkout_key)}-${suffix}` });
        insert('payments', {
          ...payment,
          id: randomUUID(),
          order_id: id,
          idempotency_key: suffix,
          provider_id: payment.provider_id ? `${String(payment.provider_id)}-${suffix}` : null,
          webhook_token: `${String(payment.webhook_token)}-${suffix}`,
        });
        for (const { id: _itemId, ...item } of items) insert('order_items', { ...item, order_id: id });
      }
      // Paid long ago: first in "A enviar", and out of the reconciliation's week (the copies' charges are not the sandbox's).
      for (const id of [orderId, ...ids]) {
        db.prepare("update orders set paid_at = '2020-01-02T12:00:00.000Z' where id = ?").run(id);
        db.prepare("update payments set updated_at = '2020-01-02T12:00:00.000Z' where order_id = ?").run(id);
      }
    })();
    return [orderId, ...ids];
  } finally {
    db.close();
  }
}

/** The URL the bulk bar's form sends for this button (the browser's own form data, as a click would). */
async function bulkUrl(page: Page, button: string): Promise<string> {
  return page.getByRole('button', { name: button }).evaluate((b: HTMLButtonElement) => {
    const form = b.form!;
    const data = new FormData(form, b);
    return `${b.formAction}?${new URLSearchParams(data as unknown as Record<string, string>)}`;
  });
}

test('on a phone: select three orders in "A enviar", print their declarações, mark them sent with codes', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const shopper = await context.newPage();
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name: 'Rita Lopes', email: 'rita@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shopper.url());
  await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
  await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  await shopper.close();
  const [{ id }] = appQuery<{ id: string }>('select id from orders where token = ?', token);
  const ids = copiesOf(id, 2);
  const numbers = ids.map((o) => appQuery<{ number: number }>('select number from orders where id = ?', o)[0].number);

  // The list: the filter form folds behind "Filtros", the chips stay.
  await signIn(page, '/dashboard/orders');
  await expect(page.getByLabel('Buscar')).toBeHidden();
  await page.locator('summary', { hasText: 'Filtrar' }).click();
  await expect(page.getByLabel('Buscar')).toBeVisible();

  await page.getByRole('navigation', { name: 'Visões de pedidos' }).getByRole('link', { name: /A enviar/ }).click();
  await expect(page).toHaveURL(/view=a-enviar/);
  for (const n of numbers) await page.getByRole('checkbox', { name: `Selecionar pedido #${n}` }).check();
  await expectNoAxeViolations(page);

  // "Imprimir declarações": one PDF with the three orders.
  const print = await bulkUrl(page, 'Imprimir declarações');
  expect(new URL(print).searchParams.getAll('pedido').sort()).toEqual([...ids].sort());
  const pdf = await page.request.get(print);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // "Exportar CSV" of the selection: the three orders, nothing else.
  const csv = unquotedCsv(await (await page.request.get(await bulkUrl(page, 'Exportar CSV'))).text());
  const rows = csv.trim().split('\r\n').slice(1);
  expect(rows.map((r) => r.split(';')[0]).sort()).toEqual(numbers.map(String).sort());

  // "Marcar como enviados": a code per order, then the result per order.
  await page.getByRole('button', { name: 'Marcar como enviados' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/enviar\?/);
  await expect(page.getByRole('heading', { name: 'Marcar como enviados' })).toBeVisible();
  for (const [i, n] of numbers.entries()) await page.getByLabel(`Código de rastreio do pedido #${n}`).fill(correiosCode(9100 + i));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmar envios' }).click();
  await expect(page.getByTestId('bulk-ship-result')).toHaveText('3 enviados');
  await expect(page.getByText('Enviado', { exact: true })).toHaveCount(3);
  await expectNoAxeViolations(page);
  for (const [i, o] of ids.entries()) {
    expect(appQuery<{ s: string; c: string }>('select fulfillment_status s, tracking_code c from orders where id = ?', o)[0]).toEqual({ s: 'shipped', c: correiosCode(9100 + i) });
  }

  // The same form again (a second tab): nothing moves twice.
  await page.getByRole('button', { name: 'Confirmar envios' }).click();
  await expect(page.getByTestId('bulk-ship-result')).toHaveText('0 enviados, 3 já estavam enviados com o mesmo código');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the bulk bar and "Marcar como enviados" are plain forms', async ({ page }) => {
    const [{ id: source }] = appQuery<{ id: string }>("select id from orders where status = 'paid' and shipping_method = 'delivery' order by created_at desc limit 1");
    const ids = copiesOf(source, 2).slice(1);
    const numbers = ids.map((o) => appQuery<{ number: number }>('select number from orders where id = ?', o)[0].number);
    await signIn(page, '/dashboard/orders?view=a-enviar');
    for (const n of numbers) await page.getByRole('checkbox', { name: `Selecionar pedido #${n}` }).check();
    await page.getByRole('button', { name: 'Marcar como enviados' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/enviar\?/);
    await page.getByLabel(`Código de rastreio do pedido #${numbers[0]}`).fill(correiosCode(9200));
    await page.getByLabel(`Código de rastreio do pedido #${numbers[1]}`).fill('AB123');
    await page.getByRole('button', { name: 'Confirmar envios' }).click();
    // A bad code is said beside its field, what was typed stays, and nothing moved.
    await expect(page.getByText('Código dos Correios tem 13 caracteres', { exact: false })).toBeVisible();
    await expect(page.getByLabel(`Código de rastreio do pedido #${numbers[0]}`)).toHaveValue(correiosCode(9200));
    expect(appQuery<{ s: string }>('select fulfillment_status s from orders where id = ?', ids[0])[0].s).toBe('unfulfilled');
    await page.getByLabel(`Código de rastreio do pedido #${numbers[1]}`).fill(correiosCode(9201));
    await page.getByRole('button', { name: 'Confirmar envios' }).click();
    await expect(page.getByTestId('bulk-ship-result')).toHaveText('2 enviados');
  });
});

/** Where the bulk actions' bar and the list's visible rows (cards on a phone, the table at a desk) are on screen. */
async function barAndRows(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[aria-label="Com os pedidos selecionados"]')!.getBoundingClientRect();
    const rows = [...document.querySelectorAll('tbody tr, ul[aria-label] > li.card')].filter((e) => e.getClientRects().length > 0 && (e as HTMLElement).offsetParent);
    return { bar: { top: bar.top, bottom: bar.bottom }, rows: rows.map((r) => ({ top: r.getBoundingClientRect().top, bottom: r.getBoundingClientRect().bottom })), scrollY };
  });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the bulk bar hides no order, and shows its actions only once orders are selected`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, '/dashboard/orders');
    const bulk = page.getByRole('group', { name: 'Com os pedidos selecionados' });
    // At rest nothing is selected: no actions to press (they would only say "Selecione ao menos um pedido").
    await expect(bulk).toBeHidden();
    const before = await barAndRows(page);
    expect(before.rows.length).toBeGreaterThan(1);

    // "Selecionar a página" (a link): every row is checked, and the actions show above the list,
    // in the page's flow: the first order is below them, uncovered.
    await page.getByRole('link', { name: 'Selecionar a página' }).click();
    await expect(page.getByRole('link', { name: 'Limpar seleção' })).toBeVisible();
    const boxes = page.getByRole('checkbox', { name: /^Selecionar pedido #/ });
    for (const box of await boxes.all()) if (await box.isVisible()) await expect(box).toBeChecked();
    await expect(bulk).toBeVisible();
    await expect(page.getByTestId('bulk-count')).toHaveText(`${before.rows.length} selecionados`);
    const selected = await barAndRows(page);
    await page.getByRole('link', { name: 'Limpar seleção' }).click();
    await expect(page.getByRole('link', { name: 'Selecionar a página' })).toBeVisible();
    for (const box of await boxes.all()) if (await box.isVisible()) await expect(box).not.toBeChecked();
    await expect(bulk).toBeHidden();
    expect(await barAndRows(page)).toEqual(before);
    await page.getByRole('link', { name: 'Selecionar a página' }).click();
    await expect(bulk).toBeVisible();

    // Scrolled (a short window, so that the list is longer than it), the bar sticks to the top;
    // what Shift+Tab reaches from the second order scrolls out from under it.
    await page.setViewportSize({ width: viewport.width, height: 480 });
    await page.evaluate((y) => window.scrollTo(0, y), selected.rows[0].top + selected.scrollY - 10);
    const scrolled = await barAndRows(page);
    expect(scrolled.bar.top).toBeLessThanOrEqual(1);
    expect(scrolled.rows[0].top).toBeLessThan(scrolled.bar.bottom);
    const shown = [];
    for (const box of await boxes.all()) if (await box.isVisible()) shown.push(box);
    await shown[1].evaluate((e: HTMLElement) => e.focus({ preventScroll: true }));
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(focused).toBeGreaterThanOrEqual((await barAndRows(page)).bar.bottom);
    await expectNoAxeViolations(page);
  });
}
