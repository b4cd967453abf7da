import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { addDays } from '@balcao/br/dates';
import { sandboxToday } from './clock';
import {
  advance,
  boletoBody,
  call,
  CNPJ,
  createBoleto,
  createPix,
  errorOf,
  KEY,
  newSandbox,
  OTHER_KEY,
  pixBody,
  read,
  type TestSandbox,
} from '../test/fixtures';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox();
});
afterEach(() => s.close());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('authentication and headers (checked first, in this order)', () => {
  test('401 without X-API-KEY, and with an unknown key', async () => {
    for (const key of [null, 'sk_wrong_key_123']) {
      const r = await call(s.ctx, 'GET', 'v1/customers/balance', { key });
      expect(r.status).toBe(401);
      expect(errorOf(r)).toMatch(/X-API-KEY/);
    }
  });

  test('401 comes before every other check (bad headers, malformed id, bad body)', async () => {
    const r = await call(s.ctx, 'DELETE', 'v1/pix/not-a-uuid/refund', { key: null, headers: { 'Content-Type': null, 'User-Agent': null }, rawBody: '{' });
    expect(r.status).toBe(401);
  });

  test('400 without Content-Type or with another media type, on GET and DELETE too', async () => {
    const id = await createBoleto(s.ctx);
    for (const [method, path] of [
      ['GET', `v1/charges/${id}`],
      ['DELETE', `v1/charges/${id}`],
      ['GET', 'v1/customers/balance'],
      ['POST', 'v1/pix/due'],
    ]) {
      const missing = await call(s.ctx, method, path, { headers: { 'Content-Type': null } });
      expect(missing.status).toBe(400);
      expect(errorOf(missing)).toBe('Content-Type: must be application/json');
      const wrong = await call(s.ctx, method, path, { headers: { 'Content-Type': 'text/plain' } });
      expect(wrong.status).toBe(400);
    }
    // the boleto was not canceled by the refused DELETEs
    expect((await read(s.ctx, 'boleto', id)).status).toBe(1);
  });

  test('a charset parameter (and any case) is fine', async () => {
    const r = await call(s.ctx, 'GET', 'v1/customers/balance', { headers: { 'Content-Type': 'Application/JSON; charset=utf-8' } });
    expect(r.status).toBe(200);
  });

  test('400 without User-Agent', async () => {
    const r = await call(s.ctx, 'GET', 'v1/customers/balance', { headers: { 'User-Agent': null } });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toBe('User-Agent: is required');
  });

  test('header errors come before a malformed id, which comes before the body', async () => {
    const h = await call(s.ctx, 'DELETE', 'v1/pix/nope/refund', { headers: { 'User-Agent': null }, rawBody: '{' });
    expect(errorOf(h)).toMatch(/User-Agent/);
    const id = await call(s.ctx, 'DELETE', 'v1/pix/nope/refund', { rawBody: '{' });
    expect(id.status).toBe(400);
    expect(errorOf(id)).toBe('id: must be a UUID');
    const body = await call(s.ctx, 'DELETE', `v1/pix/${MISSING_ID}/refund`, { rawBody: '{' });
    expect(errorOf(body)).toBe('body: malformed JSON');
  });

  test('body errors come before 404, and 404 before the state check', async () => {
    const bad = await call(s.ctx, 'DELETE', `v1/pix/${MISSING_ID}/refund`, { body: { amount: 1, reason: 9, description: 'x' } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('reason: must be 1, 2, 3 or 4');
    const missing = await call(s.ctx, 'DELETE', `v1/pix/${MISSING_ID}/refund`, { body: { amount: 1, reason: 1, description: 'x' } });
    expect(missing.status).toBe(404);
    const { id } = await createPix(s.ctx);
    const state = await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 1, reason: 1, description: 'x' } });
    expect(state.status).toBe(400);
    expect(errorOf(state)).toMatch(/Only a completed QR code can be refunded; this one has status empty/);
  });

  test('unknown paths are 404 and known paths with another method 405 (after authentication)', async () => {
    expect((await call(s.ctx, 'GET', 'v1/nothing')).status).toBe(404);
    expect((await call(s.ctx, 'GET', 'v1/nothing', { key: null })).status).toBe(401);
    const r = await call(s.ctx, 'GET', 'v1/charges');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect((await call(s.ctx, 'GET', 'elsewhere')).status).toBe(404);
  });

  test('every response is JSON, never cached', async () => {
    const r = await call(s.ctx, 'GET', 'v1/customers/balance');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('boleto: POST /v1/charges, GET, DELETE', () => {
  test('201 with Location /charges/<id> and the fields sent plus id, nothing else', async () => {
    const body = boletoBody(s.ctx, {
      metadata: [{ key: 'order', value: '42' }],
      discount: { type: 'fixed', amount: 5, limit_date: addDays(sandboxToday(s.ctx), 2) },
      notification_url: 'https://shop.example/hook',
      customer_code: 'C-1',
      unknown_field: 'ignored',
    });
    const r = await call(s.ctx, 'POST', 'v1/charges', { body });
    expect(r.status).toBe(201);
    const json = r.json as Record<string, unknown>;
    expect(r.headers.get('location')).toBe(`/charges/${json.id}`);
    expect(json.id).toMatch(/^[0-9a-f-]{36}$/);
    const { unknown_field: _ignored, ...sent } = body;
    expect(json).toEqual({ id: json.id, ...sent });
    expect(json).not.toHaveProperty('status');
    expect(json).not.toHaveProperty('created_at');
    expect(json).not.toHaveProperty('paid_at');
  });

  test('read: status 1 at first, then 2 with barcode and pdf_url after 2 s of sandbox time', async () => {
    const id = await createBoleto(s.ctx);
    const first = await read(s.ctx, 'boleto', id);
    expect(first).toMatchObject({ id, status: 1, paid_at: null, created_at: '2025-06-10T15:00:00.000Z' });
    expect(first).not.toHaveProperty('barcode');
    expect(first).not.toHaveProperty('pdf_url');
    // optional fields not sent are absent, not null
    for (const k of ['metadata', 'discount', 'notification_url', 'customer_code', 'digitable_line']) expect(first).not.toHaveProperty(k);

    await advance(s.ctx, 1.9);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(1);
    await advance(s.ctx, 0.1);
    const registered = await read(s.ctx, 'boleto', id);
    expect(registered.status).toBe(2);
    expect(registered.barcode).toMatch(/^\d{44}$/);
    expect(registered.pdf_url).toBe(`http://localhost:3210/sandbox/invoice/boleto/pdf/${id}`);
  });

  test('the id is accepted in upper case', async () => {
    const id = await createBoleto(s.ctx);
    expect((await call(s.ctx, 'GET', `v1/charges/${id.toUpperCase()}`)).status).toBe(200);
  });

  test('400 for a malformed id, 404 for an unknown one (GET and DELETE)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const bad = await call(s.ctx, method, 'v1/charges/123');
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toBe('chargeID: must be a UUID');
      expect((await call(s.ctx, method, `v1/charges/${MISSING_ID}`)).status).toBe(404);
    }
  });

  test('a Pix id is not a boleto (404) and vice versa', async () => {
    const { id } = await createPix(s.ctx);
    expect((await call(s.ctx, 'GET', `v1/charges/${id}`)).status).toBe(404);
    const boleto = await createBoleto(s.ctx);
    expect((await call(s.ctx, 'GET', `v1/pix/${boleto}`)).status).toBe(404);
  });

  test('DELETE: 400 while registering, 204 when active (applied before the answer), then 400 (final)', async () => {
    const id = await createBoleto(s.ctx);
    const early = await call(s.ctx, 'DELETE', `v1/charges/${id}`);
    expect(early.status).toBe(400);
    expect(errorOf(early)).toBe('Only an active boleto (status 2) can be canceled; this one has status 1 (not yet registered)');
    await advance(s.ctx, 2);
    const r = await call(s.ctx, 'DELETE', `v1/charges/${id}`);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await read(s.ctx, 'boleto', id)).status).toBe(3);
    const again = await call(s.ctx, 'DELETE', `v1/charges/${id}`);
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatch(/status 3 \(canceled\)/);
    // canceled is final: it cannot be paid either
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/pay`)).status).toBe(400);
  });

  test('a paid boleto cannot be canceled', async () => {
    const id = await createBoleto(s.ctx);
    await advance(s.ctx, 2);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/pay`)).status).toBe(200);
    const r = await call(s.ctx, 'DELETE', `v1/charges/${id}`);
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatch(/status 4 \(paid\)/);
  });
});

describe('boleto validation: every rule is a 400 naming the field', () => {
  const today = () => sandboxToday(s.ctx);
  const cases: [string, (b: Record<string, unknown>) => void, string][] = [
    ['due_date missing', (b) => delete b.due_date, 'due_date: is required'],
    ['due_date today', (b) => (b.due_date = today()), 'due_date: must be a future date'],
    ['due_date not a date', (b) => (b.due_date = '2025-02-30'), 'due_date: expected a date YYYY-MM-DD'],
    ['due_date beyond the barcode factor', (b) => (b.due_date = addDays(today(), 4000)), 'due_date: must be at most 10 years ahead'],
    ['grace_period 0', (b) => (b.grace_period = 0), 'grace_period: must be greater than 0'],
    ['grace_period 31', (b) => (b.grace_period = 31), 'grace_period: must be at most 30'],
    ['grace_period 1.5', (b) => (b.grace_period = 1.5), 'grace_period: expected an integer'],
    ['grace_period "5"', (b) => (b.grace_period = '5'), 'grace_period: expected an integer'],
    ['amount 4.99', (b) => (b.amount = 4.99), 'amount: must be at least 5.00'],
    ['amount 10.001', (b) => (b.amount = 10.001), 'amount: must have at most 2 decimal places'],
    ['amount above the barcode field', (b) => (b.amount = 100_000_000), 'amount: must be at most 99999999.99'],
    ['amount null', (b) => (b.amount = null), 'amount: expected a number'],
    ['description empty', (b) => (b.description = '  '), 'description: is required'],
    ['description 256', (b) => (b.description = 'x'.repeat(256)), 'description: must be at most 255 characters'],
    ['fine missing', (b) => delete b.fine, 'fine: is required'],
    ['fine 0', (b) => (b.fine = 0), 'fine: must be at least 0.1'],
    ['interest 101', (b) => (b.interest = 101), 'interest: must be at most 100'],
    ['payer missing', (b) => delete b.payer, 'payer: is required'],
    ['payer.document invalid', (b) => ((b.payer as Record<string, unknown>).document = '52998224724'), 'payer.document: invalid CPF or CNPJ'],
    ['payer.document all equal', (b) => ((b.payer as Record<string, unknown>).document = '11111111111'), 'payer.document: invalid CPF or CNPJ'],
    ['payer.document masked', (b) => ((b.payer as Record<string, unknown>).document = '529.982.247-25'), 'payer.document: invalid CPF or CNPJ'],
    ['payer.zip with hyphen', (b) => ((b.payer as Record<string, unknown>).zip = '01310-100'), 'payer.zip: must be 8 digits'],
    ['payer.state lowercase', (b) => ((b.payer as Record<string, unknown>).state = 'sp'), 'payer.state: must be one of the 27 UF codes'],
    ['payer.state XX', (b) => ((b.payer as Record<string, unknown>).state = 'XX'), 'payer.state: must be one of the 27 UF codes'],
    ['payer.name 101', (b) => ((b.payer as Record<string, unknown>).name = 'a'.repeat(101)), 'payer.name: must be at most 100 characters'],
    ['payer.street 201', (b) => ((b.payer as Record<string, unknown>).street = 'a'.repeat(201)), 'payer.street: must be at most 200 characters'],
    ['payer.number 21', (b) => ((b.payer as Record<string, unknown>).number = '1'.repeat(21)), 'payer.number: must be at most 20 characters'],
    ['payer.city missing', (b) => delete (b.payer as Record<string, unknown>).city, 'payer.city: is required'],
    ['payer.neighborhood 101', (b) => ((b.payer as Record<string, unknown>).neighborhood = 'a'.repeat(101)), 'payer.neighborhood: must be at most 100 characters'],
    ['customer_code 51', (b) => (b.customer_code = 'c'.repeat(51)), 'customer_code: must be at most 50 characters'],
    ['customer_code null', (b) => (b.customer_code = null), 'customer_code: expected a string'],
    ['metadata not an array', (b) => (b.metadata = { key: 'a' }), 'metadata: expected an array of {key, value}'],
    ['metadata value missing', (b) => (b.metadata = [{ key: 'a' }]), 'metadata.0.value: is required'],
    ['metadata 51 entries', (b) => (b.metadata = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' }))), 'metadata: must have at most 50 entries'],
    ['metadata value 101', (b) => (b.metadata = [{ key: 'a', value: 'v'.repeat(101) }]), 'metadata.0.value: must be at most 100 characters'],
    ['unknown sandbox_scenario', (b) => (b.metadata = [{ key: 'x', value: 'y' }, { key: 'sandbox_scenario', value: 'maybe' }]), 'metadata.1.value: unknown sandbox_scenario'],
    ['discount.type unknown', (b) => (b.discount = { type: 'fixed_calendar_days', amount: 1, limit_date: today() }), 'discount.type: must be one of fixed, percentage'],
    ['discount.limit_date after due_date', (b) => (b.discount = { type: 'fixed', amount: 1, limit_date: addDays(b.due_date as string, 1) }), 'discount.limit_date: must be on or before due_date'],
    ['discount.limit_date in the past', (b) => (b.discount = { type: 'fixed', amount: 1, limit_date: addDays(today(), -1) }), 'discount.limit_date: must not be in the past'],
    ['discount.amount not less than amount', (b) => (b.discount = { type: 'fixed', amount: 150.5, limit_date: today() }), 'discount.amount: must be less than amount'],
    ['discount percentage 100', (b) => (b.discount = { type: 'percentage', amount: 100, limit_date: today() }), 'discount.amount: must be greater than 0 and less than 100'],
    ['notification_url http', (b) => (b.notification_url = 'http://shop.example/hook'), 'notification_url: must be a valid HTTPS URL'],
    ['notification_url http localhost (not allowed here)', (b) => (b.notification_url = 'http://localhost:3000/hook'), 'notification_url: must be a valid HTTPS URL'],
    ['notification_url not a URL', (b) => (b.notification_url = 'hook'), 'notification_url: must be a valid HTTPS URL'],
    ['notification_url too long', (b) => (b.notification_url = `https://a.example/${'x'.repeat(2048)}`), 'notification_url: must be at most 2048 characters'],
  ];
  test.each(cases)('%s', async (_name, mutate, message) => {
    const body = boletoBody(s.ctx) as Record<string, unknown>;
    body.payer = { ...(body.payer as object) };
    mutate(body);
    const r = await call(s.ctx, 'POST', 'v1/charges', { body });
    expect(r.status).toBe(400);
    expect(errorOf(r).startsWith(message)).toBe(true);
    // nothing written
    expect((s.ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n).toBe(0);
  });

  test('limits are inclusive: 5.00, 99999999.99, grace 30, 255 characters, a CNPJ, tomorrow, limit_date = due_date', async () => {
    const tomorrow = addDays(sandboxToday(s.ctx), 1);
    for (const overrides of [
      { amount: 5 },
      { amount: 99_999_999.99 },
      { grace_period: 30 },
      { description: 'd'.repeat(255) },
      { due_date: tomorrow, discount: { type: 'percentage', amount: 99.99, limit_date: tomorrow } },
      { fine: 100, interest: 0.1 },
    ]) {
      const r = await call(s.ctx, 'POST', 'v1/charges', { body: boletoBody(s.ctx, overrides) });
      expect(r.status, JSON.stringify(overrides) + r.text).toBe(201);
    }
    const cnpj = boletoBody(s.ctx);
    (cnpj.payer as Record<string, unknown>).document = CNPJ;
    expect((await call(s.ctx, 'POST', 'v1/charges', { body: cnpj })).status).toBe(201);
  });

  test('http://localhost and http://127.0.0.1 webhooks are accepted when SANDBOX_ALLOW_HTTP_WEBHOOKS is on', async () => {
    const dev = newSandbox({ allowHttpWebhooks: true });
    try {
      for (const url of ['http://localhost:3000/api/webhooks/payments/t', 'http://127.0.0.1:3210/x']) {
        expect((await call(dev.ctx, 'POST', 'v1/charges', { body: boletoBody(dev.ctx, { notification_url: url }) })).status).toBe(201);
      }
      const r = await call(dev.ctx, 'POST', 'v1/charges', { body: boletoBody(dev.ctx, { notification_url: 'http://10.0.0.1/x' }) });
      expect(r.status).toBe(400);
    } finally {
      dev.close();
    }
  });
});

describe('Pix: POST /v1/pix/due, GET, DELETE, refund', () => {
  test('201 with id, the fields sent, status "empty" and the payload already filled', async () => {
    const body = pixBody(s.ctx, {
      metadata: [{ key: 'order', value: '7' }],
      fine: { type: 'percentage', amount: 2 },
      interest: { type: 'percentage_calendar_days', amount: 0.033 },
      discount: { type: 'fixed', amount: 1.5, limit_date: sandboxToday(s.ctx) },
      notification_url: 'https://shop.example/hook',
      extra: true,
    });
    const r = await call(s.ctx, 'POST', 'v1/pix/due', { body });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBeNull();
    const json = r.json as Record<string, unknown> & { payload: Record<string, unknown> };
    const { extra: _extra, ...sent } = body;
    expect(json).toEqual({ id: json.id, ...sent, status: 'empty', payload: json.payload });
    expect(typeof json.payload.payload_id).toBe('number');
    expect(json.payload.data).toMatch(/^000201/);
    expect(json.payload.image).toMatch(/^data:image\/png;base64,/);
  });

  test('read: customer_id, status empty → active after 1 s, created_at/updated_at, optional fields absent', async () => {
    const { id, data } = await createPix(s.ctx);
    const first = await read(s.ctx, 'pix', id);
    expect(first).toMatchObject({ id, status: 'empty', amount: 42.9, expiration: 1, created_at: '2025-06-10T15:00:00.000Z', updated_at: '2025-06-10T15:00:00.000Z' });
    expect(first.customer_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((first.payload as { data: string }).data).toBe(data);
    for (const k of ['metadata', 'discount', 'fine', 'interest', 'notification_url']) expect(first).not.toHaveProperty(k);
    await advance(s.ctx, 1);
    const active = await read(s.ctx, 'pix', id);
    expect(active.status).toBe('active');
    expect(active.updated_at).toBe('2025-06-10T15:00:01.000Z');
  });

  test('DELETE: 400 while empty, 204 when active, then canceled is final', async () => {
    const { id } = await createPix(s.ctx);
    const early = await call(s.ctx, 'DELETE', `v1/pix/${id}`);
    expect(early.status).toBe(400);
    expect(errorOf(early)).toBe('Only an active QR code can be canceled; this one has status empty');
    await advance(s.ctx, 1);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}`)).status).toBe(204);
    expect((await read(s.ctx, 'pix', id)).status).toBe('canceled');
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}`)).status).toBe(400);
    expect((await call(s.ctx, 'POST', `sim/pix/${id}/pay`)).status).toBe(400);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 1, reason: 1, description: 'x' } })).status).toBe(400);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${MISSING_ID}`)).status).toBe(404);
  });

  test('refund: only once, partial or total; the balance follows before the 204 answer', async () => {
    const { id } = await createPix(s.ctx, { amount: 100 });
    await advance(s.ctx, 1);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 1, reason: 1, description: 'x' } })).status).toBe(400);
    expect((await call(s.ctx, 'POST', `sim/pix/${id}/pay`)).status).toBe(200);
    expect((await read(s.ctx, 'pix', id)).status).toBe('completed');
    expect((await call(s.ctx, 'GET', 'v1/customers/balance')).json).toMatchObject({ balance: 100 });

    const tooMuch = await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 100.01, reason: 3, description: 'x' } });
    expect(tooMuch.status).toBe(400);
    expect(errorOf(tooMuch)).toBe("amount: must be at most the QR code's amount (100.00)");

    const partial = await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 30.5, reason: 3, description: 'Devolução parcial' } });
    expect(partial.status).toBe(204);
    expect((await read(s.ctx, 'pix', id)).status).toBe('refunded');
    expect((await call(s.ctx, 'GET', 'v1/customers/balance')).json).toMatchObject({ balance: 69.5 });

    const second = await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 1, reason: 3, description: 'x' } });
    expect(second.status).toBe(400);
    expect(errorOf(second)).toMatch(/one refund per QR code/);
    expect((await call(s.ctx, 'GET', 'v1/customers/balance')).json).toMatchObject({ balance: 69.5 });
  });

  test('refund body rules', async () => {
    const { id } = await createPix(s.ctx);
    const cases: [unknown, string][] = [
      [undefined, 'body: expected a JSON object'],
      [{ reason: 1, description: 'x' }, 'amount: is required'],
      [{ amount: 0, reason: 1, description: 'x' }, 'amount: must be at least 0.01'],
      [{ amount: 1.001, reason: 1, description: 'x' }, 'amount: must have at most 2 decimal places'],
      [{ amount: 1, reason: 5, description: 'x' }, 'reason: must be 1, 2, 3 or 4'],
      [{ amount: 1, reason: '1', description: 'x' }, 'reason: must be 1, 2, 3 or 4'],
      [{ amount: 1, reason: 1, description: '' }, 'description: is required'],
      [{ amount: 1, reason: 1, description: 'x'.repeat(256) }, 'description: must be at most 255 characters'],
    ];
    for (const [body, message] of cases) {
      const r = await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body });
      expect(r.status).toBe(400);
      expect(errorOf(r)).toBe(message);
    }
  });
});

describe('Pix validation', () => {
  const today = () => sandboxToday(s.ctx);
  const cases: [string, (b: Record<string, unknown>) => void, string][] = [
    ['amount 4.99', (b) => (b.amount = 4.99), 'amount: must be at least 5.00'],
    ['amount above the Pix limit', (b) => (b.amount = 10_000_000_000), 'amount: must be at most 9999999999.99'],
    ['expiration 0', (b) => (b.expiration = 0), 'expiration: must be at least 1 (days)'],
    ['expiration 60.5', (b) => (b.expiration = 60.5), 'expiration: expected an integer number of days'],
    ['due_date today', (b) => (b.due_date = today()), 'due_date: must be a future date'],
    ['payer.document missing', (b) => (b.payer = { name: 'A' }), 'payer.document: is required'],
    ['payer.name empty', (b) => (b.payer = { name: '', document: '52998224725' }), 'payer.name: is required'],
    ['discount.type unknown', (b) => (b.discount = { type: 'whatever', amount: 1, limit_date: today() }), 'discount.type: must be one of fixed, percentage, fixed_calendar_days'],
    ['discount.limit_date equal to due_date', (b) => (b.discount = { type: 'fixed', amount: 1, limit_date: b.due_date }), 'discount.limit_date: must be earlier than due_date'],
    ['discount.amount not less than amount', (b) => (b.discount = { type: 'fixed', amount: 42.9, limit_date: today() }), 'discount.amount: must be less than amount'],
    ['fine.type unknown', (b) => (b.fine = { type: 'percentage_calendar_days', amount: 1 }), 'fine.type: must be one of percentage, fixed'],
    ['fine percentage 100', (b) => (b.fine = { type: 'percentage', amount: 100 }), 'fine.amount: must be greater than 0 and less than 100'],
    ['fine fixed with 3 decimals', (b) => (b.fine = { type: 'fixed', amount: 1.005 }), 'fine.amount: must have at most 2 decimal places'],
    ['50 % on R$ 20 compares raw numbers', (b) => ((b.amount = 20), (b.fine = { type: 'percentage', amount: 50 })), 'fine.amount: must be less than amount'],
    ['interest.type unknown', (b) => (b.interest = { type: 'daily', amount: 1 }), 'interest.type: must be one of percentage_calendar_days, fixed, percentage'],
    ['interest.amount missing', (b) => (b.interest = { type: 'fixed' }), 'interest.amount: is required'],
    ['notification_url http', (b) => (b.notification_url = 'http://shop.example'), 'notification_url: must be a valid HTTPS URL'],
  ];
  test.each(cases)('%s', async (_name, mutate, message) => {
    const body = pixBody(s.ctx);
    mutate(body);
    const r = await call(s.ctx, 'POST', 'v1/pix/due', { body });
    expect(r.status).toBe(400);
    expect(errorOf(r).startsWith(message), errorOf(r)).toBe(true);
    expect((s.ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n).toBe(0);
  });
});

describe('bad input never breaks the sandbox', () => {
  test('malformed JSON, non-object bodies, empty bodies', async () => {
    for (const [rawBody, message] of [
      ['{"amount": ', 'body: malformed JSON'],
      ['[]', 'body: expected a JSON object'],
      ['"text"', 'body: expected a JSON object'],
      ['null', 'body: expected a JSON object'],
      ['', 'body: expected a JSON object'],
    ]) {
      const r = await call(s.ctx, 'POST', 'v1/pix/due', { rawBody });
      expect(r.status).toBe(400);
      expect(errorOf(r)).toBe(message);
    }
  });

  test('bodies over 1 MB are 413', async () => {
    const r = await call(s.ctx, 'POST', 'v1/charges', { rawBody: JSON.stringify({ description: 'x'.repeat(1024 * 1024) }) });
    expect(r.status).toBe(413);
    expect(errorOf(r)).toBe('body: must be at most 1 MB');
  });

  test('a body of exactly 1 MB is read (and judged on its content)', async () => {
    const base = JSON.stringify(boletoBody(s.ctx, { filler: '' }));
    const filler = 'f'.repeat(1024 * 1024 - Buffer.byteLength(base));
    const rawBody = JSON.stringify(boletoBody(s.ctx, { filler }));
    expect(Buffer.byteLength(rawBody)).toBe(1024 * 1024);
    expect((await call(s.ctx, 'POST', 'v1/charges', { rawBody })).status).toBe(201);
  });

  test('bytes that are not UTF-8 are 400', async () => {
    const req = new Request('http://localhost/api/sandbox/v1/pix/due', {
      method: 'POST',
      headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', 'User-Agent': 't' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    const { handleSandboxRequestWith } = await import('./handler');
    const res = await handleSandboxRequestWith(s.ctx, req, ['v1', 'pix', 'due']);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'body: is not valid UTF-8' });
  });

  test('SQL-looking and unicode strings are stored and echoed verbatim', async () => {
    const name = "Robert'); DROP TABLE payments;-- 👩🏽‍💻 Ñandú Ærø 中文";
    const body = pixBody(s.ctx, { description: "' OR 1=1 --", payer: { name, document: CNPJ }, metadata: [{ key: 'é', value: '"; DELETE FROM customers; --' }] });
    const r = await call(s.ctx, 'POST', 'v1/pix/due', { body });
    expect(r.status).toBe(201);
    const got = await read(s.ctx, 'pix', (r.json as { id: string }).id);
    expect(got.payer).toEqual({ name, document: CNPJ });
    expect(got.description).toBe("' OR 1=1 --");
    expect(got.metadata).toEqual(body.metadata);
  });

  test('wrong types anywhere are 400, never 500', async () => {
    const weird: unknown[] = [1, true, 'x', [], {}, null, { nested: { deep: [1, 2] } }, 1e308, -0];
    for (const value of weird) {
      for (const field of ['amount', 'description', 'expiration', 'due_date', 'payer', 'metadata', 'discount', 'fine', 'interest', 'notification_url']) {
        const body = pixBody(s.ctx, { [field]: value });
        const r = await call(s.ctx, 'POST', 'v1/pix/due', { body });
        expect([201, 400], `${field}=${JSON.stringify(value)}: ${r.text}`).toContain(r.status);
      }
    }
  });
});

describe('keys: each its own customer, ids and balance', () => {
  test("another key's ids are 404 on read, cancel and refund", async () => {
    const boleto = await createBoleto(s.ctx);
    const { id: pix } = await createPix(s.ctx);
    await advance(s.ctx, 2);
    expect((await call(s.ctx, 'GET', `v1/charges/${boleto}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'DELETE', `v1/charges/${boleto}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'GET', `v1/pix/${pix}`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${pix}`, { key: OTHER_KEY })).status).toBe(404);
    await call(s.ctx, 'POST', `sim/pix/${pix}/pay`);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${pix}/refund`, { key: OTHER_KEY, body: { amount: 1, reason: 1, description: 'x' } })).status).toBe(404);
    expect((await read(s.ctx, 'boleto', boleto)).status).toBe(2);
    expect((await read(s.ctx, 'pix', pix)).status).toBe('completed');
  });

  test('balances are per key and start at 0; customer ids differ', async () => {
    const { id } = await createPix(s.ctx, { amount: 10 });
    await advance(s.ctx, 1);
    await call(s.ctx, 'POST', `sim/pix/${id}/pay`);
    const mine = (await call(s.ctx, 'GET', 'v1/customers/balance')).json as { balance: number; customer_id: string };
    const other = (await call(s.ctx, 'GET', 'v1/customers/balance', { key: OTHER_KEY })).json as { balance: number; customer_id: string };
    expect(mine.balance).toBe(10);
    expect(other.balance).toBe(0);
    expect(mine.customer_id).not.toBe(other.customer_id);
    expect((await read(s.ctx, 'pix', id)).customer_id).toBe(mine.customer_id);
  });
});

describe('Idempotency-Key', () => {
  test('same key and body → the original 201 (same id, same bytes, same Location); one charge only', async () => {
    const body = boletoBody(s.ctx);
    const first = await call(s.ctx, 'POST', 'v1/charges', { body, headers: { 'Idempotency-Key': 'order-1' } });
    // key order does not matter
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await call(s.ctx, 'POST', 'v1/charges', { body: reordered, headers: { 'Idempotency-Key': 'order-1' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect((s.ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n).toBe(1);
  });

  test('same key with a different body → 400, nothing created', async () => {
    await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx), headers: { 'Idempotency-Key': 'k' } });
    const r = await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx, { amount: 50 }), headers: { 'Idempotency-Key': 'k' } });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toBe('Idempotency-Key: already used with a different request body');
    expect((s.ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n).toBe(1);
  });

  test('a replay answers the original even after the state moved and the due date passed', async () => {
    const body = pixBody(s.ctx);
    const first = await call(s.ctx, 'POST', 'v1/pix/due', { body, headers: { 'Idempotency-Key': 'k2' } });
    await advance(s.ctx, 3600 * 20);
    const again = await call(s.ctx, 'POST', 'v1/pix/due', { body, headers: { 'Idempotency-Key': 'k2' } });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
  });

  test('keys are per API key, and forgotten after 24 h', async () => {
    const body = pixBody(s.ctx, { due_date: addDays(sandboxToday(s.ctx), 3) });
    const a = await call(s.ctx, 'POST', 'v1/pix/due', { body, headers: { 'Idempotency-Key': 'shared' } });
    const b = await call(s.ctx, 'POST', 'v1/pix/due', { body, headers: { 'Idempotency-Key': 'shared' }, key: OTHER_KEY });
    expect((a.json as { id: string }).id).not.toBe((b.json as { id: string }).id);
    await advance(s.ctx, 24 * 3600);
    const c = await call(s.ctx, 'POST', 'v1/pix/due', { body, headers: { 'Idempotency-Key': 'shared' } });
    expect(c.status).toBe(201);
    expect((c.json as { id: string }).id).not.toBe((a.json as { id: string }).id);
  });

  test('a failed creation is not remembered; a bad key is 400', async () => {
    const bad = await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx, { amount: 1 }), headers: { 'Idempotency-Key': 'k3' } });
    expect(bad.status).toBe(400);
    const good = await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx), headers: { 'Idempotency-Key': 'k3' } });
    expect(good.status).toBe(201);
    const r = await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx), headers: { 'Idempotency-Key': 'x'.repeat(256) } });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatch(/^Idempotency-Key:/);
  });

  test('without the header, two identical creates make two charges', async () => {
    const body = pixBody(s.ctx);
    const a = await call(s.ctx, 'POST', 'v1/pix/due', { body });
    const b = await call(s.ctx, 'POST', 'v1/pix/due', { body });
    expect((a.json as { id: string }).id).not.toBe((b.json as { id: string }).id);
  });
});

describe('SANDBOX_ENABLED=false', () => {
  test('every sandbox path is 404, even with a valid key', async () => {
    const off = newSandbox({ enabled: false });
    try {
      for (const [method, path] of [
        ['GET', 'v1/customers/balance'],
        ['POST', 'v1/pix/due'],
        ['POST', 'sim/clock'],
      ]) {
        expect((await call(off.ctx, method, path, { body: {} })).status).toBe(404);
      }
    } finally {
      off.close();
    }
  });
});
