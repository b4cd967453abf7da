import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { buildBoletoBarcode, barcodeToDigitableLine, formatDigitableLine } from '@balcao/br/boleto';
import packageJson from '@/package.json';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, MAX_RETRY_AFTER_SECONDS, backoffMs, parseRetryAfter } from './http';
import { PaymentProviderError, createPaymentProvider, userMessage, type NewBoleto, type NewPix, type PaymentProvider } from './client';
import { startProcessContext } from '@/lib/process/context';

// ---------- a local stand-in for the provider: records requests, answers from a script ----------

type Scripted = { status: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number };
type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const requests: Recorded[] = [];
let script: Scripted[] = [];
let server: http.Server;
let baseUrl: string;

function answer(...responses: Scripted[]) {
  script.push(...responses);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const next = script.shift() ?? { status: 500, json: { error: 'unscripted request' } };
      const send = () => {
        if (res.destroyed) return;
        const payload = next.text ?? (next.json === undefined ? '' : JSON.stringify(next.json));
        const headers: Record<string, string> = { ...(next.headers ?? {}) };
        if (next.json !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
        res.writeHead(next.status, headers);
        res.end(payload);
      };
      if (next.delayMs) setTimeout(send, next.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/sandbox`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const savedEnv = { ...process.env };
const API_KEY = 'sk_test_0123456789abcdef';
let sleeps: number[];
let api: PaymentProvider;

function client(overrides: Parameters<typeof createPaymentProvider>[0] = {}) {
  return createPaymentProvider({ baseUrl, apiKey: API_KEY, sleep: async (ms) => void sleeps.push(ms), ...overrides });
}

beforeEach(() => {
  process.env.APP_URL = 'https://loja.example';
  startProcessContext();
  requests.length = 0;
  script = [];
  sleeps = [];
  api = client();
});

afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
  startProcessContext();
});

async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error('expected the call to fail');
}

// ---------- fixtures ----------

const ID = '0b9a3d2c-6f0e-4c4e-9d61-3c8f1f1f2a10';
const dueDate = addDays(saoPauloDate(), 3);

const newBoleto = (over: Partial<NewBoleto> = {}): NewBoleto => ({
  amountCents: 1990,
  description: 'Pedido #1001',
  dueDate,
  gracePeriod: 5,
  finePercent: 2,
  interestPercent: 0.1,
  payer: {
    name: 'Maria da Silva',
    document: '52998224725',
    zip: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
  metadata: [{ key: 'order', value: '1001' }],
  notificationUrl: 'https://loja.example/api/webhooks/payments/tok123',
  customerCode: 'C-1',
  ...over,
});

const newPix = (over: Partial<NewPix> = {}): NewPix => ({
  amountCents: 1990,
  description: 'Pedido #1002',
  dueDate,
  expirationDays: 1,
  payer: { name: 'João Souza', document: '11222333000181' },
  metadata: [{ key: 'order', value: '1002' }],
  notificationUrl: 'https://loja.example/api/webhooks/payments/tok456',
  ...over,
});

const barcode = buildBoletoBarcode({ bankCode: '341', amountCents: 1990, dueDate, freeField: '1234567890123456789012345' });

const boletoRead = (over: Record<string, unknown> = {}) => ({
  id: ID,
  status: 2,
  amount: 19.9,
  due_date: dueDate,
  grace_period: 5,
  description: 'Pedido #1001',
  created_at: '2025-06-01T12:00:00Z',
  paid_at: null,
  metadata: [{ key: 'order', value: '1001' }],
  ...over,
});

const pixRead = (over: Record<string, unknown> = {}) => ({
  id: ID,
  customer_id: 'cus_1',
  status: 'active',
  amount: 19.9,
  description: 'Pedido #1002',
  expiration: 1,
  due_date: dueDate,
  created_at: '2025-06-01T12:00:00Z',
  updated_at: '2025-06-01T12:00:01Z',
  metadata: [{ key: 'order', value: '1002' }],
  payload: { payload_id: 7, data: '00020101021226...6304ABCD', image: 'data:image/png;base64,iVBORw0KGgo=' },
  ...over,
});

function expectCommonHeaders(r: Recorded, key = API_KEY, appUrl = 'https://loja.example') {
  expect(r.headers['x-api-key']).toBe(key);
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers.accept).toBe('application/json');
  expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(r.headers['user-agent']).toBe(`Balcao/${packageJson.version} (+${appUrl})`);
}

// ---------- operations ----------

describe('operations: method, path, headers, body in reais', () => {
  it('createBoleto posts /v1/charges with every header, Idempotency-Key and the body in reais (fine and interest always sent)', async () => {
    answer({ status: 201, json: { id: ID, amount: 19.9, due_date: dueDate }, headers: { location: `/charges/${ID}` } });
    const created = await api.createBoleto(newBoleto(), { idempotencyKey: 'idem-boleto-1' });
    expect(created).toEqual({ id: ID, raw: { id: ID, amount: 19.9, due_date: dueDate } });

    expect(requests).toHaveLength(1);
    const r = requests[0];
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/sandbox/v1/charges');
    expectCommonHeaders(r);
    expect(r.headers['idempotency-key']).toBe('idem-boleto-1');
    expect(r.body).toContain('"amount":19.9,');
    expect(JSON.parse(r.body)).toEqual({
      due_date: dueDate,
      grace_period: 5,
      amount: 19.9,
      description: 'Pedido #1001',
      metadata: [{ key: 'order', value: '1001' }],
      payer: {
        name: 'Maria da Silva',
        document: '52998224725',
        zip: '01310100',
        street: 'Avenida Paulista',
        city: 'São Paulo',
        state: 'SP',
        number: '1000',
        neighborhood: 'Bela Vista',
      },
      fine: 2,
      interest: 0.1,
      notification_url: 'https://loja.example/api/webhooks/payments/tok123',
      customer_code: 'C-1',
    });
  });

  it('sends amounts as exact reais: 500 → 5, 9_999_999_999 → 99999999.99', async () => {
    answer({ status: 201, json: { id: ID } }, { status: 201, json: { id: ID } });
    await api.createBoleto(newBoleto({ amountCents: 500 }), { idempotencyKey: 'k1' });
    await api.createBoleto(newBoleto({ amountCents: 9_999_999_999 }), { idempotencyKey: 'k2' });
    expect(requests[0].body).toContain('"amount":5,');
    expect(requests[1].body).toContain('"amount":99999999.99,');
  });

  it('leaves optional fields out rather than sending null', async () => {
    answer({ status: 201, json: { id: ID } });
    await api.createBoleto(newBoleto({ metadata: undefined, notificationUrl: undefined, customerCode: undefined }), { idempotencyKey: 'k' });
    const body = JSON.parse(requests[0].body);
    expect(Object.keys(body).sort()).toEqual(['amount', 'description', 'due_date', 'fine', 'grace_period', 'interest', 'payer']);
  });

  it('createPix posts /v1/pix/due with expiration in days and returns the copy-and-paste code and image', async () => {
    const payload = { payload_id: 9, data: '000201BRCODE6304ABCD', image: 'data:image/png;base64,AAAA' };
    answer({ status: 201, json: { id: ID, status: 'empty', amount: 19.9, payload, extra_field: { a: 1 } } });
    const created = await api.createPix(newPix(), { idempotencyKey: 'idem-pix-1' });
    expect(created).toMatchObject({ id: ID, status: 'empty', pixCode: payload.data, pixImage: payload.image });
    expect((created.raw as { extra_field: unknown }).extra_field).toEqual({ a: 1 });

    const r = requests[0];
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/sandbox/v1/pix/due');
    expectCommonHeaders(r);
    expect(r.headers['idempotency-key']).toBe('idem-pix-1');
    expect(JSON.parse(r.body)).toEqual({
      amount: 19.9,
      description: 'Pedido #1002',
      expiration: 1,
      due_date: dueDate,
      metadata: [{ key: 'order', value: '1002' }],
      payer: { name: 'João Souza', document: '11222333000181' },
      notification_url: 'https://loja.example/api/webhooks/payments/tok456',
    });
  });

  it('createPix takes the largest Pix amount exactly', async () => {
    answer({ status: 201, json: { id: ID, payload: { data: 'x', image: 'y' } } });
    await api.createPix(newPix({ amountCents: 999_999_999_999 }), { idempotencyKey: 'k' });
    expect(requests[0].body).toContain('"amount":9999999999.99,');
  });

  it('getBoleto reads /v1/charges/{id} in centavos with Content-Type on a GET and no Idempotency-Key', async () => {
    answer({ status: 200, json: boletoRead({ barcode, pdf_url: 'https://x.example/b.pdf' }) });
    const b = await api.getBoleto(ID);
    const r = requests[0];
    expect(r.method).toBe('GET');
    expect(r.url).toBe(`/api/sandbox/v1/charges/${ID}`);
    expectCommonHeaders(r);
    expect(r.headers['idempotency-key']).toBeUndefined();
    expect(r.body).toBe('');
    expect(b).toMatchObject({
      id: ID,
      status: 2,
      amountCents: 1990,
      dueDate,
      gracePeriod: 5,
      paidAt: null,
      createdAt: '2025-06-01T12:00:00Z',
      barcode,
      digitableLine: barcodeToDigitableLine(barcode),
      pdfUrl: 'https://x.example/b.pdf',
      metadata: [{ key: 'order', value: '1001' }],
    });
    expect(b.digitableLine).toMatch(/^\d{47}$/);
  });

  it('getBoleto prefers a matching digitable_line (normalised to digits) and ignores codes with wrong check digits', async () => {
    const line = barcodeToDigitableLine(barcode);
    const wrongBarcode = barcode.slice(0, 4) + String((Number(barcode[4]) + 1) % 10) + barcode.slice(5);
    answer(
      { status: 200, json: boletoRead({ barcode, digitable_line: formatDigitableLine(line) }) },
      { status: 200, json: boletoRead({ barcode: wrongBarcode }) },
      { status: 200, json: boletoRead({ digitable_line: line }) },
      { status: 200, json: boletoRead() },
    );
    expect(await api.getBoleto(ID)).toMatchObject({ barcode, digitableLine: line });
    const wrong = await api.getBoleto(ID);
    expect(wrong.barcode).toBeUndefined();
    expect(wrong.digitableLine).toBeUndefined();
    expect(await api.getBoleto(ID)).toMatchObject({ barcode, digitableLine: line });
    const unregistered = await api.getBoleto(ID);
    expect(unregistered.barcode).toBeUndefined();
    expect(unregistered.digitableLine).toBeUndefined();
  });

  it('getPix reads /v1/pix/{id} and maps payload.data / payload.image', async () => {
    answer({ status: 200, json: pixRead() });
    const p = await api.getPix(ID);
    const r = requests[0];
    expect(r.method).toBe('GET');
    expect(r.url).toBe(`/api/sandbox/v1/pix/${ID}`);
    expectCommonHeaders(r);
    expect(r.headers['idempotency-key']).toBeUndefined();
    expect(p).toMatchObject({
      id: ID,
      status: 'active',
      amountCents: 1990,
      dueDate,
      expirationDays: 1,
      createdAt: '2025-06-01T12:00:00Z',
      updatedAt: '2025-06-01T12:00:01Z',
      pixCode: '00020101021226...6304ABCD',
      pixImage: 'data:image/png;base64,iVBORw0KGgo=',
      metadata: [{ key: 'order', value: '1002' }],
    });
    expect((p.raw as { customer_id: string }).customer_id).toBe('cus_1');
  });

  it('cancelBoleto and cancelPix send DELETE with Content-Type and no body', async () => {
    answer({ status: 204 }, { status: 204 });
    await api.cancelBoleto(ID);
    await api.cancelPix(ID);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`DELETE /api/sandbox/v1/charges/${ID}`, `DELETE /api/sandbox/v1/pix/${ID}`]);
    for (const r of requests) {
      expectCommonHeaders(r);
      expect(r.headers['idempotency-key']).toBeUndefined();
      expect(r.body).toBe('');
    }
  });

  it('refundPix sends DELETE /v1/pix/{id}/refund carrying the JSON body in reais', async () => {
    answer({ status: 204 });
    await api.refundPix(ID, { amountCents: 1990, reason: 3, description: 'Cliente desistiu' });
    const r = requests[0];
    expect(`${r.method} ${r.url}`).toBe(`DELETE /api/sandbox/v1/pix/${ID}/refund`);
    expectCommonHeaders(r);
    expect(r.headers['idempotency-key']).toBeUndefined();
    expect(JSON.parse(r.body)).toEqual({ amount: 19.9, reason: 3, description: 'Cliente desistiu' });
  });

  it('getBalance reads /v1/customers/balance in centavos', async () => {
    answer({ status: 200, json: { balance: 1234.5, customer_id: 'cus_1' } });
    expect(await api.getBalance()).toEqual({ balanceCents: 123450 });
    expect(`${requests[0].method} ${requests[0].url}`).toBe('GET /api/sandbox/v1/customers/balance');
    expectCommonHeaders(requests[0]);
  });

  it('encodes ids into the path', async () => {
    answer({ status: 404, json: { error: 'not found' } });
    await failure(api.getPix('a/b?c'));
    expect(requests[0].url).toBe('/api/sandbox/v1/pix/a%2Fb%3Fc');
  });

  it('uses env() when nothing is overridden: PAYMENT_API_URL, PAYMENT_API_KEY, APP_URL in the User-Agent', async () => {
    process.env.PAYMENT_API_URL = `${baseUrl}/`;
    process.env.PAYMENT_API_KEY = 'sk_live_from_env_987654';
    process.env.APP_URL = 'https://shop.example.com.br';
    startProcessContext();
    answer({ status: 200, json: { balance: 5 } });
    expect(await createPaymentProvider().getBalance()).toEqual({ balanceCents: 500 });
    expect(requests[0].url).toBe('/api/sandbox/v1/customers/balance');
    expectCommonHeaders(requests[0], 'sk_live_from_env_987654', 'https://shop.example.com.br');
  });

  it('knows no provider: with no exchange given it speaks HTTP, even to the embedded sandbox\'s address', async () => {
    delete process.env.PAYMENT_API_URL;
    delete process.env.PAYMENT_API_KEY;
    process.env.APP_URL = baseUrl.replace(/\/api\/sandbox$/, '');
    startProcessContext();
    answer({ status: 200, json: { balance: 5 } });
    // The in-process sandbox is chosen by the composition point (lib/payments/provider.ts), not here.
    expect(await createPaymentProvider().getBalance()).toEqual({ balanceCents: 500 });
    expect(requests).toHaveLength(1);
    expectCommonHeaders(requests[0], 'sk_sandbox_dev', process.env.APP_URL);
  });

  it('sends through the exchange it is given', async () => {
    const seen: string[] = [];
    const api = createPaymentProvider({
      baseUrl: 'https://provider.example',
      apiKey: API_KEY,
      exchange: async (r) => {
        seen.push(`${r.method} ${r.url}`);
        return { status: 200, header: () => null, text: '{"balance": 1.5}' };
      },
    });
    expect(await api.getBalance()).toEqual({ balanceCents: 150 });
    expect(seen).toEqual(['GET https://provider.example/v1/customers/balance']);
    expect(requests).toHaveLength(0);
  });

  it('reads no configuration until the first call', () => {
    process.env.PAYMENT_API_URL = 'not a url';
    startProcessContext();
    expect(() => createPaymentProvider()).not.toThrow();
  });
});

// ---------- responses we tolerate or refuse ----------

describe('responses', () => {
  it('passes unknown statuses and extra fields through for the caller to decide', async () => {
    answer({ status: 200, json: boletoRead({ status: 7, brand_new: true }) }, { status: 200, json: pixRead({ status: 'expired_whatever' }) });
    const b = await api.getBoleto(ID);
    expect(b.status).toBe(7);
    expect((b.raw as { brand_new: boolean }).brand_new).toBe(true);
    expect((await api.getPix(ID)).status).toBe('expired_whatever');
  });

  it('paid_at absent reads as null; a paid boleto carries its time', async () => {
    answer({ status: 200, json: boletoRead({ paid_at: undefined }) }, { status: 200, json: boletoRead({ status: 4, paid_at: '2025-06-02T10:00:00Z' }) });
    expect((await api.getBoleto(ID)).paidAt).toBeNull();
    expect(await api.getBoleto(ID)).toMatchObject({ status: 4, paidAt: '2025-06-02T10:00:00Z' });
  });

  it.each([
    ['non-JSON 200', { status: 200, text: '<html>hello</html>' }],
    ['a read without status', { status: 200, json: { id: ID, amount: 19.9 } }],
    ['a read without amount', { status: 200, json: { id: ID, status: 2 } }],
    ['an amount with more than 2 decimals', { status: 200, json: boletoRead({ amount: 19.901 }) }],
    ['an amount as a string', { status: 200, json: boletoRead({ amount: '19.90' }) }],
    ['a read for another id', { status: 200, json: boletoRead({ id: 'other-id' }) }],
    ['an empty 200', { status: 200 }],
    ['a redirect (never followed with the key on it)', { status: 302, headers: { location: 'http://127.0.0.1:9/steal' } }],
  ] as [string, Scripted][])('bad_response on %s (and not retried)', async (_name, response) => {
    answer(response);
    const e = await failure(api.getBoleto(ID));
    expect(e.kind).toBe('bad_response');
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(userMessage(e)).toBe('O serviço de pagamentos respondeu de forma inesperada. Tente novamente em instantes.');
  });

  it('bad_response on a Pix create without payload, on a balance with 3 decimals, on a create body that is not JSON', async () => {
    answer(
      { status: 201, json: { id: ID, status: 'empty' } },
      { status: 200, json: { balance: 1.234 } },
      { status: 201, text: 'Created' },
    );
    expect((await failure(api.createPix(newPix(), { idempotencyKey: 'k' }))).kind).toBe('bad_response');
    expect((await failure(api.getBalance())).kind).toBe('bad_response');
    expect((await failure(api.createBoleto(newBoleto(), { idempotencyKey: 'k' }))).kind).toBe('bad_response');
  });
});

// ---------- errors ----------

describe('errors', () => {
  it('400 naming a field is validation with the field, in either error shape', async () => {
    answer(
      { status: 400, json: { error: 'payer.document: invalid CPF or CNPJ' } },
      { status: 400, json: { error: { message: 'payer.zip: must be 8 digits, no hyphen', code: 'x' } } },
    );
    const a = await failure(api.createBoleto(newBoleto(), { idempotencyKey: 'k' }));
    expect(a).toMatchObject({ kind: 'validation', status: 400, field: 'payer.document', providerMessage: 'payer.document: invalid CPF or CNPJ' });
    expect(userMessage(a)).toBe('CPF ou CNPJ inválido.');
    const b = await failure(api.createBoleto(newBoleto(), { idempotencyKey: 'k' }));
    expect(b).toMatchObject({ kind: 'validation', field: 'payer.zip' });
    expect(userMessage(b)).toBe('CEP inválido.');
  });

  it('other 400s are rejected, with the provider message after a Portuguese lead-in', async () => {
    answer({ status: 400, json: { error: 'QR code is not completed' } }, { status: 400, json: { error: { message: 'wrong state' } } });
    const a = await failure(api.refundPix(ID, { amountCents: 500, reason: 1, description: 'x' }));
    expect(a).toMatchObject({ kind: 'rejected', status: 400 });
    expect(a.field).toBeUndefined();
    expect(userMessage(a)).toBe('O serviço de pagamentos recusou a operação: QR code is not completed.');
    const b = await failure(api.cancelPix(ID));
    expect(b.kind).toBe('rejected');
    expect(userMessage(b)).toBe('O serviço de pagamentos recusou a operação: wrong state.');
  });

  it.each([
    [401, { error: 'invalid API key' }, 'auth', 'Não foi possível autenticar com o serviço de pagamentos. Avise o lojista.'],
    [403, { error: 'forbidden' }, 'auth', 'Não foi possível autenticar com o serviço de pagamentos. Avise o lojista.'],
    [404, { error: 'charge not found' }, 'not_found', 'Cobrança não encontrada no serviço de pagamentos.'],
    [413, { error: 'body too large' }, 'rejected', 'O serviço de pagamentos recusou a operação: body too large.'],
    [409, undefined, 'rejected', 'O serviço de pagamentos recusou a operação.'],
    [429, { error: 'slow down' }, 'rate_limited', 'O serviço de pagamentos não respondeu. Tente novamente em instantes.'],
    [500, { error: 'internal' }, 'unavailable', 'O serviço de pagamentos não respondeu. Tente novamente em instantes.'],
    [503, undefined, 'unavailable', 'O serviço de pagamentos não respondeu. Tente novamente em instantes.'],
  ] as const)('%i → %s', async (status, json, kind, message) => {
    answer({ status, json, headers: status === 429 ? { 'retry-after': '7' } : {} });
    const e = await failure(api.cancelBoleto(ID));
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
    expect(userMessage(e)).toBe(message);
    if (status === 429) expect(e.retryAfterSeconds).toBe(7);
    expect(requests).toHaveLength(1);
  });

  it('an HTML 502 from a proxy is unavailable', async () => {
    const api0 = client({ maxReadRetries: 0 });
    answer({ status: 502, text: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } });
    const e = await failure(api0.getPix(ID));
    expect(e).toMatchObject({ kind: 'unavailable', status: 502 });
  });

  it('a connection refused is unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await failure(client({ baseUrl: `http://127.0.0.1:${port}`, maxReadRetries: 0 }).getBalance());
    expect(e.kind).toBe('unavailable');
    expect(e.status).toBeUndefined();
  });

  it('never puts the API key in an error message, even when the provider echoes it', async () => {
    const echo = { error: `key ${API_KEY} is not valid for payer.document` };
    answer(
      { status: 401, json: echo },
      { status: 400, json: { error: `state conflict for ${API_KEY}` } },
      { status: 400, json: { error: { message: `payer.document: ${API_KEY}` } } },
      { status: 500, json: echo },
      { status: 200, text: `not json ${API_KEY}` },
    );
    const api0 = client({ maxReadRetries: 0 });
    const errors = [
      await failure(api0.getPix(ID)),
      await failure(api0.cancelPix(ID)),
      await failure(api0.createPix(newPix(), { idempotencyKey: 'k' })),
      await failure(api0.getBoleto(ID)),
      await failure(api0.getBalance()),
      await failure(client({ baseUrl: `http://127.0.0.1:1/${API_KEY}`, maxReadRetries: 0 }).getBalance()),
    ];
    expect(errors.map((e) => e.kind)).toEqual(['auth', 'rejected', 'validation', 'unavailable', 'bad_response', 'unavailable']);
    for (const e of errors) {
      expect(e.message).not.toContain(API_KEY);
      expect(String(e.providerMessage ?? '')).not.toContain(API_KEY);
      expect(userMessage(e)).not.toContain(API_KEY);
      expect(JSON.stringify(e)).not.toContain(API_KEY);
    }
    expect(errors[1].message).toContain('[redacted]');
  });
});

// ---------- local validation ----------

describe('local validation: a malformed request never leaves the app', () => {
  it('blocks a bad CPF before any request', async () => {
    const bad = newBoleto({ payer: { ...newBoleto().payer, document: '52998224724' } });
    const e = await failure(api.createBoleto(bad, { idempotencyKey: 'k' }));
    expect(e).toMatchObject({ kind: 'validation', field: 'payer.document' });
    expect(e.status).toBeUndefined();
    expect(e.message).not.toContain('52998224724');
    expect(userMessage(e)).toBe('CPF ou CNPJ inválido.');
    const p = await failure(api.createPix(newPix({ payer: { name: 'A', document: '111.444.777-35' } }), { idempotencyKey: 'k' }));
    expect(p.field).toBe('payer.document');
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['amount below the minimum', newBoleto({ amountCents: 499 }), 'amount', 'Valor inválido.'],
    ['amount above the boleto maximum', newBoleto({ amountCents: 10_000_000_000 }), 'amount', 'Valor inválido.'],
    ['fractional centavos', newBoleto({ amountCents: 1990.5 }), 'amount', 'Valor inválido.'],
    ['due date today', newBoleto({ dueDate: saoPauloDate() }), 'due_date', 'Data de vencimento inválida.'],
    ['CEP with hyphen', newBoleto({ payer: { ...newBoleto().payer, zip: '01310-100' } }), 'payer.zip', 'CEP inválido.'],
    ['unknown UF', newBoleto({ payer: { ...newBoleto().payer, state: 'XX' } }), 'payer.state', 'UF inválida.'],
    ['fine of 0 (contract: 0.1 to 100)', newBoleto({ finePercent: 0 }), 'fine', 'Multa inválida.'],
    ['grace period of 0', newBoleto({ gracePeriod: 0 }), 'grace_period', 'Prazo de tolerância do boleto inválido.'],
    ['http notification URL to a remote host', newBoleto({ notificationUrl: 'http://evil.example/x' }), 'notification_url', 'Endereço de notificação inválido.'],
  ])('boleto: %s', async (_name, input, field, message) => {
    const e = await failure(api.createBoleto(input, { idempotencyKey: 'k' }));
    expect(e).toMatchObject({ kind: 'validation', field });
    expect(userMessage(e)).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it('Pix: expiration must be whole days ≥ 1; amount ≥ R$ 5,00', async () => {
    expect((await failure(api.createPix(newPix({ expirationDays: 0 }), { idempotencyKey: 'k' }))).field).toBe('expiration');
    expect((await failure(api.createPix(newPix({ expirationDays: 1.5 }), { idempotencyKey: 'k' }))).field).toBe('expiration');
    expect((await failure(api.createPix(newPix({ amountCents: 499 }), { idempotencyKey: 'k' }))).field).toBe('amount');
    expect(requests).toHaveLength(0);
  });

  it('refund: amount > 0, reason 1-4, description required', async () => {
    expect((await failure(api.refundPix(ID, { amountCents: 0, reason: 1, description: 'x' }))).field).toBe('amount');
    expect((await failure(api.refundPix(ID, { amountCents: 100, reason: 5 as 1, description: 'x' }))).field).toBe('reason');
    expect((await failure(api.refundPix(ID, { amountCents: 100, reason: 1, description: ' ' }))).field).toBe('description');
    expect(requests).toHaveLength(0);
  });

  it('a missing idempotency key or an empty id is refused locally', async () => {
    expect((await failure(api.createPix(newPix(), { idempotencyKey: '' }))).field).toBe('idempotencyKey');
    expect((await failure(api.createPix(newPix(), { idempotencyKey: 'a b' }))).field).toBe('idempotencyKey');
    expect((await failure(api.getBoleto(''))).field).toBe('id');
    expect(requests).toHaveLength(0);
  });

  it('allows http://localhost webhooks only while the embedded sandbox allows them', async () => {
    answer({ status: 201, json: { id: ID } });
    await api.createBoleto(newBoleto({ notificationUrl: 'http://localhost:3000/api/webhooks/payments/t' }), { idempotencyKey: 'k' });
    expect(requests).toHaveLength(1);

    process.env.PAYMENT_API_URL = baseUrl;
    process.env.PAYMENT_API_KEY = API_KEY;
    startProcessContext();
    const e = await failure(client().createBoleto(newBoleto({ notificationUrl: 'http://localhost:3000/x' }), { idempotencyKey: 'k' }));
    expect(e.field).toBe('notification_url');
    expect(requests).toHaveLength(1);
  });
});

// ---------- timeouts and retries ----------

describe('timeouts and retries', () => {
  it('retries a read on 429, waiting what Retry-After says', async () => {
    answer({ status: 429, json: { error: 'too many' }, headers: { 'retry-after': '2' } }, { status: 200, json: pixRead() });
    expect((await api.getPix(ID)).status).toBe('active');
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('a Retry-After longer than it is sensible to wait inside a call is reported, not waited out', async () => {
    answer({ status: 429, json: { error: 'too many' }, headers: { 'retry-after': '120' } });
    const e = await failure(api.getBalance());
    expect(e).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a read on 5xx with capped exponential back-off and jitter, then succeeds', async () => {
    answer({ status: 500, json: { error: 'boom' } }, { status: 503 }, { status: 429 }, { status: 200, json: boletoRead() });
    expect((await api.getBoleto(ID)).amountCents).toBe(1990);
    expect(requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    sleeps.forEach((ms, n) => {
      const ceiling = BACKOFF_BASE_MS * 2 ** n;
      expect(ms).toBeGreaterThanOrEqual(ceiling / 2);
      expect(ms).toBeLessThanOrEqual(ceiling);
    });
  });

  it('gives up after maxReadRetries with the last error', async () => {
    answer(...Array.from({ length: 4 }, () => ({ status: 500, json: { error: 'still down' } })));
    const e = await failure(api.getPix(ID));
    expect(e).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(requests).toHaveLength(4); // 1 + 3 retries
    expect(sleeps).toHaveLength(3);

    requests.length = 0;
    sleeps = [];
    answer({ status: 502 }, { status: 502 });
    await failure(client({ maxReadRetries: 1 }).getBalance());
    expect(requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('does not retry a read that failed for a reason retrying cannot fix', async () => {
    answer({ status: 404, json: { error: 'not found' } }, { status: 401, json: { error: 'bad key' } }, { status: 400, json: { error: 'id: malformed' } });
    expect((await failure(api.getPix(ID))).kind).toBe('not_found');
    expect((await failure(api.getPix(ID))).kind).toBe('auth');
    expect(await failure(api.getPix(ID))).toMatchObject({ kind: 'validation', field: 'id' });
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it('a slow answer times out as unavailable', async () => {
    answer({ status: 200, json: pixRead(), delayMs: 2_000 });
    const started = Date.now();
    const e = await failure(client({ timeoutMs: 50, maxReadRetries: 0 }).getPix(ID));
    expect(e.kind).toBe('unavailable');
    expect(e.message).toContain('did not answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a read that timed out is retried', async () => {
    answer({ status: 200, json: pixRead(), delayMs: 400 }, { status: 200, json: pixRead({ status: 'completed' }) });
    expect((await client({ timeoutMs: 100 }).getPix(ID)).status).toBe('completed');
    expect(requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('never retries a create: a 500 or a timeout on create is one request only', async () => {
    answer({ status: 500, json: { error: 'boom' } }, { status: 503 }, { status: 201, json: { id: ID }, delayMs: 400 });
    expect((await failure(api.createBoleto(newBoleto(), { idempotencyKey: 'k' }))).kind).toBe('unavailable');
    expect(requests).toHaveLength(1);
    expect((await failure(api.createPix(newPix(), { idempotencyKey: 'k' }))).kind).toBe('unavailable');
    expect(requests).toHaveLength(2);
    expect((await failure(client({ timeoutMs: 50 }).createBoleto(newBoleto(), { idempotencyKey: 'k' }))).kind).toBe('unavailable');
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it('never retries a create on 429 either', async () => {
    answer({ status: 429, json: { error: 'slow' }, headers: { 'retry-after': '1' } });
    const e = await failure(api.createPix(newPix(), { idempotencyKey: 'k' }));
    expect(e).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 1 });
    expect(requests).toHaveLength(1);
  });

  it('never retries a refund or a cancel', async () => {
    answer({ status: 500 }, { status: 503 }, { status: 429, headers: { 'retry-after': '1' } });
    await failure(api.refundPix(ID, { amountCents: 500, reason: 2, description: 'fraude' }));
    expect(requests).toHaveLength(1);
    await failure(api.cancelPix(ID));
    expect(requests).toHaveLength(2);
    await failure(api.cancelBoleto(ID));
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });
});

// ---------- userMessage ----------

describe('userMessage', () => {
  it('words anything in Portuguese, with a generic fallback', () => {
    expect(userMessage(new Error('boom'))).toBe('Não foi possível concluir a operação de pagamento. Tente novamente em instantes.');
    expect(userMessage('x')).toBe('Não foi possível concluir a operação de pagamento. Tente novamente em instantes.');
    expect(userMessage(new PaymentProviderError('validation', 'x'))).toBe(
      'Dados inválidos para o serviço de pagamentos. Confira as informações e tente novamente.',
    );
    expect(userMessage(new PaymentProviderError('validation', 'x', { field: 'discount.limit_date' }))).toBe('Desconto inválido.');
    expect(userMessage(new PaymentProviderError('validation', 'x', { field: 'metadata.3.key' }))).toBe('Metadados inválidos.');
    expect(userMessage(new PaymentProviderError('rate_limited', 'x'))).toBe('O serviço de pagamentos não respondeu. Tente novamente em instantes.');
  });
});

describe('retry timing helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('back-off doubles from the base, with jitter, and is capped', () => {
    expect(backoffMs(0, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffMs(0, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(3, () => 1)).toBe(BACKOFF_BASE_MS * 8);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('a Retry-After up to the cap is waited exactly', async () => {
    answer(
      { status: 503, headers: { 'retry-after': String(MAX_RETRY_AFTER_SECONDS) } },
      { status: 200, json: { balance: 0 } },
    );
    await api.getBalance();
    expect(sleeps).toEqual([MAX_RETRY_AFTER_SECONDS * 1000]);
  });
});
