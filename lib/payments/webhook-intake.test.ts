import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { run } from '@/db/driver';
import { payments } from '@/db/schema';
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { env } from '@/lib/config/env';
import { dedupe, insertEvent } from './events';
import { tokenHash } from '@/lib/security/tokens';
import { reconcileAll } from './reconcile';
import { apiError, barcodeFor, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { backdatePayment, deliveriesOfToken, eventsOf, orderById, paymentById, statusEventsOf } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { boletoExtrasFromBody, parseWebhookBody } from './webhook-body';
import { findPaymentByWebhookToken, handlePaymentWebhook } from './webhook-intake';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';

let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function post(token: string, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  const req = new Request(`http://localhost/api/webhooks/payments/${token}`, { method: 'POST', body: body as BodyInit, headers: { 'content-type': 'application/json', ...headers } });
  return handlePaymentWebhook(req, token);
}

function signed(token: string, body: string, opts: { key?: string; timestamp?: string; prefix?: string } = {}): Promise<Response> {
  const ts = opts.timestamp ?? nowSeconds();
  const sig = signWebhook(opts.key ?? env().paymentApiKey, ts, body);
  return post(token, body, { 'x-pagou-timestamp': ts, 'x-pagou-signature': `${opts.prefix ?? ''}${sig}` });
}

const event = (type: string, data: Record<string, unknown> = {}) => JSON.stringify({ id: crypto.randomUUID(), type, created_at: new Date().toISOString(), data });

describe('webhook intake', () => {
  it('fetches back and applies the status READ, answering {"received": true}', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    const res = await signed(payment.webhookToken, event('QRCodeCompleted', { id: payment.providerId }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect((await orderById(order.id))!.status).toBe('paid');
    const [ev] = await statusEventsOf(payment.id);
    expect(ev.source).toBe('webhook');
    const [d] = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(d).toMatchObject({ paymentId: payment.id, eventType: 'QRCodeCompleted', signature: 'valid', outcome: 'applied', httpStatus: 200 });
    expect(d.tokenHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a lying body ("paid") with a valid token changes nothing: the provider says pending', async () => {
    const { order, payment } = await placeTestOrder('pix');
    const res = await post(payment.webhookToken, event('QRCodeCompleted', { id: payment.providerId, status: 'completed' }));
    expect(res.status).toBe(200);
    expect((await orderById(order.id))!.status).toBe('pending');
    const [d] = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(d).toMatchObject({ signature: 'absent', outcome: 'no_change' });
  });

  it('an unknown token: 404, nothing changes, the delivery is logged without a payment', async () => {
    const token = 'x'.repeat(43);
    const res = await post(token, event('ChargePaid'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'unknown token' });
    const [d] = await deliveriesOfToken(tokenHash(token));
    expect(d).toMatchObject({ paymentId: null, outcome: 'unknown_token', httpStatus: 404, eventType: 'ChargePaid' });
    expect(fake.calls.filter((c) => c.op.startsWith('get'))).toHaveLength(0);
    expect((await post('../../etc', '{}')).status).toBe(404);
  });

  it('an unknown token keeps only the body\'s hash and size, never the body; a known one keeps its body', async () => {
    const token = 'y'.repeat(43);
    const body = JSON.stringify({ id: 'evt', type: 'ChargePaid', data: { payer: { document: '52998224725' } }, filler: 'f'.repeat(60_000) });
    expect((await post(token, body)).status).toBe(404);
    const [d] = await deliveriesOfToken(tokenHash(token));
    expect(d.body).toBeNull();
    expect(d.bodyBytes).toBe(Buffer.byteLength(body));
    expect(d.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));

    const { payment } = await placeTestOrder('pix');
    const known = event('QRCodeCompleted', { id: payment.providerId });
    await post(payment.webhookToken, known);
    const [k] = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(k).toMatchObject({ body: known, bodyBytes: Buffer.byteLength(known) });
  });

  it('signatures: valid (with or without "sha256="), wrong key, tampered body, stale or missing timestamp', async () => {
    const { order, payment } = await placeTestOrder('pix');
    const t = payment.webhookToken;
    const body = event('QRCodeCompleted');
    expect((await signed(t, body, { prefix: 'sha256=' })).status).toBe(200);
    expect((await signed(t, body, { key: 'sk_someone_else' })).status).toBe(401);
    const ts = nowSeconds();
    const sig = signWebhook(env().paymentApiKey, ts, body);
    expect((await post(t, body.replace('QRCode', 'QRCodX'), { 'x-pagou-timestamp': ts, 'x-pagou-signature': sig })).status).toBe(401);
    expect((await post(t, body, { 'x-pagou-signature': sig })).status).toBe(401);
    const stale = await signed(t, body, { timestamp: String(Math.floor(Date.now() / 1000) - 301) });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: 'stale signature' });
    expect((await signed(t, body, { timestamp: String(Math.floor(Date.now() / 1000) + 250) })).status).toBe(200);
    const verdicts = (await deliveriesOfToken(tokenHash(t))).map((d) => `${d.signature}:${d.httpStatus}`);
    expect(verdicts).toEqual(['valid:200', 'invalid:401', 'invalid:401', 'invalid:401', 'stale:401', 'valid:200']);
    expect((await orderById(order.id))!.status).toBe('pending');
  });

  it('a rejected signature does not fetch back or apply', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    fake.calls.length = 0;
    expect((await signed(payment.webhookToken, event('QRCodeCompleted'), { key: 'sk_wrong_key_123' })).status).toBe(401);
    expect(fake.calls).toHaveLength(0);
    expect((await orderById(order.id))!.status).toBe('pending');
  });

  it('413 for a body over 1 MB, by Content-Length and by the bytes actually sent', async () => {
    const { payment } = await placeTestOrder('pix');
    const big = 'x'.repeat(1024 * 1024 + 1);
    expect((await post(payment.webhookToken, big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new Uint8Array(64 * 1024).fill(120));
        c.close();
      },
    });
    const req = new Request(`http://localhost/api/webhooks/payments/${payment.webhookToken}`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(req.headers.get('content-length')).toBeNull();
    expect((await handlePaymentWebhook(req, payment.webhookToken)).status).toBe(413);
    const outcomes = (await deliveriesOfToken(tokenHash(payment.webhookToken))).map((d) => d.outcome);
    expect(outcomes).toEqual(['too_large', 'too_large']);
    // exactly 1 MB is fine
    expect((await post(payment.webhookToken, 'y'.repeat(1024 * 1024))).status).toBe(200);
  });

  it('503 with Retry-After when the fetch-back fails (the sender retries)', async () => {
    const { payment } = await placeTestOrder('boleto');
    fake.failNext('getBoleto', apiError('unavailable'));
    const res = await post(payment.webhookToken, event('ChargePaid'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    fake.failNext('getBoleto', apiError('rate_limited', { retryAfterSeconds: 12 }));
    expect((await post(payment.webhookToken, event('ChargePaid'))).headers.get('retry-after')).toBe('12');
    const outcomes = (await deliveriesOfToken(tokenHash(payment.webhookToken))).map((d) => `${d.outcome}:${d.httpStatus}`);
    expect(outcomes).toEqual(['fetch_failed:503', 'fetch_failed:503']);
  });

  it('503 while the create answer is not stored yet (an id in the body is not trusted)', async () => {
    fake.failNext('createPix', apiError('unavailable'), { after: true });
    await expect(placeTestOrder('pix')).rejects.toThrow();
    const [pixId] = [...fake.pix.keys()];
    fake.pay(pixId);
    const [p] = await database().db.select().from(payments);
    const res = await post(p.webhookToken, event('QRCodeCompleted', { id: pixId }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await paymentById(p.id))!).toMatchObject({ status: 'pending', createState: 'creating', providerId: null });
    expect(fake.count('createPix')).toBe(1);

    // Stuck for more than 30 s: the delivery still gets 503, and the create is re-sent (same key) at once.
    await backdatePayment(p.id, 40_000);
    expect((await post(p.webhookToken, event('QRCodeCompleted', { id: pixId }))).status).toBe(503);
    await vi.waitFor(async () => expect((await paymentById(p.id))!).toMatchObject({ createState: 'created', providerId: pixId }));
    expect((await post(p.webhookToken, event('QRCodeCompleted', { id: pixId }))).status).toBe(200);
    expect((await paymentById(p.id))!.status).toBe('paid');
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'hello <xml/>'],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['data not an object', '{"type": 5, "data": "x", "id": {"a": 1}}'],
    ['binary', new Uint8Array([0, 255, 254, 1, 2])],
    ['very deep JSON', '['.repeat(200_000) + ']'.repeat(200_000)],
  ])('never 500 on a strange body: %s', async (_label, body) => {
    const { payment } = await placeTestOrder('pix');
    const res = await post(payment.webhookToken, body);
    expect(res.status).toBe(200);
    const [d] = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(d.outcome).toBe('no_change');
  });

  it('logs at most 64 KiB of a body', async () => {
    const { payment } = await placeTestOrder('pix');
    await post(payment.webhookToken, JSON.stringify({ type: 'X', pad: 'p'.repeat(200_000) }));
    const [d] = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(d.body!.length).toBe(64 * 1024);
    expect(d.eventType).toBe('X');
  });

  // On libSQL (a local file, one writer at a time) the 300 take turns in the process's writer
  // queue, and all but the first retry their batch once the first has moved the payment.
  it('a storm of 300 identical deliveries changes the state exactly once', { timeout: 60_000 }, async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    const body = event('QRCodeCompleted', { id: payment.providerId });
    const results = await Promise.all(Array.from({ length: 300 }, () => signed(payment.webhookToken, body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await statusEventsOf(payment.id)).toHaveLength(1);
    const outcomes = (await deliveriesOfToken(tokenHash(payment.webhookToken))).map((d) => d.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes).toHaveLength(300);
    expect((await orderById(order.id))!.status).toBe('paid');
  });

  it('logs every delivery exactly once, also when its apply rolls back as already applied', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    // Another writer holds the "paid" event but has not moved the row: this apply rolls back.
    await database().transaction(function* (tx) {
      yield* run(insertEvent(tx, { paymentId: payment.id, orderId: order.id, type: 'status_changed', source: 'reconcile', toStatus: 'paid', dedupeKey: dedupe.status(payment.id, 'paid') }));
    });
    const res = await signed(payment.webhookToken, event('QRCodeCompleted', { id: payment.providerId }));
    expect(res.status).toBe(200);
    const rows = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(rows.map((d) => [d.outcome, d.httpStatus])).toEqual([['no_change', 200]]);
  });

  it('out of order: a ChargePaid before charge.created, and an old event after paid, end paid with the barcode', async () => {
    const { order, payment } = await placeTestOrder('boleto');
    fake.pay(payment.providerId!);
    expect((await post(payment.webhookToken, event('ChargePaid'))).status).toBe(200);
    expect((await post(payment.webhookToken, event('charge.created'))).status).toBe(200);
    const p = await paymentById(payment.id);
    expect(p!.status).toBe('paid');
    expect(p!.barcode).toMatch(/^\d{44}$/);
    expect((await orderById(order.id))!.status).toBe('paid');
  });

  it('uses a barcode from the body only when the read has none, its check digits are right and the amount is ours', async () => {
    const { payment } = await placeTestOrder('boleto'); // status 1 at the provider: no barcode yet
    const mine = barcodeFor({ id: 'x', input: { amountCents: payment.amountCents, dueDate: payment.dueDate! } });
    const other = barcodeFor({ id: 'x', input: { amountCents: 1, dueDate: payment.dueDate! } });
    const broken = mine.slice(0, 43) + String((Number(mine[43]) + 1) % 10);

    await post(payment.webhookToken, event('charge.created', { barcode: broken }));
    await post(payment.webhookToken, event('charge.created', { barcode: other }));
    expect((await paymentById(payment.id))!.barcode).toBeNull();

    await post(payment.webhookToken, event('charge.created', { digitable_line: barcodeToDigitableLine(mine) }));
    expect(await paymentById(payment.id)).toMatchObject({ barcode: mine, digitableLine: barcodeToDigitableLine(mine) });
    expect((await eventsOf(payment.id)).filter((e) => e.type === 'registered')).toHaveLength(1);

    // Once stored, a barcode is never replaced by another one from a body (another valid one for the same amount).
    const second = barcodeFor({ id: 'y', input: { amountCents: payment.amountCents, dueDate: payment.dueDate! } });
    expect(second).not.toBe(mine);
    expect(await findPaymentByWebhookToken(payment.webhookToken)).toMatchObject({ id: payment.id, method: 'boleto', hasBarcode: true });
    await post(payment.webhookToken, event('charge.created', { barcode: second }));
    expect((await paymentById(payment.id))!.barcode).toBe(mine);
  });

  it('the token lookup reads what the intake needs (no barcode yet: hasBarcode false; unknown or malformed token: undefined)', async () => {
    const { payment } = await placeTestOrder('boleto');
    expect(await findPaymentByWebhookToken(payment.webhookToken)).toEqual({
      id: payment.id,
      method: 'boleto',
      createState: payment.createState,
      providerId: payment.providerId,
      createdAt: payment.createdAt,
      amountCents: payment.amountCents,
      hasBarcode: false,
    });
    expect(await findPaymentByWebhookToken('x'.repeat(32))).toBeUndefined();
    expect(await findPaymentByWebhookToken('bad token!')).toBeUndefined();
  });

  it('remembers a target once it can no longer change: a settled Pix, a boleto with its barcode; never one still creating', async () => {
    const setRow = (id: string, values: Partial<typeof payments.$inferInsert>) => database().db.update(payments).set(values).where(eq(payments.id, id)).run();

    // A Pix whose create is done: the second lookup answers without the database (the row is gone from under it).
    const { payment: pix } = await placeTestOrder('pix');
    expect(await findPaymentByWebhookToken(pix.webhookToken)).toMatchObject({ id: pix.id, createState: 'created' });
    await setRow(pix.id, { amountCents: 1 });
    expect(await findPaymentByWebhookToken(pix.webhookToken)).toMatchObject({ id: pix.id, amountCents: pix.amountCents });
    startProcessContext([paymentProvider.provide(fake)]);
    expect(await findPaymentByWebhookToken(pix.webhookToken)).toMatchObject({ id: pix.id, amountCents: 1 });

    // A boleto without its barcode yet, and a payment still creating: read again every time.
    const { payment: boleto } = await placeTestOrder('boleto');
    expect(await findPaymentByWebhookToken(boleto.webhookToken)).toMatchObject({ hasBarcode: false });
    await setRow(boleto.id, { barcode: barcodeFor({ id: boleto.id, input: { amountCents: boleto.amountCents, dueDate: boleto.dueDate! } }) });
    expect(await findPaymentByWebhookToken(boleto.webhookToken)).toMatchObject({ hasBarcode: true });

    const { payment: creating } = await placeTestOrder('pix');
    await setRow(creating.id, { createState: 'creating', providerId: null });
    expect(await findPaymentByWebhookToken(creating.webhookToken)).toMatchObject({ createState: 'creating', providerId: null });
    await setRow(creating.id, { createState: 'created', providerId: creating.providerId });
    expect(await findPaymentByWebhookToken(creating.webhookToken)).toMatchObject({ createState: 'created', providerId: creating.providerId });
  });

  describe('rate limit', () => {
    afterEach(() => {
      delete process.env.RATE_LIMIT_WEBHOOK_PER_MIN;
      startProcessContext([paymentProvider.provide(fake)]);
    });
    it('429 with Retry-After beyond the per-token limit', async () => {
      process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '3';
      startProcessContext([paymentProvider.provide(fake)]);
      const { payment } = await placeTestOrder('pix');
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const r = await post(payment.webhookToken, '{}');
        statuses.push(r.status);
        if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const rows = await deliveriesOfToken(tokenHash(payment.webhookToken));
      // one 429 row a minute per token: a flood cannot grow the delivery log without bound
      expect(rows.map((d) => `${d.outcome}:${d.httpStatus}`)).toEqual(['no_change:200', 'no_change:200', 'no_change:200', 'rejected:429']);
    });

    it('a flood of random unknown tokens from one IP is cut off per IP and stops writing rows', async () => {
      process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '3';
      startProcessContext([paymentProvider.provide(fake)]);
      const tokens = Array.from({ length: 5 }, (_, i) => `unknown-token-${i}-${'x'.repeat(30)}`);
      const statuses = [];
      for (const t of tokens) statuses.push((await post(t, '{}', { 'x-forwarded-for': '203.0.113.9' })).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const recorded = (await Promise.all(tokens.map((t) => deliveriesOfToken(tokenHash(t))))).flat();
      expect(recorded).toHaveLength(3);
      // another IP still gets its plain 404
      expect((await post(tokens[4], '{}', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(404);
    });

    it('rotating a spoofed X-Forwarded-For hop does not buy a new unknown-token budget', async () => {
      process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '3';
      startProcessContext([paymentProvider.provide(fake)]);
      const statuses = [];
      // The client writes the left hops; the right-most is what the trusted side saw (TRUSTED_PROXY_HOPS=0, no socket stamp in tests).
      for (let i = 0; i < 20; i++) {
        const spoofed = { 'x-forwarded-for': `198.18.${i}.1, 203.0.113.77` };
        statuses.push((await post(`spoof-token-${i}-${'z'.repeat(30)}`, '{}', spoofed)).status);
      }
      expect(statuses.filter((s) => s === 404)).toHaveLength(3);
      expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    });
  });
});

describe('parseWebhookBody / boletoExtrasFromBody / verifyWebhookSignature', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('reads the sandbox shape, other names, and unwrapped resources', () => {
    expect(parseWebhookBody(enc('{"id":"e1","type":"ChargePaid","data":{"id":"c1"}}'))).toEqual({ eventId: 'e1', eventType: 'ChargePaid', data: { id: 'c1' } });
    expect(parseWebhookBody(enc('{"event_id":"e2","event":"QRCodeCompleted","status":"completed"}'))).toMatchObject({ eventId: 'e2', eventType: 'QRCodeCompleted', data: { status: 'completed' } });
    expect(parseWebhookBody(enc('{"event_name":"x"}')).eventType).toBe('x');
    expect(parseWebhookBody(enc('nope'))).toEqual({});
  });

  it('accepts a consistent barcode + line, refuses a mismatch', () => {
    const a = barcodeFor({ id: 'a', input: { amountCents: 5000, dueDate: '2030-05-05' } });
    const b = barcodeFor({ id: 'b', input: { amountCents: 5000, dueDate: '2030-05-05' } });
    expect(boletoExtrasFromBody({ barcode: a, digitable_line: barcodeToDigitableLine(a) }, 5000)).toEqual({ barcode: a, digitableLine: barcodeToDigitableLine(a) });
    expect(boletoExtrasFromBody({ barcode: a, digitable_line: barcodeToDigitableLine(b) }, 5000)).toEqual({});
    expect(boletoExtrasFromBody({ barcode: 12345 }, 5000)).toEqual({});
    expect(boletoExtrasFromBody(undefined, 5000)).toEqual({});
  });

  it('signature verdicts', () => {
    const body = enc('{"a":1}');
    const ts = '1700000000';
    const sig = signWebhook('k-123456789', ts, body);
    const at = 1_700_000_000_000;
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig, timestamp: ts, rawBody: body, nowMs: at })).toBe('valid');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig.toUpperCase(), timestamp: ts, rawBody: body, nowMs: at })).toBe('valid');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: `v0=bad, sha256=${sig}`, timestamp: ts, rawBody: body, nowMs: at })).toBe('valid');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig.slice(0, 63), timestamp: ts, rawBody: body, nowMs: at })).toBe('invalid');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig, timestamp: ts, rawBody: body, nowMs: at + 301_000 })).toBe('stale');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig, timestamp: ts, rawBody: body, nowMs: at + 300_000 })).toBe('valid');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: null, timestamp: null, rawBody: body })).toBe('absent');
    expect(verifyWebhookSignature({ key: 'k-123456789', signature: sig, timestamp: '17e8', rawBody: body, nowMs: at })).toBe('invalid');
  });
});

describe('reconciliation after a lost webhook', () => {
  it('heals an order whose webhook never came', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    await reconcileAll();
    expect((await orderById(order.id))!.status).toBe('paid');
  });
});
