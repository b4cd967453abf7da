/**
 * The after-pass: a request that writes outbox rows gets one delivery pass for exactly those
 * rows once its work is done, and that pass, the in-process workers and the cron's senders in
 * another process, all racing, send every e-mail and every webhook once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { caughtEmails, emailOutbox, orderItems, outboundDeliveries, outboundEvents, webhookEndpoints } from '@/db/schema';
import { createEndpoint } from '@/lib/outbound-events/webhook-endpoints';
import { startWebhookWorker, stopWebhookWorker } from '@/lib/outbound-events/delivery/webhook-worker';
import { enqueueEmail } from '@/lib/email/outbox';
import { startOutboxWorker, stopOutboxWorker } from '@/lib/email/worker';
import { recordOrderEvent } from '@/lib/outbound-events/record';
import { applyObservation } from '@/lib/payments/apply';
import { startProcessContext } from '@/lib/process/context';
import { afterPassProvision } from '@/lib/jobs/after-pass-deliverers';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { afterPassDeliverers, afterPassScheduler, withAfterPass } from './after-pass';

/** Passes handed to after() are kept here instead, to run when the test says. */
let passes: (() => Promise<void>)[] = [];
const keepPasses = afterPassScheduler.provide((pass) => void passes.push(pass));

let received: string[] = [];
let receiver: http.Server;
let hookUrl = '';

beforeAll(async () => {
  await prepareDatabase();
  receiver = http.createServer((req, res) => {
    received.push(String(req.headers['webhook-id']));
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  startProcessContext();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  passes = [];
  received = [];
  const { db } = database();
  await db.delete(caughtEmails);
  await db.delete(emailOutbox);
  await db.delete(outboundDeliveries);
  await db.delete(outboundEvents);
  await db.delete(webhookEndpoints);
});

describe('withAfterPass', () => {
  it('schedules one pass for exactly the rows the request wrote; nothing without rows; nested calls join the outer one', async () => {
    const seen: { email: string[][]; webhook: string[][] } = { email: [], webhook: [] };
    startProcessContext([keepPasses, afterPassDeliverers.provide({ email: async (k) => void seen.email.push(k), webhook: async (k) => void seen.webhook.push(k) })]);
    const { order } = await insertOrderWithPayment();
    const other = await insertOrderWithPayment();
    // Another request's rows, written outside any scope: not this request's pass.
    await database().transaction(function* (tx) {
      yield* enqueueEmail(tx, { key: `email:${other.order.id}:paid`, orderId: other.order.id, kind: 'paid' });
    });
    expect(passes).toHaveLength(0);

    await withAfterPass(async () => {
      await database().transaction(function* (tx) {
        yield* enqueueEmail(tx, { key: `email:${order.id}:paid`, orderId: order.id, kind: 'paid' });
        yield* recordOrderEvent(tx, order.id, 'order.paid');
      });
      await withAfterPass(async () => {
        await database().transaction(function* (tx) {
          yield* enqueueEmail(tx, { key: `email:${order.id}:refunded`, orderId: order.id, kind: 'refunded' });
        });
      });
      expect(passes).toHaveLength(0); // not before the request's work is done
    });
    expect(passes).toHaveLength(1);
    await passes[0]();
    expect(seen.email).toEqual([[`email:${order.id}:paid`, `email:${order.id}:refunded`]]);
    expect(seen.webhook).toEqual([[`order.paid:${order.id}`]]);

    await withAfterPass(async () => database().db.select().from(emailOutbox));
    expect(passes).toHaveLength(1);
  });

  it('a request that throws still delivers what it committed', async () => {
    const seen: string[][] = [];
    startProcessContext([keepPasses, afterPassDeliverers.provide({ email: async (k) => void seen.push(k), webhook: async () => undefined })]);
    const { order } = await insertOrderWithPayment();
    await expect(
      withAfterPass(async () => {
        await database().transaction(function* (tx) {
          yield* enqueueEmail(tx, { key: `email:${order.id}:paid`, orderId: order.id, kind: 'paid' });
        });
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    await Promise.all(passes.map((p) => p()));
    expect(seen).toEqual([[`email:${order.id}:paid`]]);
  });

  it('the real senders: the pass sends the paid e-mail and order.paid of its order only', async () => {
    startProcessContext([keepPasses, afterPassProvision()]);
    await createEndpoint(hookUrl, ['order.paid']);
    const mine = await paidOrder();
    const notMine = await insertOrderWithPayment();
    await database().transaction(function* (tx) {
      yield* enqueueEmail(tx, { key: `email:${notMine.order.id}:paid`, orderId: notMine.order.id, kind: 'paid' });
      yield* recordOrderEvent(tx, notMine.order.id, 'order.paid');
    });
    await Promise.all(passes.map((p) => p()));
    const sent = await database().db.select({ key: emailOutbox.dedupeKey, status: emailOutbox.status }).from(emailOutbox);
    expect(sent.filter((r) => r.status === 'sent').map((r) => r.key)).toEqual([`email:${mine}:paid`]);
    expect(sent.find((r) => r.key === `email:${notMine.order.id}:paid`)!.status).toBe('pending');
    const [event] = await database().db.select().from(outboundEvents).where(eq(outboundEvents.orderId, mine));
    expect(received).toEqual([event.id]);
  });
});

/** An order paid through the one writer inside a request: its paid e-mail, alert and order.paid are noted. */
async function paidOrder(): Promise<string> {
  const { order, payment } = await insertOrderWithPayment({ method: 'pix', totalCents: 3990 });
  await database().db.insert(orderItems).values({ orderId: order.id, productId: 1, name: 'Café especial 250 g', unitPriceCents: 3990, quantity: 1, lineTotalCents: 3990 });
  await withAfterPass(() => applyObservation(payment.id, { method: 'pix', providerStatus: 'completed', observed: 'paid', artifacts: {}, paidAt: new Date().toISOString() }, 'webhook'));
  return order.id;
}

describe('after-pass, in-process workers and the cron racing', () => {
  it('2 processes: every e-mail and every webhook is sent once', async () => {
    startProcessContext([keepPasses, afterPassProvision()]);
    await createEndpoint(hookUrl, ['order.paid']);
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) orders.push(await paidOrder());
    expect(passes).toHaveLength(8);

    // This process: the requests' after-passes and its interval workers (e-mail into the
    // catcher: the sandbox is on in tests); another process: the cron's senders, in a loop.
    startOutboxWorker({ intervalMs: 5 });
    startWebhookWorker(5);
    const [other] = await Promise.all([raceWorkers<{ passes: number }>('test/jobs/sender-worker.ts', [[1500]]), ...passes.map((p) => p())]);
    await stopOutboxWorker();
    await stopWebhookWorker();
    expect(other[0].passes).toBeGreaterThan(0);

    const caught = await database().db.select({ key: emailOutbox.dedupeKey, n: sql<number>`count(${caughtEmails.id})` }).from(emailOutbox).leftJoin(caughtEmails, eq(caughtEmails.outboxId, emailOutbox.id)).groupBy(emailOutbox.id);
    expect(caught).toHaveLength(8); // the paid e-mail of each order (no merchant user: no new-sale alert)
    expect(caught.every((r) => Number(r.n) === 1)).toBe(true);
    const events = await database().db.select({ id: outboundEvents.id }).from(outboundEvents);
    expect(events).toHaveLength(8);
    expect(received.sort()).toEqual(events.map((e) => e.id).sort());
  }, 30_000);
});
