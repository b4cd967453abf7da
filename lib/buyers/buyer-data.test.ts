import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { activityLog, caughtEmails, orders, webhookDeliveries } from '@/db/schema';
import { api } from '@/lib/payments/api';
import { reconcileAll } from '@/lib/payments/reconcile';
import { placeOrder } from '@/lib/checkout/place-order';
import { overviewStats } from '@/lib/dashboard/overview';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentApi } from '@/test/payments/fake-payment-api';
import { clearOrders, eventsOf, orderById, prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { checkoutInput, rowsByToken } from '@/test/payments/place';
import { anonymiseBuyer, buyerDataExport, buyerSummary, isAnonymised } from './buyer-data';
import type { BuyerQuery } from './query';

let fake: FakePaymentApi;
beforeAll(prepareDatabase);
beforeEach(async () => {
  await clearOrders();
  await database().db.delete(caughtEmails);
  fake = new FakePaymentApi();
  startProcessContext([api.provide(fake)]);
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
});
