/**
 * The payment_events log: one row per thing that happened to a payment (created, a state
 * entered, a refund asked for…). A row with a dedupe key is written at most once — the key is
 * how every writer (the single state writer in apply.ts, the create, the merchant's actions)
 * makes a duplicate or a replay change nothing.
 */
import type { Tx } from '@/db';
import { paymentEvents, type OrderStatus } from '@/db/schema';

export type EventSource = 'checkout' | 'webhook' | 'reconcile' | 'merchant' | 'status_poll' | 'buyer';

/**
 * Every kind of payment_events row a writer may add. The merchant's timeline words each one
 * (lib/order-admin/timeline.ts); its table test walks this list, so a kind added here without
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
