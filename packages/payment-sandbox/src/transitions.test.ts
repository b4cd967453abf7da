import { afterEach, describe, expect, test } from 'vitest';
import { advanceClock } from './clock';
import { advance, call, createBoleto, createPix, KEY, newSandbox, read, type TestSandbox } from '../test/fixtures';
import { tick } from './transitions';
import { startWorker, stopWorker } from './worker';

let s: TestSandbox;
afterEach(() => s?.close());

const scenario = (value: string) => ({ metadata: [{ key: 'sandbox_scenario', value }] });
const balance = async (key = KEY) => ((await call(s.ctx, 'GET', 'v1/customers/balance', { key })).json as { balance: number }).balance;
const eventTypes = () => (s.ctx.db.prepare('SELECT type FROM events ORDER BY created_at, rowid').all() as { type: string }[]).map((e) => e.type);

describe('scenarios (metadata sandbox_scenario, else SANDBOX_SCENARIO)', () => {
  test('approved boleto: registered at 2 s, paid a moment later, balance credited', async () => {
    s = newSandbox();
    const id = await createBoleto(s.ctx, { amount: 80, ...scenario('approved') });
    await advance(s.ctx, 2);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(2);
    await advance(s.ctx, 1);
    const paid = await read(s.ctx, 'boleto', id);
    expect(paid.status).toBe(4);
    expect(paid.paid_at).toBe('2025-06-10T15:00:03.000Z');
    expect(await balance()).toBe(80);
    expect(eventTypes()).toEqual(['charge.created', 'ChargePaid']);
  });

  test('approved Pix: active at 1 s, completed a moment later', async () => {
    s = newSandbox();
    const { id } = await createPix(s.ctx, scenario('approved'));
    await advance(s.ctx, 1);
    expect((await read(s.ctx, 'pix', id)).status).toBe('active');
    await advance(s.ctx, 1);
    expect((await read(s.ctx, 'pix', id)).status).toBe('completed');
    expect(eventTypes()).toEqual(['QRCodeCompleted']);
  });

  test('refused: canceled after activation, never paid, no event beyond registration', async () => {
    s = newSandbox();
    const boleto = await createBoleto(s.ctx, scenario('refused'));
    const { id: pix } = await createPix(s.ctx, scenario('refused'));
    await advance(s.ctx, 5);
    expect((await read(s.ctx, 'boleto', boleto)).status).toBe(3);
    expect((await read(s.ctx, 'pix', pix)).status).toBe('canceled');
    expect((await call(s.ctx, 'POST', `sim/charges/${boleto}/pay`)).status).toBe(400);
    expect((await call(s.ctx, 'POST', `sim/pix/${pix}/pay`)).status).toBe(400);
    expect(eventTypes()).toEqual(['charge.created']);
    expect(await balance()).toBe(0);
  });

  test('pending waits for the simulator', async () => {
    s = newSandbox();
    const id = await createBoleto(s.ctx);
    await advance(s.ctx, 3600);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(2);
  });

  test('SANDBOX_SCENARIO applies without metadata; metadata wins over it', async () => {
    s = newSandbox({ scenario: 'approved' });
    const auto = await createBoleto(s.ctx);
    const held = await createBoleto(s.ctx, scenario('pending'));
    await advance(s.ctx, 10);
    expect((await read(s.ctx, 'boleto', auto)).status).toBe(4);
    expect((await read(s.ctx, 'boleto', held)).status).toBe(2);
  });

  test('a payment canceled before its approved outcome stays canceled', async () => {
    s = newSandbox();
    const { id } = await createPix(s.ctx, scenario('approved'));
    await advance(s.ctx, 1);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${id}`)).status).toBe(204);
    await advance(s.ctx, 10);
    expect((await read(s.ctx, 'pix', id)).status).toBe('canceled');
    expect(eventTypes()).toEqual([]);
  });
});

describe('expiry follows the sandbox clock and the São Paulo calendar', () => {
  // T0 = 2025-06-10 12:00 in São Paulo. A boleto due 06-13 with 5 days of grace is payable
  // through 06-18 and canceled at 06-19 00:00 in São Paulo (03:00 UTC): 8 days 12 h after T0.
  const untilBoletoExpiry = (8 * 24 + 12) * 3600;

  test('boleto: payable on its last day, canceled from the next São Paulo midnight', async () => {
    s = newSandbox();
    const id = await createBoleto(s.ctx); // due 06-13, grace 5
    await advance(s.ctx, untilBoletoExpiry - 1);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(2);
    await advance(s.ctx, 1);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(3);
    expect(eventTypes()).toEqual(['charge.created']);
  });

  test('boleto paid on the last payable day', async () => {
    s = newSandbox();
    const id = await createBoleto(s.ctx);
    await advance(s.ctx, untilBoletoExpiry - 60);
    expect((await call(s.ctx, 'POST', `sim/charges/${id}/pay`)).status).toBe(200);
    await advance(s.ctx, 3600);
    expect((await read(s.ctx, 'boleto', id)).status).toBe(4);
  });

  test('Pix: due tomorrow + 1 expiration day → canceled at the São Paulo midnight after that', async () => {
    s = newSandbox();
    const { id } = await createPix(s.ctx); // due 06-11, expiration 1 → payable through 06-12
    const until = (2 * 24 + 12) * 3600; // 06-13 00:00 SP = 06-13T03:00Z
    await advance(s.ctx, until - 1);
    expect((await read(s.ctx, 'pix', id)).status).toBe('active');
    await advance(s.ctx, 1);
    const expired = await read(s.ctx, 'pix', id);
    expect(expired.status).toBe('canceled');
    expect(expired.updated_at).toBe('2025-06-13T03:00:00.000Z');
    expect(eventTypes()).toEqual([]);
  });

  test('one big jump applies every move in order, at its own moment', async () => {
    s = newSandbox();
    const approved = await createBoleto(s.ctx, scenario('approved'));
    const pending = await createBoleto(s.ctx);
    await advance(s.ctx, 90 * 86_400);
    const paid = await read(s.ctx, 'boleto', approved);
    expect(paid.status).toBe(4);
    expect(paid.paid_at).toBe('2025-06-10T15:00:03.000Z');
    expect((await read(s.ctx, 'boleto', pending)).status).toBe(3);
    const events = s.ctx.db.prepare('SELECT type, created_at FROM events ORDER BY created_at, rowid').all() as { type: string; created_at: number }[];
    expect(events.map((e) => [e.type, new Date(e.created_at).toISOString()])).toEqual([
      ['charge.created', '2025-06-10T15:00:02.000Z'],
      ['charge.created', '2025-06-10T15:00:02.000Z'],
      ['ChargePaid', '2025-06-10T15:00:03.000Z'],
    ]);
  });

  test('moving the clock moves due-date validation', async () => {
    s = newSandbox();
    const tomorrow = '2025-06-11';
    await advance(s.ctx, 86_400);
    const r = await call(s.ctx, 'POST', 'v1/pix/due', {
      body: { amount: 10, description: 'x', expiration: 1, due_date: tomorrow, payer: { name: 'A', document: '52998224725' } },
    });
    expect(r.status).toBe(400);
    expect((r.json as { error: string }).error).toMatch(/^due_date: must be a future date/);
  });
});

describe('final states and illegal moves', () => {
  test('refunded boleto and refunded Pix accept nothing more', async () => {
    s = newSandbox();
    const boleto = await createBoleto(s.ctx);
    const { id: pix } = await createPix(s.ctx);
    await advance(s.ctx, 2);
    await call(s.ctx, 'POST', `sim/charges/${boleto}/pay`);
    await call(s.ctx, 'POST', `sim/pix/${pix}/pay`);
    expect((await call(s.ctx, 'POST', `sim/charges/${boleto}/refund`)).status).toBe(200);
    expect((await call(s.ctx, 'DELETE', `v1/pix/${pix}/refund`, { body: { amount: 42.9, reason: 1, description: 'x' } })).status).toBe(204);
    expect((await read(s.ctx, 'boleto', boleto)).status).toBe(5);
    for (const [method, path] of [
      ['POST', `sim/charges/${boleto}/pay`],
      ['POST', `sim/charges/${boleto}/refund`],
      ['DELETE', `v1/charges/${boleto}`],
      ['POST', `sim/pix/${pix}/pay`],
      ['DELETE', `v1/pix/${pix}`],
    ]) {
      const r = await call(s.ctx, method, path, { body: method === 'DELETE' ? undefined : {} });
      expect(r.status, `${method} ${path}`).toBe(400);
    }
    await advance(s.ctx, 365 * 86_400);
    expect((await read(s.ctx, 'boleto', boleto)).status).toBe(5);
    expect((await read(s.ctx, 'pix', pix)).status).toBe('refunded');
    expect(await balance()).toBe(0);
  });

  test('tick is idempotent', async () => {
    s = newSandbox();
    await createBoleto(s.ctx, scenario('approved'));
    advanceClock(s.ctx, 10);
    expect(tick(s.ctx)).toBe(1);
    expect(tick(s.ctx)).toBe(0);
    expect(eventTypes()).toEqual(['charge.created', 'ChargePaid']);
  });
});

describe('the worker moves payments without any request', () => {
  test('start is idempotent, the timer is unref()ed, stop stops it', async () => {
    s = newSandbox();
    const id = await createBoleto(s.ctx);
    startWorker(s.ctx, 20);
    const timer = s.ctx.worker!.timer;
    startWorker(s.ctx, 20);
    expect(s.ctx.worker!.timer).toBe(timer);
    expect(timer.hasRef()).toBe(false);
    advanceClock(s.ctx, 2);
    await new Promise((r) => setTimeout(r, 150));
    const row = s.ctx.db.prepare('SELECT status FROM payments WHERE id = ?').get(id) as { status: string };
    expect(row.status).toBe('active');
    await stopWorker(s.ctx);
    expect(s.ctx.worker).toBeUndefined();
  });
});
