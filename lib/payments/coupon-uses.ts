/**
 * A coupon's use follows its order's payment (lib/coupons/claim.ts counts it when the order is
 * placed): given back when the order ends unpaid, counted again when it comes back. Transaction
 * steps, yielded by the one writer of payment state inside the transaction that moves the order
 * (state-effects.ts, attempts.ts). Each is a compare-and-set on orders.coupon_released_at, so a
 * duplicate webhook, a racing reconciliation or a second instance never moves a use twice.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { get, run, write, type AnyDb, type Step } from '@/db/driver';
import { coupons, orders } from '@/db/schema';

/**
 * The order ended unpaid: its coupon use is given back, once. Returns whether this call gave it
 * back (false: no coupon, or already given back by a racing webhook or reconciliation).
 */
export function* releaseCouponUse(tx: AnyDb<AppSchema>, orderId: string, nowIso = new Date().toISOString()): Generator<Step, boolean, unknown> {
  const released = yield* get(
    tx
      .update(orders)
      .set({ couponReleasedAt: nowIso })
      .where(and(eq(orders.id, orderId), isNotNull(orders.couponId), isNull(orders.couponReleasedAt)))
      .returning({ couponId: orders.couponId }),
  );
  if (!released?.couponId) return false;
  yield* run(tx.update(coupons).set({ usesCount: sql`max(${coupons.usesCount} - 1, 0)` }).where(eq(coupons.id, released.couponId)));
  return true;
}

/**
 * The order is back (paid late, or a new Pix on it): the use given back counts again, once.
 * Held writes with their guard in the SQL (the coupon counted only while the order's use is
 * given back, then the order marked as counting it), so the one writer can send them in one
 * batch without reading first; the same two statements inside any transaction.
 */
export function* retakeCouponUse(tx: AnyDb<AppSchema>, orderId: string): Generator<Step, void, unknown> {
  yield* write(
    tx
      .update(coupons)
      .set({ usesCount: sql`${coupons.usesCount} + 1` })
      .where(eq(coupons.id, sql`(select ${orders.couponId} from ${orders} where ${orders.id} = ${orderId} and ${orders.couponReleasedAt} is not null)`)),
  );
  yield* write(tx.update(orders).set({ couponReleasedAt: null }).where(and(eq(orders.id, orderId), isNotNull(orders.couponReleasedAt))));
}
