import { describe, expect, it } from 'vitest';
import { statusLabel } from '@/lib/orders/status-labels';
import { cancelOrderPayment, MESSAGES, refundOrderPayment, REFUND_LOCK_STALE_MS } from './merchant-actions';
import { reconcileAll } from './reconcile';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { eventsOf, orderById, paymentById } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { database } from '@/db';
import { paymentEvents } from '@/db/schema';
import { eq } from 'drizzle-orm';

const ACTOR = 'demo@balcao.dev';
let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));

async function paidPix(quantity = 1) {
  const o = await placeTestOrder('pix', quantity);
  fake.pay(o.payment.providerId!);
  await reconcileAll();
  expect((await orderById(o.order.id))!.status).toBe('paid');
  return o;
}

const refund = (amountCents: number, over: Partial<{ reason: 1 | 2 | 3 | 4; description: string }> = {}) => ({ amountCents, reason: 3 as const, description: 'Cliente desistiu', ...over });

describe('cancelOrderPayment', () => {
  it.each(['pix', 'boleto'] as const)('cancels a pending %s: request recorded first, then the provider read back', async (method) => {
    const { order, payment } = await placeTestOrder(method);
    fake.activate(payment.providerId!);
    expect(await cancelOrderPayment(order.id, ACTOR)).toEqual({ ok: true, message: MESSAGES.canceled });
    expect((await orderById(order.id))!.status).toBe('canceled'); // not "expired": we asked for it
    expect((await paymentById(payment.id))!.cancelRequestedAt).not.toBeNull();
    expect(fake.count(method === 'pix' ? 'cancelPix' : 'cancelBoleto')).toBe(1);
    const events = (await eventsOf(payment.id)).filter((e) => e.source === 'merchant' && e.type !== 'registered');
    expect(events.map((e) => e.type)).toEqual(['cancel_requested', 'status_changed']);
    for (const e of events) expect(JSON.parse(e.detail!).actor).toBe(ACTOR);
  });

  it('a charge paid meanwhile: the cancel is refused, the order becomes paid, the merchant is told', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    expect(await cancelOrderPayment(order.id, ACTOR)).toEqual({ ok: false, error: MESSAGES.notActivePaid });
    expect((await orderById(order.id))!.status).toBe('paid');
  });

  it('a charge that already expired at the provider: refused with a clear message', async () => {
    const { order, payment } = await placeTestOrder('boleto');
    fake.expire(payment.providerId!);
    const result = await cancelOrderPayment(order.id, ACTOR);
    // We had asked (cancelRequestedAt set first), so the provider's 3 reads as canceled.
    expect(result).toEqual({ ok: true, message: MESSAGES.canceled });
    expect((await orderById(order.id))!.status).toBe('canceled');
  });

  it('a Pix not yet active: refused, and the cancel request is taken back', async () => {
    const { order, payment } = await placeTestOrder('pix');
    expect(await cancelOrderPayment(order.id, ACTOR)).toEqual({ ok: false, error: MESSAGES.notYetActive });
    expect(await paymentById(payment.id)).toMatchObject({ status: 'pending', cancelRequestedAt: null });
    fake.expire(payment.providerId!);
    await reconcileAll();
    expect((await orderById(order.id))!.status).toBe('expired');
  });

  it('only pending orders can be canceled', async () => {
    const { order } = await paidPix();
    expect(await cancelOrderPayment(order.id, ACTOR)).toEqual({ ok: false, error: MESSAGES.cancelOnlyPending });
    expect(await cancelOrderPayment('nope', ACTOR)).toEqual({ ok: false, error: MESSAGES.notFound });
    expect(fake.count('cancelPix')).toBe(0);
  });

  it('the provider not answering: a pt-BR error, the order stays pending', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.activate(payment.providerId!);
    fake.failNext('cancelPix', apiError('unavailable'));
    const result = await cancelOrderPayment(order.id, ACTOR);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('não respondeu') });
    expect((await orderById(order.id))!.status).toBe('pending');
  });
});

describe('refundOrderPayment', () => {
  it('refunds a paid Pix in full', async () => {
    const { order, payment } = await paidPix(2);
    const result = await refundOrderPayment(order.id, refund(7980), ACTOR);
    expect(result).toEqual({ ok: true, message: 'Reembolso de R$ 79,80 concluído.' });
    const o = await orderById(order.id);
    expect(o).toMatchObject({ status: 'refunded', refundedCents: 7980 });
    expect(statusLabel(o!.status, o!.refundedCents, o!.totalCents)).toBe('Reembolsado');
    expect(fake.calls.find((c) => c.op === 'refundPix')!.args).toEqual([payment.providerId, { amountCents: 7980, reason: 3, description: 'Cliente desistiu' }]);
    const types = (await eventsOf(payment.id)).filter((e) => e.source === 'merchant').map((e) => e.type);
    expect(types).toEqual(['refund_requested', 'status_changed']);
    expect(fake.balanceCents).toBe(0);
  });

  it('refunds part of it: "Reembolsado parcialmente"', async () => {
    const { order } = await paidPix(2);
    expect(await refundOrderPayment(order.id, refund(1000), ACTOR)).toEqual({ ok: true, message: 'Reembolso parcial de R$ 10,00 concluído.' });
    const o = await orderById(order.id);
    expect(o).toMatchObject({ status: 'refunded', refundedCents: 1000 });
    expect(statusLabel(o!.status, o!.refundedCents, o!.totalCents)).toBe('Reembolsado parcialmente');
    // One refund per payment.
    expect(await refundOrderPayment(order.id, refund(1000), ACTOR)).toEqual({ ok: false, error: MESSAGES.alreadyRefunded });
    expect(fake.count('refundPix')).toBe(1);
  });

  it('refuses boleto, unpaid orders and bad input, in Portuguese, without calling the provider', async () => {
    const b = await placeTestOrder('boleto');
    expect(await refundOrderPayment(b.order.id, refund(100), ACTOR)).toEqual({ ok: false, error: 'Reembolso disponível apenas para Pix.' });
    const pending = await placeTestOrder('pix');
    expect(await refundOrderPayment(pending.order.id, refund(100), ACTOR)).toEqual({ ok: false, error: MESSAGES.refundOnlyPaid });
    const { order } = await paidPix();
    expect(await refundOrderPayment(order.id, refund(0), ACTOR)).toEqual({ ok: false, error: 'Informe um valor de reembolso entre R$ 0,01 e R$ 39,90.' });
    expect((await refundOrderPayment(order.id, refund(3991), ACTOR)).ok).toBe(false);
    expect((await refundOrderPayment(order.id, refund(10.5), ACTOR)).ok).toBe(false);
    expect(await refundOrderPayment(order.id, refund(100, { reason: 5 as never }), ACTOR)).toEqual({ ok: false, error: MESSAGES.reason });
    expect(await refundOrderPayment(order.id, refund(100, { description: '  ' }), ACTOR)).toEqual({ ok: false, error: MESSAGES.description });
    expect(await refundOrderPayment(order.id, refund(100, { description: 'x'.repeat(256) }), ACTOR)).toEqual({ ok: false, error: MESSAGES.description });
    expect(fake.count('refundPix')).toBe(0);
    expect((await eventsOf((await paymentById(b.payment.id))!.id)).some((e) => e.type === 'refund_requested')).toBe(false);
  });

  it('a double click refunds once', async () => {
    const { order } = await paidPix();
    fake.latencyMs = 30;
    const results = await Promise.all([refundOrderPayment(order.id, refund(3990), ACTOR), refundOrderPayment(order.id, refund(3990), ACTOR)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const failed = results.find((r) => !r.ok) as { ok: false; error: string };
    expect([MESSAGES.refundInProgress, MESSAGES.alreadyRefunded]).toContain(failed.error);
    expect(fake.count('refundPix')).toBe(1);
  });

  it('a lost answer after the refund went through: recorded with the amount asked', async () => {
    const { order } = await paidPix(2);
    fake.failNext('refundPix', apiError('unavailable'), { after: true });
    const result = await refundOrderPayment(order.id, refund(2500), ACTOR);
    expect(result).toEqual({ ok: true, message: 'Reembolso de R$ 25,00 registrado.' });
    expect(await orderById(order.id)).toMatchObject({ status: 'refunded', refundedCents: 2500 });
  });

  it('no answer and not refunded at the provider: the slot is freed and a retry works', async () => {
    const { order, payment } = await paidPix();
    fake.failNext('refundPix', apiError('unavailable'));
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toEqual({ ok: false, error: MESSAGES.refundNotDone });
    expect((await eventsOf(payment.id)).map((e) => e.type)).toContain('refund_failed');
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toMatchObject({ ok: true });
    expect((await orderById(order.id))!.status).toBe('refunded');
  });

  it('no answer and the provider cannot be read: the slot is kept until it is stale', async () => {
    const { order, payment } = await paidPix();
    fake.failNext('refundPix', apiError('unavailable'));
    fake.failNext('getPix', apiError('unavailable'));
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toEqual({ ok: false, error: MESSAGES.refundUnconfirmed });
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toEqual({ ok: false, error: MESSAGES.refundInProgress });
    // Two minutes later the provider still says completed: the earlier request never arrived.
    const old = new Date(Date.now() - REFUND_LOCK_STALE_MS - 1000).toISOString();
    await database().db.update(paymentEvents).set({ createdAt: old }).where(eq(paymentEvents.dedupeKey, `refund:${payment.id}`));
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toMatchObject({ ok: true });
    expect(fake.count('refundPix')).toBe(2);
  });

  it('a refusal by the provider frees the slot and says why', async () => {
    const { order } = await paidPix();
    fake.failNext('refundPix', apiError('validation', { field: 'amount' }));
    expect(await refundOrderPayment(order.id, refund(3990), ACTOR)).toEqual({ ok: false, error: 'Valor inválido.' });
    expect((await refundOrderPayment(order.id, refund(3990), ACTOR)).ok).toBe(true);
  });
});
