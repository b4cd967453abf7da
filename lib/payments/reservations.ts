/**
 * The sweep that ends lapsed reservations ("Reserva de estoque", lib/payment-settings/reservation.ts):
 * every pending order placed longer ago than the shop's window gives its stock units back, so
 * the catalog shows them again although the charge stays payable. Runs with every
 * reconciliation pass (the in-process scheduler each minute, and the cron route); a checkout
 * also releases its own cart's lapsed units inside its transaction, so it never waits for this.
 * Link places need no sweep: they are counted from the orders' times at each claim.
 */
import 'server-only';
import { database } from '@/db';
import { releaseLapsedHolds } from '@/lib/catalog';
import { reservationCutoffIn } from '@/lib/payment-settings/reservation';
import { logger } from '@/lib/server/log';

/** Returns the units given back. */
export async function releaseLapsedReservations(nowMs = Date.now()): Promise<number> {
  const units = await database().transaction(function* (tx) {
    return yield* releaseLapsedHolds(tx, yield* reservationCutoffIn(tx, nowMs));
  });
  if (units > 0) logger().info({ units }, 'lapsed stock reservations released');
  return units;
}
