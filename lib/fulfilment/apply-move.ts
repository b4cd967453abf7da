/**
 * Makes one fulfilment move, in one transaction: the order's row moves only from the state
 * the move was checked against (a compare-and-set), the timeline gets one event with who and
 * when, and the shopper's e-mail is an outbox row keyed on the state entered. So a double
 * click, two tabs or two server processes make one move and one e-mail: the second finds the
 * order already moved and is told so.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders, paymentEvents, payments, type EmailKind, type FulfillmentStatus, type Order, currentPaymentOf } from '@/db/schema';
import { emailKey, kickOutbox, enqueueEmail } from '@/lib/email';
import { recordOrderEvent } from '@/lib/outbound-events/record';
import { queueWhatsapp } from '@/lib/whatsapp/enqueue';
import { checkMove, type FulfilmentMove } from './moves';
import type { Tracking } from './tracking';

export type MoveRequest = { move: Exclude<FulfilmentMove, 'ship' | 'correct_tracking'> } | { move: 'ship' | 'correct_tracking'; tracking: Tracking };

export type MoveResult = { ok: true; to: FulfillmentStatus; message: string } | { ok: false; error: string; notFound?: boolean };

/** The e-mail each state entered sends to the shopper (picked_up: the shopper was there). */
const EMAIL_OF: Partial<Record<FulfillmentStatus, { kind: EmailKind; key: (orderId: string) => string }>> = {
  shipped: { kind: 'shipped', key: emailKey.shipped },
  ready_for_pickup: { kind: 'ready_for_pickup', key: emailKey.readyForPickup },
  delivered: { kind: 'delivered', key: emailKey.delivered },
};

const AT_COLUMN: Partial<Record<FulfillmentStatus, 'shippedAt' | 'deliveredAt' | 'readyForPickupAt' | 'pickedUpAt'>> = {
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  ready_for_pickup: 'readyForPickupAt',
  picked_up: 'pickedUpAt',
};

const DONE: Record<FulfilmentMove, string> = {
  ship: 'Pedido marcado como enviado.',
  deliver: 'Pedido marcado como entregue.',
  ready: 'Pedido marcado como pronto para retirada.',
  pick_up: 'Pedido marcado como retirado.',
  correct_tracking: 'Código de rastreio corrigido.',
  digital: 'Produto digital entregue.',
};

/** The dedupe key of the event of entering a state: each state is entered at most once. */
export const fulfilmentEventKey = (orderId: string, to: FulfillmentStatus) => `fulfillment:${orderId}:${to}`;

/** The move as a transaction step, for callers that compose it (the batch upload). */
export function* moveStep(tx: Tx, orderId: string, req: MoveRequest, actor: string, now: string): Generator<Step, MoveResult, unknown> {
  const order = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!order) return { ok: false, error: 'Pedido não encontrado.', notFound: true };
  const verdict = checkMove(order, req.move);
  if (!verdict.ok) return verdict;
  if (req.move === 'correct_tracking' && order.trackingCode === req.tracking.code && order.fulfillmentCarrier === req.tracking.carrier && order.trackingUrl === req.tracking.url) {
    return { ok: false, error: 'O código informado é o mesmo de antes: nada mudou.' };
  }
  const payment = yield* get(tx.select({ id: payments.id }).from(payments).where(currentPaymentOf(orderId)));
  if (!payment) return { ok: false, error: 'Pedido não encontrado.', notFound: true };

  const set: Partial<Order> = { fulfillmentStatus: verdict.to, fulfillmentBy: actor, updatedAt: now };
  const at = AT_COLUMN[verdict.to];
  if (at && verdict.to !== verdict.from) set[at] = now;
  if ('tracking' in req) Object.assign(set, { fulfillmentCarrier: req.tracking.carrier, trackingCode: req.tracking.code, trackingUrl: req.tracking.url });
  // Compare-and-set: moves only from what was checked (and, for a correction, from the code that was read).
  const changed = yield* run(
    tx
      .update(orders)
      .set(set)
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'paid'),
          eq(orders.fulfillmentStatus, verdict.from),
          req.move === 'correct_tracking' ? sql`${orders.trackingCode} is ${order.trackingCode}` : undefined,
        ),
      ),
  );
  if (changed === 0) return { ok: false, error: 'O pedido acabou de mudar. Atualize a página.' };

  const detail: Record<string, unknown> = { actor, from: verdict.from, to: verdict.to };
  if ('tracking' in req) Object.assign(detail, { carrier: req.tracking.carrier, trackingCode: req.tracking.code, trackingUrl: req.tracking.url });
  if (req.move === 'correct_tracking') Object.assign(detail, { previousCarrier: order.fulfillmentCarrier, previousTrackingCode: order.trackingCode });
  const inserted = yield* run(
    tx
      .insert(paymentEvents)
      .values({
        paymentId: payment.id,
        orderId,
        type: req.move === 'correct_tracking' ? 'tracking_corrected' : 'fulfillment_changed',
        source: req.move === 'digital' ? 'buyer' : 'merchant',
        fromStatus: verdict.from,
        toStatus: verdict.to,
        dedupeKey: req.move === 'correct_tracking' ? null : fulfilmentEventKey(orderId, verdict.to),
        detail: JSON.stringify(detail),
        createdAt: now,
      })
      .onConflictDoNothing(),
  );
  // The state was entered before (it cannot be: moves only go forward); roll back rather than log twice.
  if (inserted === 0) throw new AlreadyEntered();
  // order.fulfilled for the merchant's webhooks: the shop did its part (sent, or collected at the counter).
  if (verdict.to === 'shipped' || verdict.to === 'picked_up') yield* recordOrderEvent(tx, orderId, 'order.fulfilled');
  // A digital delivery is the buyer's own download: no "Pedido entregue" e-mail about it.
  const email = req.move === 'correct_tracking' || req.move === 'digital' ? undefined : EMAIL_OF[verdict.to];
  if (email) yield* enqueueEmail(tx, { key: email.key(orderId), orderId, kind: email.kind });
  // "Pedido enviado" on WhatsApp too, with consent (lib/whatsapp/enqueue.ts).
  if (email && verdict.to === 'shipped') yield* queueWhatsapp(tx, { orderId, kind: 'shipped' });
  return { ok: true, to: verdict.to, message: DONE[req.move] };
}

class AlreadyEntered extends Error {}

/** One move, one transaction. `actor` is who made it (the merchant's e-mail). */
export async function applyFulfilmentMove(orderId: string, req: MoveRequest, actor: string): Promise<MoveResult> {
  let result: MoveResult;
  try {
    result = await database().transaction((tx) => moveStep(tx, orderId, req, actor, new Date().toISOString()));
  } catch (error) {
    if (error instanceof AlreadyEntered) return { ok: false, error: 'O pedido acabou de mudar. Atualize a página.' };
    throw error;
  }
  if (result.ok && EMAIL_OF[result.to] && req.move !== 'correct_tracking') kickOutbox();
  return result;
}

