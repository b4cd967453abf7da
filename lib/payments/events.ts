/**
 * The payment_events log: one row per thing that happened to a payment (created, a state
 * entered, a refund asked for…). A row with a dedupe key is written at most once — the key is
 * how every writer (the single state writer in apply.ts, the create, the merchant's actions)
 * makes a duplicate or a replay change nothing.
 */
import type { Tx } from '@/db';
import { paymentEvents, type OrderStatus } from '@/db/schema';

export type EventSource = 'checkout' | 'webhook' | 'reconcile' | 'merchant' | 'status_poll';

export type EventRow = {
  paymentId: string;
  orderId: string;
  type: string;
  source: EventSource;
  fromStatus?: string | null;
  toStatus?: string | null;
  dedupeKey?: string | null;
  detail?: Record<string, unknown> | null;
};

/** An insert of one payment_events row; with a dedupe key, a second insert changes nothing. */
export function insertEvent(tx: Tx, e: EventRow) {
  return tx
    .insert(paymentEvents)
    .values({
      paymentId: e.paymentId,
      orderId: e.orderId,
      type: e.type,
      source: e.source,
      fromStatus: e.fromStatus ?? null,
      toStatus: e.toStatus ?? null,
      dedupeKey: e.dedupeKey ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    })
    .onConflictDoNothing();
}

export const dedupe = {
  status: (paymentId: string, status: OrderStatus) => `status:${paymentId}:${status}`,
  late: (paymentId: string) => `late:${paymentId}`,
  registered: (paymentId: string) => `registered:${paymentId}`,
  created: (paymentId: string) => `created:${paymentId}`,
  createRequested: (paymentId: string) => `create_requested:${paymentId}`,
  unknown: (paymentId: string, providerStatus: string) => `unknown:${paymentId}:${providerStatus.slice(0, 40)}`,
  amountMismatch: (paymentId: string) => `amount_mismatch:${paymentId}`,
  /** Held while a refund is requested or done: one refund per payment. */
  refund: (paymentId: string) => `refund:${paymentId}`,
};
