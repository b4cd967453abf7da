/**
 * Orders' readable numbers (#1001, #1002, …): a counter row bumped in the order's own
 * transaction. The bump is one upsert statement, and a write transaction holds SQLite's only
 * write lock (better-sqlite3's BEGIN IMMEDIATE, libSQL's write transaction), so two processes
 * never read the same value; a number whose order is rolled back or deleted is never handed out
 * again, unlike MAX(number) + 1.
 */
import { sql } from 'drizzle-orm';
import { all, type AnyDb } from '@/db/driver';
import { counters } from '@/db/schema';

const COUNTER = 'order_number';
/** The first order of a shop is #1001: a short number that does not look like the shop's first sale ever. */
export const FIRST_ORDER_NUMBER = 1001;

/** The next order number; yield* it inside the transaction that inserts the order. */
export function* nextOrderNumber(tx: AnyDb) {
  return numberOf(yield* all(orderNumberQuery(tx)));
}

/** The bump as a query, to send in a batch with the order's reads (`reads`); `numberOf` reads its answer. */
export function orderNumberQuery(tx: AnyDb) {
  return tx
    .insert(counters)
    .values({ name: COUNTER, value: FIRST_ORDER_NUMBER })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
}

export function numberOf(rows: readonly { value: number }[]): number {
  if (!rows[0]) throw new Error('order number counter returned no row');
  return rows[0].value;
}
