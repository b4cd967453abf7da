/**
 * "Chega entre …" counts from the day the order is PAID, not the day it was placed: a boleto
 * paid three days later gets fresh dates. Inside the paying transaction
 * (lib/payments/state-effects.ts), the promise's working days are counted again from the São
 * Paulo date of the payment, skipping weekends and national holidays (working-days.ts).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { addWorkingDays } from './working-days';

export function promisedDates(paidOn: string, minDays: number | null, maxDays: number | null): { from: string | null; to: string | null } {
  return { from: minDays === null ? null : addWorkingDays(paidOn, minDays), to: maxDays === null ? null : addWorkingDays(paidOn, maxDays) };
}

export function* renewDeliveryPromise(tx: Tx, orderId: string, paidAt: Date = new Date()): Generator<Step, void, unknown> {
  const o = yield* get(tx.select({ min: orders.deliveryMinDays, max: orders.deliveryMaxDays }).from(orders).where(eq(orders.id, orderId)));
  if (!o || (o.min === null && o.max === null)) return;
  const { from, to } = promisedDates(saoPauloDate(paidAt), o.min, o.max);
  yield* run(tx.update(orders).set({ deliveryFromDate: from, deliveryToDate: to }).where(eq(orders.id, orderId)));
}
