/**
 * What follows from a payment entering a state, written by the one writer (apply.ts,
 * create-charge.ts) inside ITS transaction: each effect is an outbox row keyed on its cause,
 * so the state change and its effects commit together or not at all, and a duplicate
 * webhook, a racing reconciliation or a second instance can never make one twice. Workers
 * act on the rows later (lib/email/worker.ts); nothing here calls a provider or SMTP.
 *
 * E-mails to the shopper:
 * - instructions (the Pix code / the boleto line): once the charge exists and can be paid —
 *   Pix when the create is stored, boleto when its line is registered — and only while the
 *   order is still pending after this transaction (a boleto first seen registered AND paid
 *   gets the confirmation, not a boleto to pay);
 * - paid, refunded: on entering that state (a late payment too);
 * - canceled, expired: on entering it, only when the shopper was sent the instructions (an
 *   order whose charge never existed tells the shopper nothing new).
 *
 * Alerts to the merchant (the notification addresses, lib/email/outbox.ts MERCHANT_RECIPIENTS):
 * - new_sale ("Nova venda"): on entering paid, so exactly once per order;
 * - late_payment ("Pagamento atrasado"): on entering paid from expired or canceled.
 *
 * Stock (lib/catalog/stock.ts; keyed movements, applied directly: no worker needed):
 * - expired, canceled: the order's units go back to the shelf;
 * - paid after expired/canceled (a late payment), or after its reservation lapsed while pending:
 *   the units given back are taken again, or the order is flagged when they are gone; a link's
 *   order paid when the link's places were all taken meanwhile is flagged too;
 * - refunded: nothing (the merchant may give them back from the order's page).
 *
 * Coupons (coupon-uses.ts): expired, canceled give the coupon's use back; paid after
 * that counts it again. Each once, by compare-and-set on the order.
 */
import { reads, type Rows, type Step } from '@/db/driver';
import type { OrderStatus } from '@/db/schema';
import type { SQL } from 'drizzle-orm';
import { giveBack, needsRetake, orderMovesQuery, retakeForLatePayment } from '@/lib/catalog';
import { releaseCouponUse, retakeCouponUse } from './coupon-uses';
import { flagPaymentOverLinkLimit, orderLinkQuery } from '@/lib/links/place';
import { reservationCutoffIn } from '@/lib/payment-settings/reservation';
import { emailKey, KIND_OF_STATE, hasEmail, MERCHANT_RECIPIENTS, queueEmail } from '@/lib/email';
import type { Tx } from '@/db';
import { recordStateEvents } from '@/lib/outbound-events/record';
import { purchaseQueries, queuePurchase, type PurchaseReads } from '@/lib/pixels/record';
import { queueWhatsapp } from '@/lib/whatsapp/enqueue';
import { paidPushQueries, writePaidPushes, type PaidPushReads } from '@/lib/push/record';
import { deliveryDaysQuery, renewDeliveryPromise } from '@/lib/shipping';

export type StateChange = {
  orderId: string;
  method: 'pix' | 'boleto';
  /** The states entered by this transaction, in order. */
  steps: OrderStatus[];
  /** The order's state once this transaction commits. */
  statusAfter: OrderStatus;
  /** The boleto's line became known in this transaction. */
  registered: boolean;
  /** The order's state before this transaction (a late payment comes from expired or canceled). */
  from?: OrderStatus;
  /** The payment attempt that moved (1 for the order's first charge): its units move under its round. */
  attempt?: number;
};

/**
 * Everything the effects of entering paid read, as independent queries: the order's stock
 * movements and link, the Purchase's inputs, the promised working days, the pushes' inputs.
 * One `reads` inside a transaction; or read before a batch, whose guard makes sure the payment
 * has not moved since (apply.ts).
 */
export function paidEffectQueries(tx: Tx, orderId: string) {
  const [settings, context, order, lines] = purchaseQueries(tx, orderId);
  const [newSale, recovered, pushOrder, shop, draft] = paidPushQueries(tx, orderId);
  return [orderMovesQuery(tx, orderId), orderLinkQuery(tx, orderId), settings, context, order, lines, deliveryDaysQuery(tx, orderId), newSale, recovered, pushOrder, shop, draft] as const;
}

export type PaidEffectReads = Rows<ReturnType<typeof paidEffectQueries>>;

/**
 * What the effects of entering paid can do without reading anything more (a late payment's
 * retake and a link's limit read further, so they need an interactive transaction).
 */
export function paidEffectsNeedNoReads([moves, link]: PaidEffectReads): boolean {
  return !needsRetake(moves) && !link[0]?.linkId;
}

/**
 * `paid`: what `paidEffectQueries` read, when the caller read it already (before a batch);
 * otherwise the effects of entering paid read it here, in one `reads`.
 */
export function* stateEffects(tx: Tx, c: StateChange, paid?: PaidEffectReads): Generator<Step, void, unknown> {
  const paidReads = c.steps.includes('paid') ? (paid ?? (yield* reads(paidEffectQueries(tx, c.orderId)))) : undefined;
  yield* stockEffects(tx, c, paidReads);
  if (c.registered && c.method === 'boleto' && c.statusAfter === 'pending') {
    yield* queueEmail(tx, { key: emailKey.instructions(c.orderId), orderId: c.orderId, kind: 'instructions' });
    yield* queueWhatsapp(tx, { orderId: c.orderId, kind: 'instructions' });
  }
  // The buyer's WhatsApp, beside the e-mail, only with their consent (lib/whatsapp/enqueue.ts).
  if (c.steps.includes('paid')) yield* queueWhatsapp(tx, { orderId: c.orderId, kind: 'paid' });
  for (const state of c.steps) {
    const kind = KIND_OF_STATE[state];
    if (!kind) continue;
    const key = emailKey[kind as 'paid' | 'refunded' | 'canceled' | 'expired'](c.orderId);
    const ended = kind === 'canceled' || kind === 'expired';
    yield* queueEmail(tx, { key, orderId: c.orderId, kind, when: ended ? hasEmail(emailKey.instructions(c.orderId)) : undefined });
  }
  yield* merchantAlerts(tx, c);
  // The merchant's own webhooks (order.paid, order.refunded, order.canceled, order.expired).
  yield* recordStateEvents(tx, c.orderId, c.steps);
  if (paidReads) {
    const [, , settings, context, order, lines, days, newSale, recovered, pushOrder, shop, draft] = paidReads;
    // The ad pixels' Purchase (lib/pixels/record.ts): on entering paid, never at creation; once per order.
    const purchase: PurchaseReads = [settings, context, order, lines];
    yield* queuePurchase(tx, c.orderId, purchase);
    // "Chega entre …" counted from the payment's day (lib/shipping/delivery-promise.ts).
    yield* renewDeliveryPromise(tx, c.orderId, days);
    // The merchant's devices (lib/push/record.ts): "Nova venda", "Carrinho recuperado"; once per order and device.
    const pushes: PaidPushReads = [newSale, recovered, pushOrder, shop, draft];
    yield* writePaidPushes(tx, c.orderId, pushes);
  }
}

function* merchantAlerts(tx: Tx, c: StateChange): Generator<Step, void, unknown> {
  if (!c.steps.includes('paid')) return;
  yield* queueEmail(tx, { key: emailKey.newSale(c.orderId), orderId: c.orderId, kind: 'new_sale', recipient: MERCHANT_RECIPIENTS });
  if (c.from === 'expired' || c.from === 'canceled') {
    yield* queueEmail(tx, { key: emailKey.latePayment(c.orderId), orderId: c.orderId, kind: 'late_payment', recipient: MERCHANT_RECIPIENTS });
  }
}

function* stockEffects(tx: Tx, c: StateChange, paid: PaidEffectReads | undefined): Generator<Step, void, unknown> {
  for (const state of c.steps) {
    if (state === 'expired' || state === 'canceled') yield* releaseCouponUse(tx, c.orderId);
    if (state === 'paid') yield* retakeCouponUse(tx, c.orderId);
    if (state === 'expired' || state === 'canceled') yield* giveBack(tx, c.orderId, state, c.attempt);
    if (state === 'paid' && paid) {
      // Units given back (expiry, cancel, a lapsed reservation) come back to the order, or it is
      // flagged; both from what was read with the other effects' reads.
      const [moves, link] = paid;
      yield* retakeForLatePayment(tx, c.orderId, moves);
      yield* flagPaymentOverLinkLimit(tx, c.orderId, () => reservationCutoffIn(tx), link);
    }
  }
}

/** The charge was created at the provider (create-charge.ts): a Pix can be paid from now on. */
export function* chargeCreatedEffects(tx: Tx, c: { orderId: string; method: 'pix' | 'boleto'; hasBoletoLine: boolean; when?: SQL }): Generator<Step, void, unknown> {
  if (c.method === 'pix' || c.hasBoletoLine) {
    // `when`: the guard of a caller sent as one batch (create-charge.ts `storeCreated`).
    yield* queueEmail(tx, { key: emailKey.instructions(c.orderId), orderId: c.orderId, kind: 'instructions', ...(c.when ? { when: c.when } : {}) });
    yield* queueWhatsapp(tx, { orderId: c.orderId, kind: 'instructions', ...(c.when ? { when: c.when } : {}) });
  }
}
