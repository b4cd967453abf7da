/**
 * Taking a place on a payment link, atomically with the order that takes it.
 *
 * `claimLinkPlace` is a transaction step (db/driver.ts generator style): the caller yields
 * it inside the SAME transaction that inserts the order, right before the insert. Both
 * drivers run that transaction as BEGIN IMMEDIATE (better-sqlite3 synchronously, libSQL with
 * behavior 'immediate'), so between this count and the insert no other connection, process
 * or instance can write: concurrent buyers of a one-off link make exactly one order
 * (place.concurrency.test.ts proves it with several processes on one SQLite file).
 *
 * What counts toward the limit is in lib/links/status.ts: paid and refunded orders, and pending
 * ones whose reservation ("Reserva de estoque", lib/payment-settings/reservation.ts) has not lapsed.
 */
import { and, count, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { all, get, run, type AnyDb, type Step } from '@/db/driver';
import { orders, paymentLinks, payments, type OrderStatus, type PaymentLink } from '@/db/schema';

export type LinkRefusal = 'not_found' | 'disabled' | 'expired' | 'sold_out';
export type LinkPlace = { ok: true; link: PaymentLink } | { ok: false; reason: LinkRefusal };

/** The states that used a place for good (see status.ts); a pending order holds one for a while. */
export const PLACE_USED_STATUSES: OrderStatus[] = ['paid', 'refunded'];

/**
 * SQL on `orders`: this order holds or used its link's place (`holdsSince`: the reservation
 * cutoff). A pending order holds it for the reservation after it was placed, or after its
 * current attempt was made ("Pagar com Pix agora", "Gerar novo Pix": lib/payments/attempts.ts).
 */
export function holdsPlace(holdsSince: string): SQL {
  const renewedSince = sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.supersededAt} is null and ${payments.attempt} > 1 and ${payments.createdAt} >= ${holdsSince})`;
  return or(inArray(orders.status, PLACE_USED_STATUSES), and(eq(orders.status, 'pending'), or(gte(orders.createdAt, holdsSince), renewedSince)))!;
}

/**
 * Checks, inside the order's transaction, that link `linkId` still accepts an order today
 * (`today`: São Paulo's YYYY-MM-DD; `holdsSince`: pending orders placed before it no longer
 * hold a place). Writes nothing: the order the caller inserts next IS the place taken.
 */
export function* claimLinkPlace(tx: AnyDb<AppSchema>, linkId: string, today: string, holdsSince: string): Generator<Step, LinkPlace, unknown> {
  const link = yield* get(tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)));
  if (!link) return { ok: false, reason: 'not_found' };
  if (link.disabledAt) return { ok: false, reason: 'disabled' };
  if (link.expiresOn && link.expiresOn < today) return { ok: false, reason: 'expired' };
  if (link.maxPayments !== null) {
    const row = yield* get(
      tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.paymentLinkId, linkId), holdsPlace(holdsSince))),
    );
    if (Number(row?.n ?? 0) >= link.maxPayments) return { ok: false, reason: 'sold_out' };
  }
  return { ok: true, link };
}

/**
 * Inside the transaction of a new payment attempt on order `orderId` (placed through link
 * `linkId`): whether the link still accepts a payment — not disabled, not past its date, and,
 * with a limit, a place left once the other orders' are counted (this one's own is not: it may
 * have lapsed or been given back when it expired). Null: it does. Writes nothing; the attempt
 * the caller writes next holds the place (`holdsPlace`).
 */
export function* linkRefusesAttempt(tx: AnyDb<AppSchema>, linkId: string, orderId: string, today: string, holdsSince: string): Generator<Step, LinkRefusal | null, unknown> {
  const link = yield* get(tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)));
  if (!link) return 'not_found';
  if (link.disabledAt) return 'disabled';
  if (link.expiresOn && link.expiresOn < today) return 'expired';
  if (link.maxPayments === null) return null;
  const others = yield* get(
    tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.paymentLinkId, linkId), ne(orders.id, orderId), holdsPlace(holdsSince))),
  );
  return Number(others?.n ?? 0) >= link.maxPayments ? 'sold_out' : null;
}

/** The payment link an order was placed from (none for the cart's). */
export function orderLinkQuery(tx: AnyDb<AppSchema>, orderId: string) {
  return tx.select({ linkId: orders.paymentLinkId }).from(orders).where(eq(orders.id, orderId));
}

/**
 * An order of a limited link was just paid (in the one writer's transaction). If its own place
 * had lapsed (or it expired) and the link's places were all taken meanwhile, the link has now
 * received more payments than its limit: the payment is accepted (paid always wins) and the
 * order flagged (`link_over_limit`) for the merchant. Returns whether it was flagged.
 * `holdsSince`: the reservation cutoff, as a step run only for an order of a link (an order
 * from the cart costs no read of the settings).
 */
export function* flagPaymentOverLinkLimit(
  tx: AnyDb<AppSchema>,
  orderId: string,
  holdsSince: () => Generator<Step, string, unknown>,
  /** The order's link as its caller read it in this transaction (`orderLinkQuery`, in a batch with its own reads). */
  read?: { linkId: string | null }[],
): Generator<Step, boolean, unknown> {
  const [order] = read ?? (yield* all(orderLinkQuery(tx, orderId)));
  if (!order?.linkId) return false;
  const since = yield* holdsSince();
  const link = yield* get(tx.select({ maxPayments: paymentLinks.maxPayments }).from(paymentLinks).where(eq(paymentLinks.id, order.linkId)));
  if (!link || link.maxPayments === null) return false;
  const others = yield* get(
    tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.paymentLinkId, order.linkId), ne(orders.id, orderId), holdsPlace(since))),
  );
  if (Number(others?.n ?? 0) < link.maxPayments) return false;
  yield* run(tx.update(orders).set({ linkOverLimit: true }).where(eq(orders.id, orderId)));
  return true;
}

/** The buyer's words for a refusal found at the moment of the order. */
export const REFUSAL_MESSAGES: Record<LinkRefusal, string> = {
  not_found: 'Este link de pagamento não existe. Confira o endereço com a loja.',
  disabled: 'Este link foi desativado pela loja e não aceita mais pagamentos.',
  expired: 'Este link expirou e não aceita mais pagamentos.',
  sold_out: 'Este link acabou de atingir o limite de pagamentos: outro comprador foi mais rápido. Nada foi cobrado.',
};
