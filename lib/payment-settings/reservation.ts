/**
 * "Reserva de estoque": an unpaid order holds its stock units and its place on a limited
 * payment link only for the shop's `stockHoldMinutes` (default 60) after it was placed. A
 * boleto stays payable for days; without this, one made-up order could keep a one-unit product
 * "Esgotado" and a one-off link "em andamento" for the boleto's whole life. After the window the
 * units and the place return (lib/catalog/stock.ts `releaseLapsedHolds`, lib/links/place.ts);
 * a payment that arrives later takes them again or flags the order (state-effects.ts).
 *
 * Time is the app's clock (Date.now(), which tests fix), compared with orders.created_at, which
 * placeOrder writes from the same clock.
 */
import { eq } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { get, type AnyDb, type Step } from '@/db/driver';
import { merchantSettings } from '@/db/schema';
import { DEFAULT_SETTINGS } from './settings';

/** Orders placed at or after this instant (ISO, like created_at) still hold what they took. */
export function reservationCutoff(stockHoldMinutes: number, nowMs = Date.now()): string {
  return new Date(nowMs - stockHoldMinutes * 60_000).toISOString();
}

/** The cutoff read inside a transaction (the settings as that transaction sees them). */
export function* reservationCutoffIn(tx: AnyDb<AppSchema>, nowMs = Date.now()): Generator<Step, string, unknown> {
  const row = yield* get(tx.select({ minutes: merchantSettings.stockHoldMinutes }).from(merchantSettings).where(eq(merchantSettings.id, 1)));
  return reservationCutoff(row?.minutes ?? DEFAULT_SETTINGS.stockHoldMinutes, nowMs);
}
