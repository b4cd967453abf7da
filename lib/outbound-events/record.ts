/**
 * The merchant's outbound webhooks start here: an order event (order.paid, order.refunded,
 * order.canceled, order.expired, order.fulfilled) is a row written in the transaction of the
 * state change that causes it, keyed on (type, order), so a duplicate webhook, a racing
 * reconciliation or a second instance adds nothing. Its id (evt_…) is stable: every delivery of
 * it to every endpoint carries it as `webhook-id`. lib/outbound-events/delivery/webhook-worker.ts fans it out and
 * delivers it later; nothing here sends anything.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '@/db';
import { run, write, type Step } from '@/db/driver';
import { outboundEvents, type OrderStatus } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';
import type { OrderEventType } from './event-types';

export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/** Adds the event once per (type, order); returns whether it is new. */
export function* recordOrderEvent(tx: Tx, orderId: string, type: OrderEventType, at = new Date().toISOString()): Generator<Step, boolean, unknown> {
  const dedupeKey = `${type}:${orderId}`;
  // The request delivers it right after its response (lib/server/after-pass.ts).
  noteOutboxRow('webhook', dedupeKey);
  const inserted = yield* run(
    tx
      .insert(outboundEvents)
      .values({ id: newEventId(), type, orderId, dedupeKey, createdAt: at })
      .onConflictDoNothing(),
  );
  return inserted === 1;
}

const EVENT_OF_STATE: Partial<Record<OrderStatus, OrderEventType>> = {
  paid: 'order.paid',
  refunded: 'order.refunded',
  canceled: 'order.canceled',
  expired: 'order.expired',
};

/**
 * The events of the payment states an order entered in one transaction (lib/payments/state-effects.ts).
 * Held writes: nothing reads whether each was new, so on libSQL they travel with the next step.
 */
export function* recordStateEvents(tx: Tx, orderId: string, steps: readonly OrderStatus[]): Generator<Step, void, unknown> {
  const at = new Date().toISOString();
  for (const state of steps) {
    const type = EVENT_OF_STATE[state];
    if (!type) continue;
    const dedupeKey = `${type}:${orderId}`;
    noteOutboxRow('webhook', dedupeKey);
    yield* write(tx.insert(outboundEvents).values({ id: newEventId(), type, orderId, dedupeKey, createdAt: at }).onConflictDoNothing());
  }
}
