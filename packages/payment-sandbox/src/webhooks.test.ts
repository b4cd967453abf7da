import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { closeSandboxContext, createSandboxContext } from './context';
import { advanceClock } from './clock';
import { advance, call, createBoleto, createPix, KEY, newSandbox, OTHER_KEY, read, T0, type TestSandbox } from '../test/fixtures';
import { startHttpServer, type TestServer } from '../test/http-server';
import { simulatorRedeliver } from './simulator';
import { ownerOf } from './keys';
import { attemptsOf, backoffMs, deliveryView, dispatch, findDeliveries, signWebhook } from './webhooks';
import { runPass, startWorker, stopWorker } from './worker';

type Delivery = {
  id: number;
  status: string;
  attempts: number;
  type: string;
  event_id: string;
  next_attempt_at: string | null;
  last_status_code?: number | null;
  log: { outcome: string; status_code: number | null; error: string | null }[];
};
type Received = { headers: Headers; raw: string; body: { id: string; type: string; created_at: string; data: Record<string, unknown> } };

let s: TestSandbox;
let receiver: TestServer;
let received: Received[];
let answer: (n: number) => Promise<Response> | Response;

beforeEach(async () => {
  received = [];
  answer = () => new Response('ok');
  receiver = await startHttpServer(async (req) => {
    const raw = await req.text();
    received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
    return answer(received.length);
  });
  // The receiver stands for the shop: a loopback origin the sandbox may reach only because it is allow-listed.
  s = newSandbox({ allowHttpWebhooks: true, deliveryTimeoutMs: 300, webhookAllowedOrigins: [receiver.url] });
});
afterEach(async () => {
  await stopWorker(s.ctx);
  s.close();
  await receiver.close();
});

const hook = () => `http://127.0.0.1:${receiver.port}/api/webhooks/payments/tok123`;
const flush = async (key = KEY) => (await call(s.ctx, 'POST', 'sim/webhooks/flush', { key })).json as { attempted: number; delivered: number; failed: number; dropped: number; pending: number };
/** The deliveries with the target's answers, as the merchant's simulator page sees them (the API leaves the answers out). */
const deliveries = async (key = KEY) => {
  const rows = findDeliveries(s.ctx, { owner: ownerOf(key) });
  const attempts = attemptsOf(s.ctx, rows.map((r) => r.id));
  return rows.map((r) => deliveryView(s.ctx, r, attempts.get(r.id), { targetAnswers: true })) as unknown as Delivery[];
};
const apiDeliveries = async (key = KEY) => ((await call(s.ctx, 'GET', 'sim/webhooks', { key })).json as { deliveries: Record<string, unknown>[] }).deliveries;

describe('events, body and signature', () => {
  test('charge.created on registration: {id, type, created_at, data} with barcode, digitable_line, bank; signed with the creating key', async () => {
    const id = await createBoleto(s.ctx, { notification_url: hook() }, OTHER_KEY);
    await advance(s.ctx, 2);
    advanceClock(s.ctx, 86_400); // the signature uses real time, not the sandbox clock
    const summary = await flush(OTHER_KEY);
    expect(summary).toMatchObject({ attempted: 1, delivered: 1 });
    expect(received).toHaveLength(1);
    const [{ headers, raw, body }] = received;
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(body.type).toBe('charge.created');
    expect(body.created_at).toBe('2025-06-10T15:00:02.000Z');
    const charge = await read(s.ctx, 'boleto', id, OTHER_KEY);
    expect(body.data).toMatchObject({ id, status: 2, barcode: charge.barcode, pdf_url: charge.pdf_url });
    expect(body.data.digitable_line).toBe(barcodeToDigitableLine(charge.barcode as string));
    expect(body.data.bank).toEqual({ code: '999', name: expect.any(String) });

    const timestamp = headers.get('x-pagou-timestamp')!;
    expect(timestamp).toBe(String(Math.floor(T0 / 1000)));
    expect(headers.get('x-pagou-signature')).toBe(signWebhook(OTHER_KEY, timestamp, raw));
    expect(headers.get('x-pagou-signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(headers.get('content-type')).toBe('application/json');
  });

  test('ChargePaid, QRCodeCompleted, QRCodeRefunded carry the resource as GET returns it', async () => {
    const boleto = await createBoleto(s.ctx, { notification_url: hook() });
    const { id: pix } = await createPix(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await call(s.ctx, 'POST', `sim/charges/${boleto}/pay`);
    await call(s.ctx, 'POST', `sim/pix/${pix}/pay`);
    await call(s.ctx, 'DELETE', `v1/pix/${pix}/refund`, { body: { amount: 10, reason: 3, description: 'x' } });
    await flush();
    const byType = Object.fromEntries(received.map((r) => [r.body.type, r.body.data]));
    expect(Object.keys(byType).sort()).toEqual(['ChargePaid', 'QRCodeCompleted', 'QRCodeRefunded', 'charge.created']);
    expect(byType.ChargePaid).toEqual(await read(s.ctx, 'boleto', boleto));
    expect(byType.QRCodeCompleted).toMatchObject({ id: pix, status: 'completed' });
    expect(byType.QRCodeRefunded).toEqual(await read(s.ctx, 'pix', pix));
  });

  test('no event for cancel or expiry; no delivery without notification_url', async () => {
    const boleto = await createBoleto(s.ctx, { notification_url: hook() });
    const { id: pix } = await createPix(s.ctx, { notification_url: hook() });
    await createPix(s.ctx, { metadata: [{ key: 'sandbox_scenario', value: 'approved' }] });
    await advance(s.ctx, 2);
    await call(s.ctx, 'DELETE', `v1/charges/${boleto}`);
    await advance(s.ctx, 30 * 86_400);
    expect((await read(s.ctx, 'pix', pix)).status).toBe('canceled');
    await flush();
    expect(received.map((r) => r.body.type)).toEqual(['charge.created']);
  });
});

describe('retries', () => {
  test('non-2xx → retried after 1, 2, 4 … 64 s of sandbox time with the same event id, 8 attempts, then failed', async () => {
    answer = () => new Response('nope', { status: 503 });
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await dispatch(s.ctx);
    expect(received).toHaveLength(1);
    const waits: number[] = [];
    for (let attempt = 1; attempt < 8; attempt++) {
      const [d] = await deliveries();
      expect(d.status).toBe('pending');
      const now = ((await call(s.ctx, 'GET', 'sim/clock')).json as { now: string }).now;
      const wait = (Date.parse(d.next_attempt_at!) - Date.parse(now)) / 1000;
      waits.push(wait);
      advanceClock(s.ctx, wait - 0.5);
      await dispatch(s.ctx);
      expect(received).toHaveLength(attempt); // not before its time
      advanceClock(s.ctx, 0.5);
      await dispatch(s.ctx);
      expect(received).toHaveLength(attempt + 1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    const [d] = await deliveries();
    expect(d.status).toBe('failed');
    expect(d.attempts).toBe(8);
    expect(d.log.map((l) => l.status_code)).toEqual(Array(8).fill(503));
    expect(new Set(received.map((r) => r.body.id)).size).toBe(1);
    advanceClock(s.ctx, 3600);
    expect((await flush()).attempted).toBe(0);
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(7)).toBe(64_000);
  });

  test('a retry that succeeds ends the delivery', async () => {
    answer = (n) => new Response(null, { status: n === 1 ? 500 : 204 });
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await flush();
    advanceClock(s.ctx, 1);
    await dispatch(s.ctx);
    const [d] = await deliveries();
    expect(d.status).toBe('delivered');
    expect(d.attempts).toBe(2);
    expect(d.log.map((l) => l.outcome)).toEqual(['failed', 'delivered']);
  });

  test('a redirect is not a success, and neither is silence (timeout)', async () => {
    answer = (n) => (n === 1 ? new Response(null, { status: 302, headers: { Location: '/x' } }) : new Promise<Response>(() => undefined));
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await flush();
    await flush();
    const [d] = await deliveries();
    expect(d.status).toBe('pending');
    expect(d.log.map((l) => [l.outcome, l.status_code])).toEqual([
      ['failed', 302],
      ['failed', null],
    ]);
    expect(d.log[1].error).toMatch(/no answer/);
  });

  test('flush: one immediate attempt of every pending delivery of the key, ignoring back-off, answering when done', async () => {
    answer = () => new Response(null, { status: 500 });
    await createBoleto(s.ctx, { notification_url: hook() });
    await createBoleto(s.ctx, { notification_url: hook() }, OTHER_KEY);
    await advance(s.ctx, 2);
    expect(await flush()).toMatchObject({ attempted: 1, failed: 0, pending: 1 });
    expect(await flush()).toMatchObject({ attempted: 1 }); // back-off ignored
    expect(received).toHaveLength(2);
    expect((await deliveries(OTHER_KEY))[0].attempts).toBe(0);
    expect(await deliveries()).toHaveLength(1);
  });
});

describe('faults on webhooks', () => {
  test('dropped: never sent, recorded as dropped', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { webhook_drop_rate: 1 } });
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    expect(await flush()).toMatchObject({ attempted: 1, dropped: 1 });
    expect(received).toHaveLength(0);
    const [d] = await deliveries();
    expect(d.status).toBe('dropped');
    expect(d.log.map((l) => l.outcome)).toEqual(['dropped']);
    expect((await flush()).attempted).toBe(0);
  });

  test('duplicated: the same event arrives twice', async () => {
    await call(s.ctx, 'PUT', 'sim/faults', { body: { webhook_duplicate_rate: 1 } });
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await flush();
    expect(received).toHaveLength(2);
    expect(received[0].body.id).toBe(received[1].body.id);
    expect((await deliveries())[0].log.map((l) => l.outcome)).toEqual(['delivered', 'duplicate']);
  });

  test('reorder: a payment’s due events go newest first', async () => {
    s.ctx.random = () => 0.5;
    await call(s.ctx, 'PUT', 'sim/faults', { body: { webhook_reorder: true } });
    const { id } = await createPix(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 1);
    await call(s.ctx, 'POST', `sim/pix/${id}/pay`);
    await call(s.ctx, 'DELETE', `v1/pix/${id}/refund`, { body: { amount: 5, reason: 1, description: 'x' } });
    advanceClock(s.ctx, 5);
    await dispatch(s.ctx);
    expect(received.map((r) => r.body.type)).toEqual(['QRCodeRefunded', 'QRCodeCompleted']);
  });
});

describe('background delivery', () => {
  test('the worker delivers without any request, and stop waits for a delivery in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    answer = async () => {
      await gate;
      return new Response('ok');
    };
    s.ctx.deliveryTimeoutMs = 5_000;
    await createBoleto(s.ctx, { notification_url: hook() });
    advanceClock(s.ctx, 2);
    startWorker(s.ctx, 20);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    const stopped = stopWorker(s.ctx);
    setTimeout(release, 100);
    await stopped;
    expect((await deliveries())[0].status).toBe('delivered');
    expect(received).toHaveLength(1); // one attempt, not one per tick
  });

  test('pending deliveries survive a restart', async () => {
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    const url = `file:${s.dbPath}`;
    s.close();
    const reopened = createSandboxContext({ databaseUrl: url, realNow: () => T0 + 10_000, allowHttpWebhooks: true, webhookAllowedOrigins: [receiver.url] });
    try {
      const summary = await dispatch(reopened);
      expect(summary).toMatchObject({ attempted: 1, delivered: 1 });
      expect(received[0].body.type).toBe('charge.created');
    } finally {
      closeSandboxContext(reopened);
    }
    s = newSandbox(); // for afterEach
  });

  test('simulator redelivery sends the same events again, with the same ids', async () => {
    const id = await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await call(s.ctx, 'POST', `sim/charges/${id}/pay`);
    await flush();
    expect(simulatorRedeliver(s.ctx, id)).toEqual({ ok: true, message: '2 eventos reenfileirados.' });
    await flush();
    expect(received.map((r) => r.body.type)).toEqual(['charge.created', 'ChargePaid', 'charge.created', 'ChargePaid']);
    expect(received[2].body.id).toBe(received[0].body.id);
    expect(received[3].raw).toBe(received[1].raw);
  });
});

describe('SSRF guard: where a webhook may go', () => {
  test('a loopback target that is not allow-listed is refused at delivery time: nothing sent, failed at once', async () => {
    const closed = newSandbox({ allowHttpWebhooks: true, deliveryTimeoutMs: 300 }); // only its APP_URL origin is allow-listed
    try {
      await createBoleto(closed.ctx, { notification_url: hook() });
      await advance(closed.ctx, 2);
      const summary = (await call(closed.ctx, 'POST', 'sim/webhooks/flush')).json;
      expect(summary).toMatchObject({ attempted: 1, failed: 1, delivered: 0 });
      expect(received).toHaveLength(0);
      const rows = findDeliveries(closed.ctx, {});
      expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(rows[0].last_error).toBe('destino recusado');
    } finally {
      closed.close();
    }
  });

  test('a public-looking name that resolves to a private or metadata address is refused (resolved when delivering)', async () => {
    const resolvesTo = { address: '203.0.113.10' };
    const closed = newSandbox({ lookup: async () => [{ address: resolvesTo.address, family: 4 }], fetch: async () => new Response('ok') });
    try {
      await createBoleto(closed.ctx, { notification_url: 'https://hooks.example.com/api/webhooks/payments/tok' });
      resolvesTo.address = '169.254.169.254'; // the name moved after the charge was created
      await advance(closed.ctx, 2);
      expect((await call(closed.ctx, 'POST', 'sim/webhooks/flush')).json).toMatchObject({ failed: 1 });
      resolvesTo.address = '93.184.216.34';
      await createBoleto(closed.ctx, { notification_url: 'https://hooks.example.com/api/webhooks/payments/tok2' });
      await advance(closed.ctx, 2);
      expect((await call(closed.ctx, 'POST', 'sim/webhooks/flush')).json).toMatchObject({ delivered: 1 });
    } finally {
      closed.close();
    }
  });

  test('the API never returns a target’s HTTP status or error text (the simulator page shows them to the merchant)', async () => {
    answer = () => new Response('internal admin panel', { status: 503 });
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    await flush();
    const [api] = await apiDeliveries();
    expect(api).not.toHaveProperty('last_status_code');
    expect(api).not.toHaveProperty('last_error');
    expect((api.log as Record<string, unknown>[])[0]).toEqual({ attempt: 1, at: expect.any(String), outcome: 'failed', duration_ms: expect.any(Number) });
    expect(JSON.stringify(api)).not.toContain('503');
    expect((await deliveries())[0].log[0].status_code).toBe(503);
  });
});

describe('a host without an interval worker (serverless)', () => {
  test('runPass brings payments up to the clock and delivers what is due, awaited; it answers what is still pending', async () => {
    await createBoleto(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 3);
    expect(s.ctx.worker).toBeUndefined();
    expect(await runPass(s.ctx)).toEqual({ pending: 0 });
    expect(received.map((r) => r.body.type)).toEqual(['charge.created']);
    answer = () => new Response('no', { status: 500 });
    const { id: pix } = await createPix(s.ctx, { notification_url: hook() });
    await advance(s.ctx, 2);
    expect((await call(s.ctx, 'POST', `sim/pix/${pix}/pay`)).status).toBe(200);
    expect(await runPass(s.ctx)).toEqual({ pending: 1 });
  });
});
