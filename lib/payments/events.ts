/**
 * The payment_events log: one row per thing that happened to a payment (created, a state
 * entered, a refund asked for…). A row with a dedupe key is written at most once — the key is
 * how every writer (the single state writer in apply.ts, the create, the merchant's actions)
 * makes a duplicate or a replay change nothing.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db';
import { paymentEvents, payments, type OrderStatus } from '@/db/schema';

export type EventSource = 'checkout' | 'webhook' | 'reconcile' | 'merchant' | 'status_poll' | 'buyer';

/**
 * Every kind of payment_events row a writer may add. The merchant's timeline words each one
 * (lib/orders/admin/timeline.ts); its table test walks this list, so a kind added here without
 * words fails there.
 */
export const PAYMENT_EVENT_TYPES = [
  'create_requested',
  'created',
  'create_failed',
  'registered',
  'status_changed',
  'late_payment',
  'unknown_status',
  'amount_mismatch',
  'cancel_requested',
  'cancel_failed',
  'refund_requested',
  'refund_failed',
  'manual_refund',
  'stock_returned',
  'email_resend_requested',
  'switched_to_pix',
  'new_attempt',
  'attempt_counted',
  'double_payment',
  'fulfillment_changed',
  'tracking_corrected',
  'buyer_anonymised',
  'digital_accessed',
  'digital_access_renewed',
  'digital_access_revoked',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export type EventRow = {
  paymentId: string;
  orderId: string;
  type: PaymentEventType;
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

/**
 * `insertEvent`, written only while `when` holds of the event's payment row (an INSERT … SELECT
 * from that row): the guard of a transaction sent as one batch, which cannot read first
 * (db/driver.ts `atomicBatch`). Nothing is written when the payment is gone.
 */
export function insertEventWhere(tx: Tx, e: EventRow, when: SQL) {
  return tx
    .insert(paymentEvents)
    .select(
      tx
        // Drizzle's INSERT … SELECT wants every column, in the table's order.
        .select({
          id: sql`null`.as('id'),
          paymentId: payments.id,
          orderId: sql`${e.orderId}`.as('order_id'),
          type: sql`${e.type}`.as('type'),
          source: sql`${e.source}`.as('source'),
          fromStatus: sql`${e.fromStatus ?? null}`.as('from_status'),
          toStatus: sql`${e.toStatus ?? null}`.as('to_status'),
          dedupeKey: sql`${e.dedupeKey ?? null}`.as('dedupe_key'),
          detail: sql`${e.detail ? JSON.stringify(e.detail) : null}`.as('detail'),
          createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`.as('created_at'),
        })
        .from(payments)
        .where(and(eq(payments.id, e.paymentId), when)),
    )
    .onConflictDoNothing();
}

/** SQL: a payment_events row with this dedupe key exists. */
export function hasEvent(dedupeKey: string): SQL {
  return sql`exists (select 1 from ${paymentEvents} where ${paymentEvents.dedupeKey} = ${dedupeKey})`;
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
