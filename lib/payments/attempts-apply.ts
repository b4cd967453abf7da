/**
 * What an order does when one of its superseded payment attempts is paid (a boleto the bank
 * settled after the buyer switched to Pix: banks do this), inside applyObservation's
 * transaction. The order counts exactly one attempt, its current one:
 *
 * - the current attempt is not paid (still pending, being created, expired…): the paid attempt
 *   becomes the current one and the order is paid by it; the other is superseded and, when it
 *   is still open, asked to be canceled (reconciliation sends the cancel: sync.ts);
 * - the current attempt is paid too: the order is flagged "Pago em duplicidade"
 *   (orders.double_paid_at). The boleto is the one counted (a boleto cannot be refunded through
 *   the provider) and the Pix attempt waits, superseded, for the merchant's refund.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders, payments, type OrderStatus, type Payment } from '@/db/schema';
import { insertEvent, type EventSource } from './events';
import { stateEffects } from './state-effects';

type PaidAttempt = Pick<Payment, 'id' | 'orderId' | 'method' | 'amountCents' | 'attempt' | 'paidAt' | 'refundedCents'> & { status: OrderStatus };

/** Makes `next` the order's current attempt instead of `current` (in that order: one current at a time). */
function* swapCurrent(tx: Tx, current: Payment | undefined, next: PaidAttempt, now: string): Generator<Step, void, unknown> {
  if (current) {
    const open = current.status === 'pending';
    yield* run(
      tx
        .update(payments)
        .set({ supersededAt: now, version: current.version + 1, updatedAt: now, ...(open && !current.cancelRequestedAt ? { cancelRequestedAt: now } : {}) })
        .where(eq(payments.id, current.id)),
    );
  }
  yield* run(tx.update(payments).set({ supersededAt: null, updatedAt: now }).where(eq(payments.id, next.id)));
}

/** The order's money as the paid attempt charged it (a boleto carries no Pix discount). */
function moneyOf(p: PaidAttempt) {
  return p.method === 'boleto'
    ? { method: p.method, totalCents: p.amountCents, pixDiscountCents: 0, pixDiscountBps: 0 }
    : { method: p.method, totalCents: p.amountCents };
}

export function* supersededAttemptPaid(tx: Tx, p: PaidAttempt, now: string, source: EventSource, detail: Record<string, unknown>): Generator<Step, void, unknown> {
  const order = yield* get(tx.select().from(orders).where(eq(orders.id, p.orderId)));
  if (!order) return;
  const current = yield* get(tx.select().from(payments).where(and(eq(payments.orderId, p.orderId), isNull(payments.supersededAt))));
  const currentPaid = current?.status === 'paid' || current?.status === 'refunded';

  if (currentPaid) {
    yield* run(tx.update(orders).set({ doublePaidAt: order.doublePaidAt ?? now, updatedAt: now }).where(eq(orders.id, p.orderId)));
    yield* run(
      insertEvent(tx, {
        paymentId: p.id, orderId: p.orderId, type: 'double_payment', source, dedupeKey: `double:${p.id}`,
        detail: { ...detail, countedPaymentId: p.method === 'boleto' && current.method === 'pix' ? p.id : current.id },
      }),
    );
    // The Pix attempt is the one to refund: the boleto stays counted.
    if (p.method === 'boleto' && current.method === 'pix') {
      yield* swapCurrent(tx, current, p, now);
      yield* run(tx.update(orders).set({ ...moneyOf(p), status: p.status, paidAt: p.paidAt, refundedCents: p.refundedCents, updatedAt: now }).where(eq(orders.id, p.orderId)));
    }
    return;
  }

  // The order is paid by this attempt: it becomes the current one.
  yield* swapCurrent(tx, current, p, now);
  const from = order.status;
  const late = from === 'expired' || from === 'canceled';
  yield* run(
    tx
      .update(orders)
      .set({ ...moneyOf(p), status: p.status, paidAt: p.paidAt, refundedCents: p.refundedCents, updatedAt: now, ...(late ? { latePayment: true } : {}) })
      .where(eq(orders.id, p.orderId)),
  );
  yield* run(insertEvent(tx, { paymentId: p.id, orderId: p.orderId, type: 'attempt_counted', source, dedupeKey: `counted:${p.id}`, detail: { ...detail, replaced: current?.id ?? null } }));
  const steps: OrderStatus[] = p.status === 'refunded' ? ['paid', 'refunded'] : ['paid'];
  yield* stateEffects(tx, { orderId: p.orderId, method: p.method, steps, statusAfter: p.status, registered: false, from, attempt: p.attempt });
}
