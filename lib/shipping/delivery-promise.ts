/**
 * "Chega entre …" counts from the day the order is PAID, not the day it was placed: a boleto
 * paid three days later gets fresh dates. Inside the paying transaction
 * (lib/payments/state-effects.ts), the promise's working days are counted again from the São
 * Paulo date of the payment, skipping weekends and national holidays (working-days.ts).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db';
import { write, type Step } from '@/db/driver';
import { orders } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { addWorkingDays } from './working-days';

export function promisedDates(paidOn: string, minDays: number | null, maxDays: number | null): { from: string | null; to: string | null } {
  return { from: minDays === null ? null : addWorkingDays(paidOn, minDays), to: maxDays === null ? null : addWorkingDays(paidOn, maxDays) };
}

/** What `renewDeliveryPromise` reads: the order's promised working days (read with the writer's other effects' reads). */
export function deliveryDaysQuery(tx: Tx, orderId: string) {
  return tx.select({ min: orders.deliveryMinDays, max: orders.deliveryMaxDays }).from(orders).where(eq(orders.id, orderId));
}

/** The promise counted again from the payment's day, given what `deliveryDaysQuery` read: a held write. */
export function* renewDeliveryPromise(tx: Tx, orderId: string, read: Awaited<ReturnType<typeof deliveryDaysQuery>>, paidAt: Date = new Date()): Generator<Step, void, unknown> {
  const [o] = read;
  if (!o || (o.min === null && o.max === null)) return;
  const { from, to } = promisedDates(saoPauloDate(paidAt), o.min, o.max);
  yield* write(tx.update(orders).set({ deliveryFromDate: from, deliveryToDate: to }).where(eq(orders.id, orderId)));
}
