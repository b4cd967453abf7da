/**
 * Balcão as the checkout of an outside store (issue 33's "Done when"): a small store on
 * 127.0.0.1 (node:http, two ports above the app) creates a checkout session with a key the owner
 * made in Integrações, sends the buyer to /c/<id>, the buyer pays by Pix (the sandbox plays the
 * bank), the store receives exactly one order.paid verified with the standardwebhooks library,
 * and "Voltar para a loja" brings the buyer to the store's success page. A revoked key gets 401.
 * Every Balcão page visited is scanned with axe.
 */
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoAxeViolations } from './axe';
import { appQuery, CPF, payWithCode, PORT, signIn, tokenFromUrl } from './shop-helpers';

const STORE_PORT = PORT + 2;
const STORE = `http://127.0.0.1:${STORE_PORT}`;
const APP = `http://localhost:${PORT}`;

type Delivery = { headers: Record<string, string>; raw: string };

/** The outside store: /comprar creates a session with its key and redirects; /webhooks collects; /obrigado thanks. */
function startStore(state: { key: string; deliveries: Delivery[]; lastApiStatus: number }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', STORE);
    if (req.method === 'POST' && url.pathname === '/webhooks') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        state.deliveries.push({ headers: req.headers as Record<string, string>, raw });
        res.end('ok');
      });
      return;
    }
    if (url.pathname === '/comprar') {
      void (async () => {
        const r = await fetch(`${APP}/api/v1/checkout/sessions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${state.key}`, 'Content-Type': 'application/json', 'Idempotency-Key': `carrinho-${Date.now()}` },
          body: JSON.stringify({
            items: [{ name: 'Curso de fotografia', amount: 19900, quantity: 1 }],
            customer: { name: 'Helena Prado' },
            methods: ['pix'],
            success_url: `${STORE}/obrigado`,
            cancel_url: `${STORE}/carrinho`,
            metadata: { carrinho: '42' },
          }),
        });
        state.lastApiStatus = r.status;
        const body = (await r.json()) as { url?: string };
        if (r.status !== 201 || !body.url) {
          res.statusCode = 502;
          res.end(`api said ${r.status}`);
          return;
        }
        res.writeHead(303, { Location: body.url }).end();
      })();
      return;
    }
    if (url.pathname === '/obrigado') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end('<!doctype html><html lang="pt-BR"><head><title>Obrigado</title></head><body><main><h1>Obrigado pela compra!</h1></main></body></html>');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) => server.listen(STORE_PORT, '127.0.0.1', () => resolve(server)));
}

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('Nome').fill(name);
  await page.getByRole('button', { name: 'Criar chave de API' }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveValue(/^bk_test_/);
  return secret.inputValue();
}

test('an outside store sells through a checkout session and hears order.paid once, signed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const state = { key: '', deliveries: [] as Delivery[], lastApiStatus: 0 };
  const store = await startStore(state);
  try {
    // The owner makes a key and an endpoint in Configurações → Integrações.
    await signIn(page, '/dashboard/settings/integracoes');
    await expect(page.getByRole('link', { name: 'Integrações' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Criar chave de API' }).click();
    await expect(page.getByText('Dê um nome à chave')).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');
    state.key = await createKey(page, `Loja de fora ${Date.now()}`);
    await expectNoAxeViolations(page);

    await page.getByLabel('URL').fill(`${STORE}/webhooks`);
    await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
    const secretField = page.getByTestId('endpoint-secret');
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await page.reload();
    await expect(page.getByRole('article', { name: `Endpoint ${STORE}/webhooks` }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The buyer starts at the store and lands on Balcão's hosted checkout, prefilled.
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const buyer = await context.newPage();
    await buyer.goto(`${STORE}/comprar`);
    await expect(buyer).toHaveURL(new RegExp(`^${APP}/c/cs_`));
    const sessionId = /\/c\/(cs_[A-Za-z0-9_-]+)/.exec(buyer.url())![1];
    await expect(buyer.getByTestId('session-amount')).toHaveText('R$ 199,00');
    await expect(buyer.getByLabel('Nome completo')).toHaveValue('Helena Prado');
    await expectNoAxeViolations(buyer);
    await buyer.getByLabel('CPF ou CNPJ').fill(CPF);
    await buyer.getByLabel('E-mail').fill('helena@exemplo.com.br');
    await buyer.getByRole('button', { name: 'Pagar com Pix' }).click();
    await expect(buyer).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
    const token = tokenFromUrl(buyer.url());
    await payWithCode(page.request, await buyer.getByLabel('Pix copia e cola').inputValue());
    await expect(buyer.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
    await expectNoAxeViolations(buyer);

    // The session says it is complete; opening it again says so.
    const read = await page.request.get(`/api/v1/checkout/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${state.key}` } });
    expect(await read.json()).toMatchObject({ id: sessionId, status: 'complete', order: { status: 'paid', total: 19900, metadata: { carrinho: '42' } } });

    // Exactly one order.paid reaches the store, verified with the Standard Webhooks library.
    await expect.poll(() => state.deliveries.length, { timeout: 20_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(state.deliveries).toHaveLength(1);
    const event = new Webhook(secret).verify(state.deliveries[0].raw, state.deliveries[0].headers) as { type: string; data: { order: { id: string }; checkout_session_id: string } };
    const [order] = appQuery<{ id: string }>('select id from orders where token = ?', token);
    expect(event).toMatchObject({ type: 'order.paid', data: { order: { id: order.id }, checkout_session_id: sessionId } });
    expect(() => new Webhook(secret).verify(state.deliveries[0].raw.replace('19900', '1'), state.deliveries[0].headers)).toThrow();

    // "Voltar para a loja" leads to the store's success page.
    await buyer.getByRole('link', { name: 'Voltar para a loja' }).click();
    await expect(buyer).toHaveURL(`${STORE}/obrigado`);
    await expect(buyer.getByRole('heading', { name: 'Obrigado pela compra!' })).toBeVisible();
    await buyer.goto(`${APP}/c/${sessionId}`);
    await expect(buyer.getByRole('heading', { name: 'Este pagamento já foi concluído' })).toBeVisible();
    await expectNoAxeViolations(buyer);
    await context.close();

    // The delivery log shows the attempt; "Revogar" stops the key at once.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Registro de entregas' }).first()).toContainText('HTTP 200');
    const row = page.getByRole('row').filter({ hasText: state.key.slice(-4) });
    await row.getByRole('button', { name: 'Revogar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await expect(row).toContainText('Revogada');
    const refused = await page.request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${state.key}` } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { type: 'unauthorized' } });
  } finally {
    await new Promise((r) => store.close(r));
  }
});
