/**
 * The payment client with the in-process exchange, against this process's sandbox: the same
 * answers, errors, faults and timeouts as over the wire (test/setup.ts gives this file its own
 * SANDBOX_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { env } from '@/lib/config/env';
import { createPaymentProvider, PaymentProviderError, type PaymentProviderOptions } from '@/lib/payment-provider/client';
import { replaceFaults } from '@/packages/payment-sandbox/test/fixtures';
import { defaultSandbox, stopSandboxWorker } from './index';
import { inProcessExchange, sandboxSegments } from './in-process-exchange';
import { startProcessContext } from '@/lib/process/context';

const noSleep = async () => undefined;
const newPix = () => ({
  amountCents: 12_345,
  description: 'Pedido de teste',
  dueDate: addDays(saoPauloDate(), 1),
  expirationDays: 1,
  payer: { name: 'Maria da Silva', document: '52998224725' },
});

/** The embedded sandbox's base URL (APP_URL + /api/sandbox when PAYMENT_API_URL is unset). */
const sandboxBase = () => env().paymentApiUrl;
const inProcessApi = (options: Partial<PaymentProviderOptions> = {}) => createPaymentProvider({ exchange: inProcessExchange(sandboxBase()), sleep: noSleep, ...options });

afterEach(async () => {
  replaceFaults(defaultSandbox(), {});
  await stopSandboxWorker();
  delete process.env.PAYMENT_API_KEY;
  startProcessContext();
});

describe('sandboxSegments', () => {
  const base = 'http://localhost:3000/api/sandbox';
  test('the path after the mount point, decoded like the catch-all route', () => {
    expect(sandboxSegments(base, `${base}/v1/pix/a%2Fb`)).toEqual(['v1', 'pix', 'a/b']);
    expect(sandboxSegments(`${base}/`, `${base}/v1/customers/balance?x=1`)).toEqual(['v1', 'customers', 'balance']);
  });
  test('anything else is not the sandbox', () => {
    expect(sandboxSegments(base, 'http://localhost:3001/api/sandbox/v1/pix/1')).toBeNull();
    expect(sandboxSegments(base, 'http://localhost:3000/api/sandboxes/v1')).toBeNull();
    expect(sandboxSegments(base, 'https://provider.example/v1/pix/1')).toBeNull();
  });
  test('the exchange refuses a URL outside the sandbox instead of sending it anywhere', async () => {
    await expect(inProcessExchange(base)({ url: 'https://provider.example/v1/pix/1', method: 'GET', headers: {}, timeoutMs: 1000 })).rejects.toThrow(/not under/);
  });
});

describe('the payment client with the in-process exchange', () => {
  test('creates and reads a Pix back, centavos in and out, and the balance', async () => {
    const api = inProcessApi();
    const created = await api.createPix(newPix(), { idempotencyKey: randomUUID() });
    expect(created.pixCode).toMatch(/^000201/);
    const read = await api.getPix(created.id);
    expect(read).toMatchObject({ id: created.id, amountCents: 12_345 });
    expect(await api.getBalance()).toEqual({ balanceCents: 0 });
  });

  test('the same Idempotency-Key and body give the same charge', async () => {
    const api = inProcessApi();
    const key = randomUUID();
    const a = await api.createPix(newPix(), { idempotencyKey: key });
    const b = await api.createPix(newPix(), { idempotencyKey: key });
    expect(b.id).toBe(a.id);
  });

  test('the sandbox still authenticates: a wrong key is an auth error', async () => {
    process.env.PAYMENT_API_KEY = 'sk_wrong_key_123';
    startProcessContext();
    const error = await inProcessApi({ maxReadRetries: 0 }).getBalance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).kind).toBe('auth');
  });

  test('the sandbox checks the headers as over HTTP (names in any case) and caps the body at 1 MB', async () => {
    const exchange = inProcessExchange(sandboxBase());
    const headers = { 'x-api-key': 'sk_sandbox_dev', 'CONTENT-TYPE': 'application/json', 'User-Agent': 'Balcao/test' };
    const ok = await exchange({ url: `${sandboxBase()}/v1/customers/balance`, method: 'GET', headers, timeoutMs: 5000 });
    expect(ok.status).toBe(200);
    expect(ok.header('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(ok.text)).toMatchObject({ balance: 0 });

    const noAgent = await exchange({ url: `${sandboxBase()}/v1/customers/balance`, method: 'GET', headers: { ...headers, 'User-Agent': '' }, timeoutMs: 5000 });
    expect(noAgent.status).toBe(400);
    expect(noAgent.text).toMatch(/User-Agent/);

    const huge = await exchange({ url: `${sandboxBase()}/v1/pix/due`, method: 'POST', headers: { ...headers, 'Idempotency-Key': randomUUID() }, body: JSON.stringify({ x: 'a'.repeat(1024 * 1024) }), timeoutMs: 5000 });
    expect(huge.status).toBe(413);
  });

  test('not found and validation errors come back typed', async () => {
    const api = inProcessApi({ maxReadRetries: 0 });
    const missing = await api.getPix('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect((missing as PaymentProviderError).kind).toBe('not_found');
  });

  test('faults apply: 429 with Retry-After, 500s retried, latency beyond the timeout', async () => {
    const ctx = defaultSandbox();
    const api = inProcessApi({ maxReadRetries: 0 });

    replaceFaults(ctx, { rate_limit_rate: 1, retry_after_seconds: 30 });
    const limited = (await api.getBalance().catch((e: unknown) => e)) as PaymentProviderError;
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(30);

    replaceFaults(ctx, { error_rate: 1 });
    expect(((await api.getBalance().catch((e: unknown) => e)) as PaymentProviderError).kind).toBe('unavailable');

    replaceFaults(ctx, { latency_ms: 2_000 });
    const started = Date.now();
    const slow = (await inProcessApi({ maxReadRetries: 0, timeoutMs: 100 })
      .getBalance()
      .catch((e: unknown) => e)) as PaymentProviderError;
    expect(slow.kind).toBe('unavailable');
    expect(slow.message).toMatch(/did not answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
