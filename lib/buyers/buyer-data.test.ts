import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { randomUUID } from 'node:crypto';
import { activityLog, apiIdempotency, apiKeys, caughtEmails, checkoutSessions, orders, outboundDeliveries, outboundEvents, webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { reconcileAll } from '@/lib/payments/reconcile';
import { placeOrder } from '@/lib/checkout/place-order';
import { overviewStats } from '@/lib/orders/overview';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { clearOrders, eventsOf, orderById, prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { checkoutInput, rowsByToken } from '@/test/payments/place';
import { anonymiseBuyer, buyerDataExport, buyerSummary, isAnonymised } from './buyer-data';
import type { BuyerQuery } from './query';

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  await clearOrders();
  await database().db.delete(caughtEmails);
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
});
afterAll(() => startProcessContext());

const DONO = { id: 1, email: 'dono@loja.com' };
const MARIA: BuyerQuery = { kind: 'document', document: '52998224725' };
const JOAO = { name: 'João Pereira', document: '11144477735', email: 'joao@example.com' };

async function place(method: 'pix' | 'boleto', buyer?: typeof JOAO) {
  const input = checkoutInput(method, await productIdBySlug('cafe-especial-250g'));
  // Maria left her WhatsApp (typed with the country code); João did not.
  const result = await placeOrder(buyer ? { ...input, buyer } : { ...input, buyer: { ...input.buyer, phone: '+55 (11) 98765-4321' } });
  if (!result.ok) throw new Error(result.error);
  return rowsByToken(result.orderToken);
}

describe("buyers' data rights", () => {
  it('exports everything about one buyer, then anonymises it with the money, reconciliation and revenue unchanged', async () => {
    const pix = await place('pix');
    const boleto = await place('boleto');
    const other = await place('pix', JOAO);
    for (const o of [pix, boleto, other]) fake.pay(o.payment.providerId!);
    await reconcileAll();
    // Copies of the buyer's data outside the order row: a logged webhook body and a caught e-mail.
    await database().db.insert(webhookDeliveries).values({
      paymentId: pix.payment.id,
      tokenHash: 'abc',
      signature: 'valid',
      outcome: 'applied',
      httpStatus: 200,
      body: JSON.stringify({ data: { id: pix.payment.providerId, payer: { name: 'Maria da Silva', document: '52998224725' }, note: 'WhatsApp (11) 98765-4321' } }),
    });
    await database().db.insert(caughtEmails).values({ orderId: pix.order.id, fromAddress: 'loja@x', toAddress: 'maria@example.com', subject: 'Pago', html: '<p>Maria da Silva</p>', text: 'Maria da Silva' });

    const exported = await buyerDataExport(MARIA, new Date('2026-11-26T12:00:00Z'));
    expect(exported.orders.map((o) => o.id).sort()).toEqual([pix.order.id, boleto.order.id].sort());
    const first = exported.orders.find((o) => o.id === boleto.order.id)!;
    expect(first.buyer).toEqual({ name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com', phone: '11987654321' });
    expect(first.billing_address).toMatchObject({ street: 'Avenida Paulista', number: '1000', state: 'SP' });
    expect(first.items).toEqual([{ name: expect.any(String), quantity: 1, unit_price: 3990, total: 3990 }]);
    expect(first.amounts.total).toBe(boleto.order.totalCents);
    expect(first.payments[0]).toMatchObject({ provider_id: boleto.payment.providerId, status: 'paid' });
    // By e-mail, the same buyer.
    expect((await buyerDataExport({ kind: 'email', email: 'maria@example.com' })).orders).toHaveLength(2);

    await database().db.update(orders).set({ originSource: 'instagram', originFbclid: 'IwAR1', originGclid: 'Cj0K' }).where(eq(orders.id, pix.order.id));
    const before = await overviewStats();
    const result = await anonymiseBuyer(MARIA, DONO, { ip: '203.0.113.9' });
    expect(result).toEqual({ ok: true, orders: 2 });

    for (const o of [pix, boleto]) {
      const row = (await orderById(o.order.id))!;
      expect(isAnonymised(row)).toBe(true);
      expect(row).toMatchObject({ buyerName: 'Comprador anonimizado', buyerDocument: '', buyerPhone: null, addressStreet: null, deliveryStreet: null, deliveryZip: null });
      expect(row).toMatchObject({ originFbclid: null, originGclid: null });
      expect(row).toMatchObject({ totalCents: o.order.totalCents, itemsCents: o.order.itemsCents, status: 'paid', paidAt: expect.any(String), number: o.order.number });
      const events = await eventsOf(o.payment.id);
      expect(events.filter((e) => e.type === 'buyer_anonymised')).toEqual([expect.objectContaining({ source: 'merchant', detail: JSON.stringify({ actor: 'dono@loja.com' }) })]);
    }
    const [hook] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.paymentId, pix.payment.id));
    expect(hook.body).not.toContain('Maria');
    expect(hook.body).not.toContain('52998224725');
    expect(hook.body).not.toContain('98765');
    expect(hook.body).toContain(pix.payment.providerId!);
    expect(await database().db.select().from(caughtEmails)).toEqual([]);
    // The activity log says who, from where and which orders, never the buyer.
    const [entry] = await database().db.select().from(activityLog).where(eq(activityLog.action, 'anonymisation'));
    expect(entry).toMatchObject({ actorEmail: 'dono@loja.com', ip: '203.0.113.9', summary: 'Anonimizou o comprador de 2 pedidos' });
    expect(entry.target).toContain(`#${pix.order.number}`);
    expect(JSON.stringify(entry)).not.toMatch(/Maria|52998224725|maria@/);
    // The other buyer is untouched.
    expect((await orderById(other.order.id))!.buyerName).toBe('João Pereira');
    expect((await orderById(other.order.id))!.buyerPhone).toBeNull();

    // Nothing to find any more; the money is the same and the provider agrees with every order.
    expect((await buyerDataExport(MARIA)).orders).toEqual([]);
    const after = await overviewStats();
    expect(after).toEqual(before);
    expect(await reconcileAll()).toMatchObject({ changed: 0 });
    expect(await anonymiseBuyer(MARIA, DONO, { ip: '203.0.113.9' })).toEqual({ ok: false, error: 'Nenhum pedido encontrado para este comprador.' });
  });

  it('is refused while one of the buyer’s orders awaits payment, and changes nothing', async () => {
    const paid = await place('pix');
    fake.pay(paid.payment.providerId!);
    await reconcileAll();
    const open = await place('boleto');
    expect(await buyerSummary(MARIA)).toMatchObject({ hasPending: true });
    const refused = await anonymiseBuyer(MARIA, DONO, { ip: '203.0.113.9' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toContain(`#${open.order.number}`);
    expect((await orderById(paid.order.id))!.buyerName).toBe('Maria da Silva');
    const names = await database().db.select({ n: orders.buyerName }).from(orders);
    expect(names.every((r) => r.n === 'Maria da Silva')).toBe(true);
  });

  it("also scrubs the shop's outbound webhook bodies, the API sessions' customer prefill and stored idempotent answers", async () => {
    const { db } = database();
    const pix = await place('pix');
    fake.pay(pix.payment.providerId!);
    await reconcileAll();
    const other = await place('pix', JOAO);
    const keyId = randomUUID();
    await db.insert(apiKeys).values({ id: keyId, name: 'Loja', mode: 'test', keyHash: randomUUID(), hint: 'abcd' });
    const endpointId = randomUUID();
    await db.insert(webhookEndpoints).values({ id: endpointId, url: 'https://loja.example/hooks', events: 'order.paid', secret: 'whsec_x' });
    const apiOrder = (o: typeof pix.order, name: string, doc: string, email: string) =>
      JSON.stringify({ id: 'evt', data: { order: { id: o.id, customer: { name, document: doc, email, phone: '+5511987654321' } } } });
    // An order.paid already fanned out to the merchant's endpoint, with the buyer inside.
    for (const [o, body] of [
      [pix.order, apiOrder(pix.order, 'Maria da Silva', '52998224725', 'maria@example.com')],
      [other.order, apiOrder(other.order, 'João Pereira', '11144477735', 'joao@example.com')],
    ] as const) {
      const eventId = `evt_${randomUUID()}`;
      await db.insert(outboundEvents).values({ id: eventId, type: 'order.paid', orderId: o.id, dedupeKey: `order.paid:${o.id}:${eventId}` });
      await db.insert(outboundDeliveries).values({ eventId, endpointId, body, nextAttemptAt: new Date().toISOString() });
    }
    // The session the order came from, and another never paid, prefilled with her data (the document typed with punctuation).
    const session = (id: string, customer: object, orderId: string | null) => ({
      id,
      apiKeyId: keyId,
      lines: '[]',
      amountTotalCents: 3990,
      customer: JSON.stringify(customer),
      successUrl: 'https://loja.example/ok',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      orderId,
    });
    await db.insert(checkoutSessions).values([
      session('cs_paga', { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' }, pix.order.id),
      session('cs_aberta', { name: 'Maria S.', document: '529.982.247-25', phone: '11987654321' }, null),
      session('cs_joao', { name: 'João Pereira', email: 'joao@example.com' }, null),
    ]);
    // A refund's stored answer (replayed for 24 hours) holds the order.
    await db.insert(apiIdempotency).values({ apiKeyId: keyId, key: 'reembolso-1', requestHash: 'x', statusCode: 201, responseBody: JSON.stringify({ order: JSON.parse(apiOrder(pix.order, 'Maria da Silva', '52998224725', 'maria@example.com')).data.order }) });

    expect(await anonymiseBuyer(MARIA, DONO)).toEqual({ ok: true, orders: 1 });

    const bodies = await db.select({ body: outboundDeliveries.body, orderId: outboundEvents.orderId }).from(outboundDeliveries).innerJoin(outboundEvents, eq(outboundEvents.id, outboundDeliveries.eventId));
    const hers = bodies.find((b) => b.orderId === pix.order.id)!.body;
    expect(hers).not.toMatch(/Maria|52998224725|maria@example|98765/);
    expect(hers).toContain(pix.order.id);
    expect(bodies.find((b) => b.orderId === other.order.id)!.body).toContain('João Pereira');
    const sessions = Object.fromEntries((await db.select().from(checkoutSessions)).map((r) => [r.id, r.customer]));
    expect(sessions.cs_paga).toBe('{}');
    expect(sessions.cs_aberta).toBe('{}');
    expect(sessions.cs_joao).toContain('João Pereira');
    const [reply] = await db.select().from(apiIdempotency).where(eq(apiIdempotency.key, 'reembolso-1'));
    expect(reply.responseBody).not.toMatch(/Maria|52998224725|maria@example|98765/);
    expect(JSON.parse(reply.responseBody)).toMatchObject({ order: { id: pix.order.id } });
    // Leave nothing that references the orders clearOrders() deletes.
    await db.delete(checkoutSessions);
    await db.delete(outboundDeliveries);
    await db.delete(outboundEvents);
    await db.delete(webhookEndpoints);
    await db.delete(apiKeys).where(eq(apiKeys.id, keyId));
  });
});

