/**
 * The merchant's outbound webhooks: an order paid writes order.paid in its own transaction, the
 * worker delivers it once, signed per Standard Webhooks, verified by the `standardwebhooks`
 * library; a forged or replayed delivery fails verification; a failing endpoint is retried with
 * the same event id and every attempt is logged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { checkoutSessions, outboundAttempts, outboundDeliveries, outboundEvents, payments, webhookEndpoints } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder } from '@/lib/checkout/place-order';
import { reconcileOrder } from '@/lib/payments/reconcile';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { insertApiKey, insertCheckoutSession } from '@/test/checkout/api-session';
import { createEndpoint, listEndpoints, recentAttempts, sendTestDelivery, setEndpointEnabled } from './webhook-endpoints';
import { retryDelayMs, runWebhookWorkerOnce, webhookWorkLeft } from '@/lib/outbound-events/delivery/webhook-worker';

type Received = { headers: Record<string, string>; raw: string };
let received: Received[] = [];
let status = 200;
let receiver: http.Server;
let url = '';
let fake: FakePaymentProvider;
let keyId: string;

beforeAll(async () => {
  await prepareDatabase();
  keyId = await insertApiKey();
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, raw });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  received = [];
  status = 200;
  await database().db.delete(webhookEndpoints);
});
afterEach(() => startProcessContext());
afterAll(() => new Promise((r) => receiver.close(r)));

/** An order placed from a session with metadata, then paid at the provider and read back. */
async function paidSessionOrder(): Promise<{ orderId: string; sessionId: string }> {
  const sessionId = await insertCheckoutSession(keyId, undefined, { metadata: JSON.stringify({ pedido_loja: '77' }) });
  const placed = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', session: { id: sessionId }, buyer: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' } });
  if (!placed.ok) throw new Error(placed.error);
  const [s] = await database().db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  const [p] = await database().db.select().from(payments).where(eq(payments.orderId, s.orderId!));
  fake.activate(p.providerId!);
  fake.pay(p.providerId!);
  await reconcileOrder(s.orderId!);
  return { orderId: s.orderId!, sessionId };
}

describe('order.paid to a merchant endpoint', () => {
  it('is written once with the payment, delivered once, signed and verifiable; forged or replayed deliveries fail', async () => {
    const { secret, id: endpointId } = await createEndpoint(url, ['order.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const { orderId, sessionId } = await paidSessionOrder();
    await reconcileOrder(orderId); // a duplicate read changes nothing
    const events = await database().db.select().from(outboundEvents).where(eq(outboundEvents.orderId, orderId));
    expect(events.map((e) => e.type)).toEqual(['order.paid']);

    await runWebhookWorkerOnce();
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(1);
    const [{ headers, raw }] = received;
    const payload = new Webhook(secret).verify(raw, headers) as { id: string; type: string; data: { order: { id: string; status: string; total: number }; checkout_session_id: string; metadata: Record<string, string> } };
    expect(payload).toMatchObject({ id: events[0].id, type: 'order.paid', data: { order: { id: orderId, status: 'paid', total: 4990 }, checkout_session_id: sessionId, metadata: { pedido_loja: '77' } } });
    expect(headers['webhook-id']).toBe(events[0].id);

    // Forged: another body under the same signature; or signed with another secret.
    expect(() => new Webhook(secret).verify(raw.replace('4990', '1'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.from('outro segredo qualquer!!').toString('base64')}`).verify(raw, headers)).toThrow();
    // Replayed: the same signed delivery presented again later than the tolerance (5 minutes).
    const old = new Date(Date.now() - 10 * 60_000);
    const replay = { 'webhook-id': events[0].id, 'webhook-timestamp': String(Math.floor(old.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(events[0].id, old, raw) };
    expect(() => new Webhook(secret).verify(raw, replay)).toThrow(/too old/i);

    const log = (await recentAttempts([endpointId])).get(endpointId)!;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ statusCode: 200, error: null, status: 'delivered', type: 'order.paid' });
  });

  it('a failing endpoint is retried later with the same event id; a disabled one gets nothing; "Enviar teste" sends one', async () => {
    const { id: endpointId } = await createEndpoint(url, ['order.paid', 'order.refunded']);
    status = 500;
    const { orderId } = await paidSessionOrder();
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(1);
    const [delivery] = await database().db.select().from(outboundDeliveries).where(eq(outboundDeliveries.endpointId, endpointId));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(retryDelayMs(1) - 2_000);
    await runWebhookWorkerOnce(); // not due yet
    expect(received).toHaveLength(1);
    status = 200;
    await runWebhookWorkerOnce({ now: () => Date.now() + retryDelayMs(1) + 1_000 });
    expect(received).toHaveLength(2);
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id']);
    expect(received[1].raw).toBe(received[0].raw);
    expect(JSON.parse(received[1].raw).data.order.id).toBe(orderId);

    expect(await setEndpointEnabled(endpointId, false)).toBe(true);
    expect(await sendTestDelivery(endpointId)).toBe(true);
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(2);
    await setEndpointEnabled(endpointId, true);
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2].raw)).toMatchObject({ type: 'order.paid', data: { order: { id: 'ord_test' }, metadata: { test: 'true' } } });
    expect((await listEndpoints())[0]).toMatchObject({ id: endpointId, enabled: true, events: ['order.paid', 'order.refunded'] });
    expect(JSON.stringify(await listEndpoints())).not.toContain('whsec_');
  });

  it('order.expired is written with the expiry and delivered to an endpoint subscribed to it; order.paid is not sent there', async () => {
    const { secret } = await createEndpoint(url, ['order.expired']);
    const sessionId = await insertCheckoutSession(keyId);
    const placed = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', session: { id: sessionId }, buyer: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com' } });
    expect(placed.ok).toBe(true);
    const [s] = await database().db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    const [p] = await database().db.select().from(payments).where(eq(payments.orderId, s.orderId!));
    fake.activate(p.providerId!);
    fake.expire(p.providerId!);
    await reconcileOrder(s.orderId!);
    const events = await database().db.select().from(outboundEvents).where(eq(outboundEvents.orderId, s.orderId!));
    expect(events.map((e) => e.type)).toEqual(['order.expired']);
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(1);
    expect(new Webhook(secret).verify(received[0].raw, received[0].headers)).toMatchObject({ type: 'order.expired', data: { order: { id: s.orderId, status: 'expired' } } });
  });

  it('the work left counts what the pass would send: not a disabled endpoint\'s deliveries', async () => {
    const { id: endpointId } = await createEndpoint(url, ['order.paid']);
    status = 500;
    await paidSessionOrder();
    await runWebhookWorkerOnce();
    expect(received).toHaveLength(1);
    const later = new Date(Date.now() + retryDelayMs(1) + 1_000).toISOString();
    expect(await webhookWorkLeft(later)).toBe(1);
    await setEndpointEnabled(endpointId, false);
    // The pass sends nothing to it, so the cron must not report it as work left.
    await runWebhookWorkerOnce({ now: () => Date.parse(later) });
    expect(received).toHaveLength(1);
    expect(await webhookWorkLeft(later)).toBe(0);
  });

  it('backs off exponentially up to 12 hours between attempts', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([10_000, 40_000, 160_000]);
    expect(retryDelayMs(20)).toBe(12 * 3600 * 1000);
  });
});

describe('the cron route delivers them where no process stays up (Vercel)', () => {
  it('one authorized cron call reconciles and delivers the order.paid; an unauthorized one delivers nothing', async () => {
    const cron = await import('@/app/api/cron/jobs/route');
    process.env.CRON_SECRET = 'cron-secret-0123456789';
    startProcessContext([paymentProvider.provide(fake)]); // env() is read afresh in a new context
    await createEndpoint(url, ['order.paid']);
    const { orderId } = await paidSessionOrder();
    const call = (authorization: string) => cron.GET(new Request('http://localhost/api/cron/jobs', { headers: { authorization } }));
    expect((await call('Bearer wrong')).status).toBe(401);
    expect(received).toHaveLength(0);
    expect((await call('Bearer cron-secret-0123456789')).status).toBe(200);
    expect(received.map((r) => JSON.parse(r.raw))).toEqual([expect.objectContaining({ type: 'order.paid', data: expect.objectContaining({ order: expect.objectContaining({ id: orderId }) }) })]);
    delete process.env.CRON_SECRET;
  });
});

describe('"Adicionar endpoint" in production', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['NODE_ENV', 'SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET', 'WEBHOOK_ALLOWED_ORIGINS']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    startProcessContext();
  });

  it('the delivery log says "destino recusado" alike for a private address and a closed port: it does not map the network', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const privateOne = await createEndpoint('http://10.0.0.9:8080/hooks', ['order.paid']);
    const closed = await createEndpoint(`http://127.0.0.1:${closedPort}/hooks`, ['order.paid']);
    expect(await sendTestDelivery(privateOne.id)).toBe(true);
    expect(await sendTestDelivery(closed.id)).toBe(true);
    // Loopback allowed, as in development: the closed port is really connected to, and refused.
    await runWebhookWorkerOnce({ policy: { allowedOrigins: [], allowLoopback: true } });
    const errors = await database()
      .db.select({ endpointId: outboundDeliveries.endpointId, error: outboundAttempts.error, statusCode: outboundAttempts.statusCode })
      .from(outboundAttempts)
      .innerJoin(outboundDeliveries, eq(outboundDeliveries.id, outboundAttempts.deliveryId))
      .where(inArray(outboundDeliveries.endpointId, [privateOne.id, closed.id]));
    expect(errors.sort((a, b) => (a.endpointId === privateOne.id ? -1 : b.endpointId === privateOne.id ? 1 : 0))).toEqual([
      { endpointId: privateOne.id, error: 'destino recusado', statusCode: null },
      { endpointId: closed.id, error: 'destino recusado', statusCode: null },
    ]);
  });

  it('wants https, except an origin listed in WEBHOOK_ALLOWED_ORIGINS', async () => {
    const { endpointFormSchema } = await import('./webhook-endpoints');
    Object.assign(process.env, { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: 'sk_demo_0123456789abcdefghijklmnop', AUTH_SECRET: 'x'.repeat(32), WEBHOOK_ALLOWED_ORIGINS: 'http://10.0.0.5:8080' });
    startProcessContext();
    const events = ['order.paid'];
    expect(endpointFormSchema.safeParse({ url: 'http://loja.example/hooks', events }).success).toBe(false);
    expect(endpointFormSchema.safeParse({ url: 'https://loja.example/hooks', events }).success).toBe(true);
    expect(endpointFormSchema.safeParse({ url: 'http://10.0.0.5:8080/hooks', events }).success).toBe(true);
    expect(endpointFormSchema.safeParse({ url: 'https://loja.example/hooks', events: [] }).success).toBe(false);
  });
});

describe('who adds, disables and enables an endpoint', () => {
  it('is recorded on the endpoint and in the activity log, which names only the origin (the path may hold a secret token)', async () => {
    const { activityLog, users } = await import('@/db/schema');
    const [u] = await database().db.insert(users).values({ email: `gerente-${randomUUID()}@loja.com.br`, name: 'Gerente', passwordHash: 'x' }).returning();
    const actor = { id: u.id, email: u.email };
    const { id } = await createEndpoint('https://receptor.example/hooks?token=segredo123', ['order.paid'], { actor, ip: '203.0.113.8' });
    expect((await listEndpoints())[0]).toMatchObject({ id, createdBy: u.id, createdByEmail: u.email });
    expect(await setEndpointEnabled(id, false, { actor })).toBe(true);
    expect(await setEndpointEnabled(id, false, { actor })).toBe(true); // no change, nothing logged
    expect(await setEndpointEnabled(id, true, { actor })).toBe(true);
    const log = await database().db.select().from(activityLog).where(eq(activityLog.target, id));
    expect(log.map((r) => [r.action, r.actorEmail, r.summary])).toEqual([
      ['integrations', u.email, 'Adicionou o endpoint de webhook https://receptor.example'],
      ['integrations', u.email, 'Desativou o endpoint de webhook https://receptor.example'],
      ['integrations', u.email, 'Ativou o endpoint de webhook https://receptor.example'],
    ]);
    expect(JSON.stringify(log)).not.toContain('segredo123');
  });
});
