import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { barcodeToDigitableLine, buildBoletoBarcode, formatDigitableLine } from '@balcao/br/boleto';
import { buildPixBrCode } from '@balcao/br/pix-brcode';
import { advance, call, createBoleto, createPix, errorOf, newSandbox, OTHER_KEY, pixBody, read, type TestSandbox } from '../test/fixtures';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox();
});
afterEach(() => s.close());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const pay = (code: string, key?: string) => call(s.ctx, 'POST', 'sim/pay', { body: { code }, key });

async function registeredBarcode(id: string): Promise<string> {
  return (await read(s.ctx, 'boleto', id)).barcode as string;
}

describe('POST sim/pay plays the buyer', () => {
  test('pays a Pix code (any key’s) and answers {type, id}', async () => {
    const { id, data } = await createPix(s.ctx, {}, OTHER_KEY);
    await advance(s.ctx, 1);
    const r = await pay(`  ${data}\n`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ type: 'pix', id });
    expect((await read(s.ctx, 'pix', id, OTHER_KEY)).status).toBe('completed');
  });

  test('pays a boleto by digitable line (dots, spaces and hyphens ignored) or by barcode', async () => {
    const a = await createBoleto(s.ctx);
    const b = await createBoleto(s.ctx);
    await advance(s.ctx, 2);
    const line = formatDigitableLine(barcodeToDigitableLine(await registeredBarcode(a)));
    expect(line).toMatch(/\./);
    const r1 = await pay(line.replace(' ', ' - '));
    expect(r1.status).toBe(200);
    expect(r1.json).toEqual({ type: 'boleto', id: a });
    const r2 = await pay(await registeredBarcode(b));
    expect(r2.json).toEqual({ type: 'boleto', id: b });
    expect((await read(s.ctx, 'boleto', a)).status).toBe(4);
    expect((await read(s.ctx, 'boleto', b)).status).toBe(4);
  });

  test('400 for a wrong CRC or wrong check digits; 404 for a well-formed code nobody issued', async () => {
    const { data } = await createPix(s.ctx);
    const id = await createBoleto(s.ctx);
    await advance(s.ctx, 2);
    const badCrc = data.slice(0, -4) + (data.slice(-4) === '0000' ? '0001' : '0000');
    expect((await pay(badCrc)).status).toBe(400);
    expect(errorOf(await pay(badCrc))).toMatch(/^code: invalid Pix code/);

    const line = barcodeToDigitableLine(await registeredBarcode(id));
    const wrongLine = line.slice(0, 9) + String((Number(line[9]) + 1) % 10) + line.slice(10);
    expect(errorOf(await pay(wrongLine))).toBe('code: the digitable line has wrong check digits');
    const barcode = await registeredBarcode(id);
    const wrongBarcode = barcode.slice(0, 4) + String((Number(barcode[4]) + 1) % 10) + barcode.slice(5);
    expect(errorOf(await pay(wrongBarcode))).toBe('code: the barcode has a wrong check digit');
    expect((await pay('hello')).status).toBe(400);
    expect(errorOf(await call(s.ctx, 'POST', 'sim/pay', { body: {} }))).toBe('code: is required');

    const foreignPix = buildPixBrCode({ key: 'pix@sandbox.balcao.invalid', amountCents: 4290, txid: 'nobody', merchantName: 'X', merchantCity: 'Y' });
    expect((await pay(foreignPix)).status).toBe(404);
    const foreignBoleto = buildBoletoBarcode({ bankCode: '999', amountCents: 100, dueDate: '2025-06-13', freeField: '9'.repeat(25) });
    expect((await pay(foreignBoleto)).status).toBe(404);
    expect((await pay(barcodeToDigitableLine(foreignBoleto))).status).toBe(404);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(2);
  });

  test('400 when not payable (not active yet, already paid)', async () => {
    const { id, data } = await createPix(s.ctx);
    const early = await pay(data);
    expect(early.status).toBe(400);
    expect(errorOf(early)).toBe('Not payable: the QR code has status empty');
    await advance(s.ctx, 1);
    expect((await pay(data)).status).toBe(200);
    const twice = await pay(data);
    expect(twice.status).toBe(400);
    expect(errorOf(twice)).toBe('Not payable: the QR code has status completed');
    expect((await read(s.ctx, 'pix', id)).status).toBe('completed');
    expect(((await call(s.ctx, 'GET', 'v1/customers/balance')).json as { balance: number }).balance).toBe(42.9);
  });
});

describe('id-based control endpoints see only the key’s own payments', () => {
  test('sim/charges/<id>/pay, sim/pix/<id>/pay: 200, 404 for another key, 400 for a malformed id', async () => {
    const boleto = await createBoleto(s.ctx);
    const { id: pix } = await createPix(s.ctx);
    await advance(s.ctx, 2);
    expect((await call(s.ctx, 'POST', `sim/charges/${boleto}/pay`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/pix/${pix}/pay`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'POST', 'sim/charges/xyz/pay')).status).toBe(400);
    expect((await call(s.ctx, 'POST', `sim/charges/${MISSING_ID}/pay`)).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/charges/${pix}/pay`)).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/charges/${boleto}/pay`)).json).toEqual({ type: 'boleto', id: boleto });
    expect((await call(s.ctx, 'POST', `sim/pix/${pix}/pay`)).json).toEqual({ type: 'pix', id: pix });
    const paid = await read(s.ctx, 'boleto', boleto);
    expect(paid.status).toBe(4);
    expect(paid.paid_at).toBe('2025-06-10T15:00:02.000Z');
  });

  test('sim/charges/<id>/refund: paid → 5, balance back, no event; otherwise 400', async () => {
    const id = await createBoleto(s.ctx, { amount: 20 });
    await advance(s.ctx, 2);
    const notPaid = await call(s.ctx, 'POST', `sim/charges/${id}/refund`);
    expect(notPaid.status).toBe(400);
    expect(errorOf(notPaid)).toBe('Only a paid boleto (status 4) can be refunded; this one has status 2 (active)');
    await call(s.ctx, 'POST', `sim/charges/${id}/pay`);
    expect(((await call(s.ctx, 'GET', 'v1/customers/balance')).json as { balance: number }).balance).toBe(20);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/refund`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/refund`)).status).toBe(200);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(5);
    expect(((await call(s.ctx, 'GET', 'v1/customers/balance')).json as { balance: number }).balance).toBe(0);
    const types = (s.ctx.db.prepare('SELECT type FROM events').all() as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['charge.created', 'ChargePaid']);
  });

  test('sim/charges/<id>/settle-late: a canceled registered boleto → 4 with its ChargePaid and the balance; otherwise 400', async () => {
    const id = await createBoleto(s.ctx, { amount: 20 });
    await advance(s.ctx, 2);
    const active = await call(s.ctx, 'POST', `sim/charges/${id}/settle-late`);
    expect(active.status).toBe(400);
    expect(errorOf(active)).toBe('Only a registered boleto that was canceled can be settled late; this one has status 2 (active)');
    expect((await call(s.ctx, 'DELETE', `v1/charges/${id}`)).status).toBeLessThan(300);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(3);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/settle-late`, { key: OTHER_KEY })).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/settle-late`)).status).toBe(200);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(4);
    expect(((await call(s.ctx, 'GET', 'v1/customers/balance')).json as { balance: number }).balance).toBe(20);
    const types = (s.ctx.db.prepare('SELECT type FROM events').all() as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['charge.created', 'ChargePaid']);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/settle-late`)).status).toBe(400); // once
  });

  test('wrong methods are 405, unknown control paths 404', async () => {
    expect((await call(s.ctx, 'GET', 'sim/pay')).status).toBe(405);
    expect((await call(s.ctx, 'DELETE', 'sim/faults')).status).toBe(405);
    expect((await call(s.ctx, 'POST', 'sim/nothing')).status).toBe(404);
    expect((await call(s.ctx, 'POST', `sim/pix/${MISSING_ID}/refund`)).status).toBe(404);
  });
});

describe('the control API needs only a valid key', () => {
  test('no Content-Type or User-Agent needed; 401 without a key', async () => {
    const r = await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 0 }, headers: { 'Content-Type': null, 'User-Agent': null } });
    expect(r.status).toBe(200);
    expect((await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 0 }, key: null })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'sim/faults', { key: 'sk_unknown_123' })).status).toBe(401);
  });
});

describe('sim/clock', () => {
  test('answers the sandbox time; 0 just reads it; advancing moves it; GET reads it', async () => {
    expect((await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 0 } })).json).toEqual({ now: '2025-06-10T15:00:00.000Z' });
    expect((await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 90.5 } })).json).toEqual({ now: '2025-06-10T15:01:30.500Z' });
    s.advanceReal(1000);
    expect((await call(s.ctx, 'GET', 'sim/clock')).json).toEqual({ now: '2025-06-10T15:01:31.500Z' });
  });

  test('negative, non-numbers and missing values are 400; the clock does not move', async () => {
    for (const [body, message] of [
      [{ advance_seconds: -1 }, 'advance_seconds: must be at least 0 (the sandbox clock never goes back)'],
      [{ advance_seconds: '10' }, 'advance_seconds: expected a number of seconds'],
      [{ advance_seconds: null }, 'advance_seconds: expected a number of seconds'],
      [{}, 'advance_seconds: is required'],
      [{ advance_seconds: 1e12 }, 'advance_seconds: must be at most'],
    ] as const) {
      const r = await call(s.ctx, 'POST', 'sim/clock', { body });
      expect(r.status).toBe(400);
      expect(errorOf(r).startsWith(message)).toBe(true);
    }
    expect((await call(s.ctx, 'GET', 'sim/clock')).json).toEqual({ now: '2025-06-10T15:00:00.000Z' });
  });

  test('one clock for all keys', async () => {
    await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 60 }, key: OTHER_KEY });
    expect((await call(s.ctx, 'GET', 'sim/clock')).json).toEqual({ now: '2025-06-10T15:01:00.000Z' });
  });
});

describe('sim/faults', () => {
  test('GET reads the set in force; PUT replaces it whole; {} clears it; unknown fields ignored', async () => {
    const neutral = { latency_ms: 0, error_rate: 0, rate_limit_rate: 0, retry_after_seconds: 1, webhook_drop_rate: 0, webhook_duplicate_rate: 0, webhook_reorder: false };
    expect((await call(s.ctx, 'GET', 'sim/faults')).json).toEqual(neutral);
    const put = await call(s.ctx, 'PUT', 'sim/faults', { body: { error_rate: 0.5, webhook_reorder: true, whatever: 1 } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ ...neutral, error_rate: 0.5, webhook_reorder: true });
    await call(s.ctx, 'PUT', 'sim/faults', { body: { latency_ms: 5 } });
    expect((await call(s.ctx, 'GET', 'sim/faults')).json).toEqual({ ...neutral, latency_ms: 5 });
    await call(s.ctx, 'PUT', 'sim/faults', { body: {} });
    expect((await call(s.ctx, 'GET', 'sim/faults')).json).toEqual(neutral);
  });

  test('invalid values are 400 and leave the set unchanged', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { latency_ms: 1 } });
    for (const body of [{ error_rate: 1.5 }, { error_rate: -0.1 }, { latency_ms: 1.5 }, { retry_after_seconds: -1 }, { webhook_reorder: 'yes' }, []]) {
      const r = await call(s.ctx, 'PUT', 'sim/faults', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(((await call(s.ctx, 'GET', 'sim/faults')).json as { latency_ms: number }).latency_ms).toBe(1);
  });

  test('error_rate 1: every /v1 request is 500 and has no effect; the control API is not faulted', async () => {
    const { id } = await createPix(s.ctx);
    await advance(s.ctx, 1);
    await call(s.ctx, 'PUT', 'sim/faults', { body: { error_rate: 1 } });
    const create = await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx), headers: { 'Idempotency-Key': 'f1' } });
    expect(create.status).toBe(500);
    expect(errorOf(create)).toMatch(/simulated/);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}`)).status).toBe(500);
    expect((await call(s.ctx, 'GET', `v1/pix/${id}`)).status).toBe(500);
    expect((await call(s.ctx, 'POST', `sim/pix/${id}/pay`)).status).toBe(200);
    expect((await call(s.ctx, 'GET', 'sim/faults')).status).toBe(200);
    expect((s.ctx.db.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n).toBe(1);
    await call(s.ctx, 'PUT', 'sim/faults', { body: {} });
    // the faulted create left no idempotency record: the same key creates now
    expect((await call(s.ctx, 'POST', 'v1/pix/due', { body: pixBody(s.ctx), headers: { 'Idempotency-Key': 'f1' } })).status).toBe(201);
    expect((await read(s.ctx, 'pix', id)).status).toBe('completed');
  });

  test('faults apply after the 401 and header checks', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { error_rate: 1 } });
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { key: null })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { headers: { 'User-Agent': null } })).status).toBe(400);
  });

  test('rate_limit_rate 1: 429 with Retry-After = retry_after_seconds', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { rate_limit_rate: 1, retry_after_seconds: 7 } });
    const r = await call(s.ctx, 'POST', 'v1/charges', { body: {} });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
  });

  test('a share of requests: rates are drawn per request', async () => {
    let i = 0;
    const draws = [0.1, 0.9, 0.1, 0.9];
    s.ctx.random = () => draws[i++ % draws.length];
    await call(s.ctx, 'PUT', 'sim/faults', { body: { error_rate: 0.5 } });
    const statuses = [];
    for (let k = 0; k < 4; k++) statuses.push((await call(s.ctx, 'GET', 'v1/customers/balance')).status);
    expect(statuses).toEqual([500, 200, 500, 200]);
  });

  test('latency_ms delays /v1 answers', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { latency_ms: 150 } });
    const started = Date.now();
    expect((await call(s.ctx, 'GET', 'v1/customers/balance')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    // The control API is not delayed: no 150 ms timer is armed for it (a wall-clock bound would
    // fail on a loaded machine).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await call(s.ctx, 'GET', 'sim/faults');
      expect(timers.mock.calls.filter(([, ms]) => ms === 150)).toEqual([]);
      await call(s.ctx, 'GET', 'v1/customers/balance');
      expect(timers.mock.calls.filter(([, ms]) => ms === 150)).toHaveLength(1);
    } finally {
      timers.mockRestore();
    }
  });
});
