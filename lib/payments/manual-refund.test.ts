import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusLabel } from '@/lib/orders/status-labels';
import { applyObservation } from './apply';
import { MANUAL_REFUND_MESSAGES, recordManualRefund } from './manual-refund';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { clearOrders, emailsOf, eventsOf, insertOrderWithPayment, orderById, paymentById, prepareDatabase } from '@/test/payments/db';

const ACTOR = 'dono@loja.com';
beforeAll(prepareDatabase);
beforeEach(clearOrders);

describe('recordManualRefund: a paid boleto paid back outside the app', () => {
  it('refunds the order and its payment by the amount given, with who and why, and no e-mail or provider call', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', status: 'paid', totalCents: 10000 });
    const r = await recordManualRefund(order.id, { amountCents: 4000, reason: 'Transferência Pix ao comprador' }, ACTOR);
    expect(r).toEqual({ ok: true, message: 'Reembolso manual de R$ 40,00 registrado.' });
    const after = (await orderById(order.id))!;
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 4000, manualRefundCents: 4000, manualRefundReason: 'Transferência Pix ao comprador', manualRefundedBy: ACTOR });
    expect(statusLabel(after.status, after.refundedCents, after.totalCents, after.manualRefundCents)).toBe('Reembolsado parcialmente (manual)');
    expect(statusLabel('refunded', 10000, 10000, 10000)).toBe('Reembolsado (manual)');
    expect((await paymentById(payment.id))!).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    const events = await eventsOf(payment.id);
    expect(events.map((e) => e.type)).toEqual(['status_changed', 'manual_refund']);
    expect(JSON.parse(events[1].detail!)).toEqual({ actor: ACTOR, amountCents: 4000, reason: 'Transferência Pix ao comprador' });
    expect(await emailsOf(order.id)).toEqual([]);
  });

  it('the provider, which still says paid, cannot undo it', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', status: 'paid' });
    await recordManualRefund(order.id, { amountCents: 100, reason: 'x' }, ACTOR);
    await applyObservation(payment.id, { method: 'boleto', providerStatus: '4', observed: chargeStateOf('boleto', 4), artifacts: {} }, 'reconcile');
    expect((await orderById(order.id))!.status).toBe('refunded');
  });

  it('twice (a double click, two tabs): one refund', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', status: 'paid' });
    const results = await Promise.all([1, 2, 3].map(() => recordManualRefund(order.id, { amountCents: 1000, reason: 'x' }, ACTOR)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await eventsOf(payment.id)).filter((e) => e.type === 'manual_refund')).toHaveLength(1);
    expect((await orderById(order.id))!.manualRefundCents).toBe(1000);
  });

  it('refuses a Pix, an unpaid boleto and an amount over the total', async () => {
    const pix = await insertOrderWithPayment({ method: 'pix', status: 'paid' });
    expect(await recordManualRefund(pix.order.id, { amountCents: 100, reason: 'x' }, ACTOR)).toEqual({ ok: false, error: MANUAL_REFUND_MESSAGES.boletoOnly });
    const pending = await insertOrderWithPayment({ method: 'boleto', status: 'pending' });
    expect(await recordManualRefund(pending.order.id, { amountCents: 100, reason: 'x' }, ACTOR)).toEqual({ ok: false, error: MANUAL_REFUND_MESSAGES.onlyPaid });
    const paid = await insertOrderWithPayment({ method: 'boleto', status: 'paid', totalCents: 3990 });
    expect(await recordManualRefund(paid.order.id, { amountCents: 3991, reason: 'x' }, ACTOR)).toEqual({ ok: false, error: MANUAL_REFUND_MESSAGES.amount });
    expect((await orderById(paid.order.id))!.status).toBe('paid');
  });
});
