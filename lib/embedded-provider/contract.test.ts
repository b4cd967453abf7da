/**
 * Contract test: the app's own client (lib/payment-provider/client.ts) against the sandbox over real
 * HTTP (node:http → Request → handleSandboxRequest → Response), on the real clock.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { createPaymentProvider, PaymentProviderError, type NewBoleto, type NewPix } from '@/lib/payment-provider/client';
import { closeSandboxContext, createSandboxContext, type SandboxContext } from '@balcao/payment-sandbox';
import { startSandboxHttpServer, type TestServer } from '@/packages/payment-sandbox/test/http-server';
import { advanceClock, CPF, KEY, OTHER_KEY, tempDbUrl } from '@/packages/payment-sandbox/test/fixtures';

let ctx: SandboxContext;
let server: TestServer & { baseUrl: string };
const noSleep = async () => undefined;

beforeAll(async () => {
  ctx = createSandboxContext({ databaseUrl: tempDbUrl().url, apiKeys: [OTHER_KEY], allowHttpWebhooks: true, appUrl: 'http://localhost:3210' });
  server = await startSandboxHttpServer({ ctx });
});
afterAll(async () => {
  await server.close();
  closeSandboxContext(ctx);
});

const api = (key = KEY) => createPaymentProvider({ baseUrl: server.baseUrl, apiKey: key, sleep: noSleep, timeoutMs: 5000 });

const newBoleto = (): NewBoleto => ({
  amountCents: 12_345,
  description: 'Pedido BAL-0001',
  dueDate: addDays(saoPauloDate(), 3),
  gracePeriod: 5,
  finePercent: 2,
  interestPercent: 0.1,
  payer: { name: 'Maria José', document: CPF, zip: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  metadata: [{ key: 'order', value: 'BAL-0001' }],
  notificationUrl: 'http://localhost:3210/api/webhooks/payments/abc',
});

const newPix = (): NewPix => ({
  amountCents: 5_000,
  description: 'Pedido BAL-0002',
  dueDate: addDays(saoPauloDate(), 1),
  expirationDays: 1,
  payer: { name: 'João', document: CPF },
});

async function expectError(p: Promise<unknown>, kind: PaymentProviderError['kind']): Promise<PaymentProviderError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).kind).toBe(kind);
  return error as PaymentProviderError;
}

describe('client ↔ sandbox', () => {
  test('boleto: create (idempotent), read while registering, registered with codes and pdf, cancel', async () => {
    const input = newBoleto();
    const created = await api().createBoleto(input, { idempotencyKey: 'contract-boleto-1' });
    const again = await api().createBoleto(input, { idempotencyKey: 'contract-boleto-1' });
    expect(again.id).toBe(created.id);

    const first = await api().getBoleto(created.id);
    expect(first).toMatchObject({ id: created.id, status: 1, amountCents: 12_345, paidAt: null, gracePeriod: 5, dueDate: input.dueDate });
    expect(first.barcode).toBeUndefined();
    expect(first.metadata).toEqual([{ key: 'order', value: 'BAL-0001' }]);

    advanceClock(ctx, 2);
    const active = await api().getBoleto(created.id);
    expect(active.status).toBe(2);
    expect(active.barcode).toMatch(/^\d{44}$/);
    expect(active.digitableLine).toMatch(/^\d{47}$/);
    expect(active.pdfUrl).toBe(`http://localhost:3210/sandbox/invoice/boleto/pdf/${created.id}`);

    await api().cancelBoleto(created.id);
    expect((await api().getBoleto(created.id)).status).toBe(3);
    await expectError(api().cancelBoleto(created.id), 'rejected');
  });

  test('Pix: create, read, pay through the control API, partial refund, balance', async () => {
    const created = await api().createPix(newPix(), { idempotencyKey: 'contract-pix-1' });
    expect(created.status).toBe('empty');
    expect(created.pixCode).toMatch(/^000201/);
    expect(created.pixImage).toMatch(/^data:image\/png;base64,/);
    await expectError(api().cancelPix(created.id), 'rejected');

    advanceClock(ctx, 1);
    const active = await api().getPix(created.id);
    expect(active).toMatchObject({ id: created.id, status: 'active', amountCents: 5_000, expirationDays: 1, pixCode: created.pixCode });

    const before = (await api().getBalance()).balanceCents;
    const paid = await fetch(`${server.baseUrl}/sim/pay`, {
      method: 'POST',
      headers: { 'X-API-KEY': OTHER_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: created.pixCode }),
    });
    expect(paid.status).toBe(200);
    expect((await api().getPix(created.id)).status).toBe('completed');
    expect((await api().getBalance()).balanceCents).toBe(before + 5_000);

    await api().refundPix(created.id, { amountCents: 1_250, reason: 3, description: 'Devolução parcial' });
    expect((await api().getPix(created.id)).status).toBe('refunded');
    expect((await api().getBalance()).balanceCents).toBe(before + 3_750);
    await expectError(api().refundPix(created.id, { amountCents: 1, reason: 3, description: 'de novo' }), 'rejected');
  });

  test('errors map to the client’s kinds: not_found, auth, a 400 for a malformed id', async () => {
    await expectError(api().getPix('00000000-0000-4000-8000-000000000000'), 'not_found');
    const malformed = await api()
      .getBoleto('not-a-uuid')
      .catch((e: PaymentProviderError) => e);
    expect(malformed).toBeInstanceOf(PaymentProviderError);
    expect((malformed as PaymentProviderError).status).toBe(400);
    expect((malformed as PaymentProviderError).message).toMatch(/chargeID: must be a UUID/);
    await expectError(api('sk_not_a_key_123').getBalance(), 'auth');
    const { id } = await api().createPix(newPix(), { idempotencyKey: 'contract-pix-2' });
    await expectError(api(OTHER_KEY).getPix(id), 'not_found');
  });

  test('faults: reads are retried through 500s, 429 surfaces Retry-After, a failed create has no effect', async () => {
    const { id } = await api().createPix(newPix(), { idempotencyKey: 'contract-pix-3' });
    const draws = [0.1, 0.9];
    let i = 0;
    ctx.random = () => draws[i++ % 2];
    await fetch(`${server.baseUrl}/sim/faults`, { method: 'PUT', headers: { 'X-API-KEY': KEY }, body: JSON.stringify({ error_rate: 0.5 }) });
    expect((await api().getPix(id)).id).toBe(id); // 500, then 200

    ctx.random = Math.random;
    await fetch(`${server.baseUrl}/sim/faults`, { method: 'PUT', headers: { 'X-API-KEY': KEY }, body: JSON.stringify({ error_rate: 1 }) });
    await expectError(api().createPix(newPix(), { idempotencyKey: 'contract-pix-4' }), 'unavailable');
    await expectError(api().getPix(id), 'unavailable');

    await fetch(`${server.baseUrl}/sim/faults`, {
      method: 'PUT',
      headers: { 'X-API-KEY': KEY },
      body: JSON.stringify({ rate_limit_rate: 1, retry_after_seconds: 30 }),
    });
    const limited = await expectError(api().getBalance(), 'rate_limited');
    expect(limited.retryAfterSeconds).toBe(30);

    await fetch(`${server.baseUrl}/sim/faults`, { method: 'PUT', headers: { 'X-API-KEY': KEY }, body: '{}' });
    const created = await api().createPix(newPix(), { idempotencyKey: 'contract-pix-4' });
    expect((await api().getPix(created.id)).status).toBe('empty');
  });
});

describe('the HTTP adapter', () => {
  test('a body over 1 MB is 413 over real HTTP, and the server keeps serving', async () => {
    const res = await fetch(`${server.baseUrl}/v1/pix/due`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', 'User-Agent': 't' },
      body: JSON.stringify({ description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'body: must be at most 1 MB' });
    const ok = await fetch(`${server.baseUrl}/v1/customers/balance`, { headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', 'User-Agent': 't' } });
    expect(ok.status).toBe(200);
  });

  test('paths outside /api/sandbox are 404; the Location header passes through', async () => {
    expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    const input = newBoleto();
    const res = await fetch(`${server.baseUrl}/v1/charges`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', 'User-Agent': 't' },
      body: JSON.stringify({
        due_date: input.dueDate,
        grace_period: 1,
        amount: 10,
        description: 'x',
        fine: 2,
        interest: 0.1,
        payer: { name: 'A', document: CPF, zip: '01310100', street: 'R', city: 'C', state: 'SP', number: '1', neighborhood: 'B' },
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(res.headers.get('location')).toBe(`/charges/${id}`);
  });
});
