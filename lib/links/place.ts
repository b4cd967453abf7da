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
 * What counts toward the limit is in lib/links/status.ts: pending, paid and refunded orders.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { get, type AnyDb, type Step } from '@/db/driver';
import { orders, paymentLinks, type OrderStatus, type PaymentLink } from '@/db/schema';

export type LinkRefusal = 'not_found' | 'disabled' | 'expired' | 'sold_out';
export type LinkPlace = { ok: true; link: PaymentLink } | { ok: false; reason: LinkRefusal };

/** The states that hold or used a place (see status.ts). */
export const PLACE_HOLDING_STATUSES: OrderStatus[] = ['pending', 'paid', 'refunded'];

/**
 * Checks, inside the order's transaction, that link `linkId` still accepts an order today
 * (`today`: São Paulo's YYYY-MM-DD). Writes nothing: the order the caller inserts next IS
 * the place taken.
 */
export function* claimLinkPlace(tx: AnyDb<AppSchema>, linkId: string, today: string): Generator<Step, LinkPlace, unknown> {
  const link = yield* get(tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)));
  if (!link) return { ok: false, reason: 'not_found' };
  if (link.disabledAt) return { ok: false, reason: 'disabled' };
  if (link.expiresOn && link.expiresOn < today) return { ok: false, reason: 'expired' };
  if (link.maxPayments !== null) {
    const row = yield* get(
      tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.paymentLinkId, linkId), inArray(orders.status, PLACE_HOLDING_STATUSES))),
    );
    if (Number(row?.n ?? 0) >= link.maxPayments) return { ok: false, reason: 'sold_out' };
  }
  return { ok: true, link };
}

/** The buyer's words for a refusal found at the moment of the order. */
export const REFUSAL_MESSAGES: Record<LinkRefusal, string> = {
  not_found: 'Este link de pagamento não existe. Confira o endereço com a loja.',
  disabled: 'Este link foi desativado pela loja e não aceita mais pagamentos.',
  expired: 'Este link expirou e não aceita mais pagamentos.',
  sold_out: 'Este link acabou de atingir o limite de pagamentos: outro comprador foi mais rápido. Nada foi cobrado.',
};
