/**
 * The serverless path (Vercel + Turso's shape): a second `next start` with DATABASE_DRIVER=libsql
 * and BACKGROUND_WORKERS=off (playwright.config.ts, project "serverless"; its own databases under
 * data/e2e-<port>). No interval runs in that process, so whatever reaches the shopper or the
 * store in seconds was sent by the request's after-pass (lib/jobs/after-pass.ts): the
 * instructions e-mail within 5 s of the order, order.paid within 5 s of the payment, the
 * "enviado" e-mail and order.fulfilled within 5 s of "Confirmar envio". Reminders and
 * reconciliation wait for the cron route, which the test calls the way Vercel Cron does.
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoAxeViolations } from './axe';
import { addToCart, CPF, CRON_SECRET, fillPix, payWithCode, PORT, signIn, tokenFromUrl } from './shop-helpers';

/** playwright.config.ts starts the serverless server five ports above the first one; its outside store listens two above it. */
const SERVERLESS_PORT = Number(process.env.E2E_FIRST_PORT ?? PORT) + 5;
const APP = `http://localhost:${SERVERLESS_PORT}`;
const STORE = `http://127.0.0.1:${SERVERLESS_PORT + 2}`;
const WITHIN_MS = 5_000;

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.resolve(`data/e2e-${SERVERLESS_PORT}/app.db`), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Polls the mail catcher's table (the e-mail as sent) for `kind` of the order with `token`; fails after `ms`. */
async function expectMailWithin(token: string, kind: string, ms: number) {
  await expect
    .poll(() => query<{ n: number }>('select count(*) as n from caught_emails c join orders o on o.id = c.order_id where o.token = ? and c.kind = ?', token, kind)[0].n, {
      timeout: ms,
      intervals: [100],
    })
    .toBe(1);
}

type Delivery = { headers: Record<string, string>; raw: string; at: number };

function startStore(deliveries: Delivery[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/webhooks') deliveries.push({ headers: req.headers as Record<string, string>, raw, at: Date.now() });
      res.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(SERVERLESS_PORT + 2, '127.0.0.1', () => resolve(server)));
}

async function placePixOrder(shopper: Page, name: string): Promise<{ token: string; code: string }> {
  await addToCart(shopper, 'cafe-especial-250g');
  await shopper.goto('/checkout');
  await fillPix(shopper, { name, email: 'serverless@exemplo.com.br' });
  await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  return { token: tokenFromUrl(shopper.url()), code: await shopper.getByLabel('Pix copia e cola').inputValue() };
}

test('no worker runs: the e-mails and the store\'s webhooks leave after each response, the cron does the rest', async ({ page, context, request }) => {
  test.skip(test.info().project.name !== 'serverless', 'runs against the serverless server only (project "serverless")');
  test.setTimeout(180_000);
  const deliveries: Delivery[] = [];
  const store = await startStore(deliveries);
  try {
    // The owner adds the store's endpoint for order.paid and order.fulfilled, and makes an API key.
    await signIn(page, '/dashboard/settings/integracoes');
    await page.getByLabel('URL').fill(`${STORE}/webhooks`);
    await page.getByLabel(/^order\.fulfilled/).check();
    await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
    const secret = await page.getByTestId('endpoint-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByLabel('Nome').fill('Loja serverless');
    await page.getByRole('button', { name: 'Criar chave de API' }).click();
    await expect(page.getByTestId('api-key-secret')).toHaveValue(/^bk_test_/);
    const apiKey = await page.getByTestId('api-key-secret').inputValue();
    await expectNoAxeViolations(page);

    // 1. The shop's checkout: the instructions e-mail is in the catcher within 5 s of the order.
    const shopper = await context.newPage();
    const { token, code } = await placePixOrder(shopper, 'Sara Vercel');
    await expectMailWithin(token, 'instructions', WITHIN_MS);
    await expectNoAxeViolations(shopper);

    // 2. Paid: the page says so, the confirmation e-mail and order.paid leave within 5 s.
    const paidAt = Date.now();
    await payWithCode(request, code);
    await expect.poll(() => deliveries.filter((d) => JSON.parse(d.raw).type === 'order.paid').length, { timeout: WITHIN_MS, intervals: [100] }).toBe(1);
    expect(deliveries[0].at - paidAt).toBeLessThan(WITHIN_MS);
    const paid = new Webhook(secret).verify(deliveries[0].raw, deliveries[0].headers) as { type: string; data: { order: { id: string; status: string } } };
    const [order] = query<{ id: string }>('select id from orders where token = ?', token);
    expect(paid).toMatchObject({ type: 'order.paid', data: { order: { id: order.id, status: 'paid' } } });
    await expectMailWithin(token, 'paid', WITHIN_MS);
    await expect(shopper.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });

    // 3. The API journey: a checkout session paid on the hosted page; order.paid reaches the store.
    const created = await request.post('/api/v1/checkout/sessions', {
      headers: { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': `sl-${Date.now()}` },
      data: { items: [{ name: 'Curso on-line', amount: 9900, quantity: 1 }], customer: { name: 'Otávio Turso' }, methods: ['pix'], success_url: `${STORE}/obrigado` },
    });
    expect(created.status()).toBe(201);
    const session = (await created.json()) as { id: string; url: string };
    expect(session.url).toBe(`${APP}/c/${session.id}`);
    await shopper.goto(session.url);
    await shopper.getByLabel('CPF ou CNPJ').fill(CPF);
    await shopper.getByLabel('E-mail').fill('otavio@exemplo.com.br');
    await shopper.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(shopper).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const apiToken = tokenFromUrl(shopper.url());
    await expectMailWithin(apiToken, 'instructions', WITHIN_MS);
    await payWithCode(request, await shopper.getByLabel('Pix copia e cola').inputValue());
    await expect.poll(() => deliveries.filter((d) => JSON.parse(d.raw).type === 'order.paid').length, { timeout: WITHIN_MS, intervals: [100] }).toBe(2);
    const apiPaid = JSON.parse(deliveries.at(-1)!.raw) as { data: { checkout_session_id: string } };
    expect(apiPaid.data.checkout_session_id).toBe(session.id);
    await expectNoAxeViolations(shopper);

    // 4. Fulfilment: "Confirmar envio" → the "enviado" e-mail and order.fulfilled within 5 s.
    await page.goto(`/dashboard/orders/${order.id}`);
    await expect(page.getByTestId('fulfilment-status')).toHaveText('A enviar');
    await page.getByLabel('Código de rastreio', { exact: true }).fill('AB 123456785 BR');
    await page.getByRole('button', { name: 'Confirmar envio' }).click();
    await expect(page.getByText('Pedido marcado como enviado.')).toBeVisible();
    await expectMailWithin(token, 'shipped', WITHIN_MS);
    await expect.poll(() => deliveries.filter((d) => JSON.parse(d.raw).type === 'order.fulfilled').length, { timeout: WITHIN_MS, intervals: [100] }).toBe(1);
    await expectNoAxeViolations(page);

    // Nothing was sent twice.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(new Set(deliveries.map((d) => d.headers['webhook-id'])).size).toBe(deliveries.length);
    expect(query<{ n: number }>('select count(*) as n from caught_emails group by outbox_id having n > 1')).toEqual([]);

    // 5. Reminders and reconciliation wait for the cron route, called as Vercel Cron calls it.
    expect((await request.get('/api/cron/jobs')).status()).toBe(401);
    const cron = await request.get('/api/cron/jobs', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
    expect(cron.status()).toBe(200);
    expect(await cron.json()).toMatchObject({ checked: expect.any(Number), changed: 0, left: { payments: 0, emails: 0, webhooks: 0 } });
    // The old path still runs the same pass, for a vercel.json written before the rename.
    expect((await request.get('/api/cron/reconcile')).status()).toBe(401);
    const old = await request.get('/api/cron/reconcile', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
    expect(old.status()).toBe(200);
    expect(await old.json()).toMatchObject({ checked: expect.any(Number), changed: 0, left: { payments: 0, emails: 0, webhooks: 0 } });
  } finally {
    await new Promise((r) => store.close(r));
  }
});
