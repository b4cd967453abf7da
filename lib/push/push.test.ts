/**
 * Web Push to the merchant's devices: the payload says no personal data, the body decrypts by
 * RFC 8291 on the device's side, a gone device (410) is removed, two processes paying and
 * sending at once push once per device, and the route's rules for a subscription.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders, pushMessages, pushPreferences, pushSubscriptions, users } from '@/db/schema';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import type { Observation } from '@/lib/payments/observation';
import { startProcessContext } from '@/lib/process/context';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { newDevice, startPushReceiver } from '@/test/push/receiver';
import { raceWorkers } from '@/test/worker-process';
import { orderPush } from './payload';
import { recordTestPush } from './record';
import { runPushSenderOnce } from './sender';
import { endpointAllowed, MAX_DEVICES, removeDevice, subscribeDevice } from './subscriptions';

const paid: Observation = { method: 'pix', providerStatus: 'completed', observed: chargeStateOf('pix', 'completed'), artifacts: {} };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let userId: number;

async function newUser(): Promise<number> {
  const [u] = await database().db.insert(users).values({ email: `dona-${randomUUID()}@loja.com.br`, name: 'Dona', passwordHash: 'x' }).returning();
  return u.id;
}

async function subscribed(who = userId) {
  const device = newDevice(`${receiver.origin}/push/${randomUUID()}`);
  const r = await subscribeDevice(who, device.json, ANDROID);
  if (!r.ok) throw new Error(r.error);
  return { ...device, id: r.id };
}

const pushesTo = (endpoint: string) => receiver.received.filter((p) => endpoint.endsWith(p.path));

beforeAll(async () => {
  receiver = await startPushReceiver();
  process.env.WEBHOOK_ALLOWED_ORIGINS = receiver.origin;
  startProcessContext();
  await prepareDatabase();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.state.status = 201;
  receiver.state.delayMs = 0;
  await database().db.delete(pushSubscriptions);
  userId = await newUser();
});

describe('the payload', () => {
  it('says the money, the method and the number, opens the order, and names no buyer', () => {
    const p = orderPush('new_sale', { orderId: 'o-1', label: '#1001', totalCents: 5480, method: 'pix' }, 'Café do Sítio');
    expect(p.title.replace(/\u00a0/g, ' ')).toBe('Nova venda: R$ 54,80 · Pix · #1001');
    expect(p.url).toBe('/dashboard/orders/o-1');
  });

  it('an order paid: the encrypted body decrypts on the device to "Nova venda" without the buyer\'s name, e-mail nor CPF', async () => {
    const device = await subscribed();
    const { order, payment } = await insertOrderWithPayment({ totalCents: 5480, buyerName: 'Maria Aparecida', buyerEmail: 'maria@example.com' });
    await database().db.update(orders).set({ number: 1001 }).where(eq(orders.id, order.id));
    await applyObservation(payment.id, paid, 'webhook');
    await applyObservation(payment.id, paid, 'reconcile'); // a duplicate writes nothing more
    await runPushSenderOnce();
    const [push] = pushesTo(device.json.endpoint);
    expect(pushesTo(device.json.endpoint)).toHaveLength(1);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const raw = push.body.toString('latin1');
    expect(raw).not.toContain('Nova venda');
    const text = device.decrypt(push.body);
    const payload = JSON.parse(text) as { title: string; url: string };
    expect(payload.title.replace(/\u00a0/g, ' ')).toBe('Nova venda: R$ 54,80 · Pix · #1001');
    expect(payload.url).toBe(`/dashboard/orders/${order.id}`);
    for (const personal of ['Maria', 'maria@example.com', order.buyerDocument, '529.982.247-25']) expect(text).not.toContain(personal);
  });

  it('goes only to the people who want that kind', async () => {
    const device = await subscribed();
    await database().db.insert(pushPreferences).values({ userId, newSale: false });
    const { payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, paid, 'webhook');
    await runPushSenderOnce();
    expect(pushesTo(device.json.endpoint)).toHaveLength(0);
  });
});

describe('the sender', () => {
  it('a device the push service says is gone (410) is removed, with its pending pushes; a 503 retries later', async () => {
    const gone = await subscribed();
    receiver.state.status = 410;
    expect(await recordTestPush(userId)).toBe(1);
    await runPushSenderOnce();
    expect(await database().db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);
    expect(await database().db.select().from(pushMessages).where(eq(pushMessages.subscriptionId, gone.id))).toEqual([]);

    const slow = await subscribed();
    receiver.state.status = 503;
    await recordTestPush(userId, new Date(Date.now() - 1000)); // another cause than the first test push, due now
    await runPushSenderOnce();
    const [retry] = await database().db.select().from(pushMessages).where(eq(pushMessages.subscriptionId, slow.id));
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503' });
    expect(Date.parse(retry.nextAttemptAt)).toBeGreaterThan(Date.now() + 5_000);
  });

  it('two processes paying the same order and sending at once: one push per device', async () => {
    const a = await subscribed();
    const b = await subscribed(await newUser());
    const { payment } = await insertOrderWithPayment();
    receiver.state.delayMs = 300;
    const answers = await raceWorkers<{ passes?: number; error?: string }>('test/push/pay-and-push-worker.ts', [
      [payment.id, 1500],
      [payment.id, 1500],
    ]);
    expect(answers.every((x) => (x.passes ?? 0) > 0), JSON.stringify(answers)).toBe(true);
    expect(pushesTo(a.json.endpoint)).toHaveLength(1);
    expect(pushesTo(b.json.endpoint)).toHaveLength(1);
    const rows = await database().db.select({ status: pushMessages.status }).from(pushMessages).where(eq(pushMessages.kind, 'new_sale'));
    expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'sent']);
  }, 30_000);
});

describe('subscriptions', () => {
  it('only https endpoints or a listed origin; malformed keys refused', async () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(endpointAllowed('http://push.example.com/abc')).toBe(false);
    expect(endpointAllowed(`${receiver.origin}/x`)).toBe(true);
    expect(endpointAllowed('https://user:pw@push.example.com/abc')).toBe(false);
    const device = newDevice('http://push.example.com/abc');
    expect(await subscribeDevice(userId, device.json, ANDROID)).toMatchObject({ ok: false, status: 400 });
    expect(await subscribeDevice(userId, { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'abc', auth: 'def' } }, ANDROID)).toMatchObject({ ok: false, status: 400 });
  });

  it(`at most ${MAX_DEVICES} devices a person; the same endpoint again is that device; only one's own is removed`, async () => {
    const first = await subscribed();
    for (let i = 1; i < MAX_DEVICES; i++) await subscribed();
    expect(await subscribeDevice(userId, newDevice('https://fcm.googleapis.com/fcm/send/one-more').json, ANDROID)).toMatchObject({ ok: false, status: 409 });
    expect(await subscribeDevice(userId, first.json, ANDROID)).toEqual({ ok: true, id: first.id });
    const [row] = await database().db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, first.id));
    expect(row.label).toBe('Chrome no Android');
    const other = await newUser();
    expect(await removeDevice(other, { id: first.id })).toBe(false);
    expect(await removeDevice(userId, { id: first.id })).toBe(true);
  });
});
