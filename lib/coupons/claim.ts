/**
 * Using a coupon, atomically with the order that uses it.
 *
 * `claimCoupon` is a transaction step (db/driver.ts generator style) the caller yields inside the
 * SAME transaction that inserts the order. Both drivers run it as BEGIN IMMEDIATE, so no other
 * connection or process writes between the checks and the insert. The limit is kept by a
 * compare-and-set on `coupons.uses_count` (`… SET uses_count = uses_count + 1 WHERE uses_count <
 * max_uses`): a use is counted only when that update changed a row, so concurrent checkouts in
 * any number of processes never pass the limit (claim.concurrency.test.ts proves it).
 *
 * The rule on uses: a use counts when the order is placed, and is given back when the order
 * ends unpaid (expired or canceled): lib/payments/coupon-uses.ts, in the transaction that moves
 * the order, once (a compare-and-set on orders.coupon_released_at), however many webhooks and
 * reconciliations report the end. A late payment, or a new Pix on the expired order, counts it
 * again, beyond the limit if need be: that order already carries the discount.
 * "Um por CPF" looks at every order placed with the coupon whose use still counts.
 */
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { get, run, type AnyDb, type Step } from '@/db/driver';
import { coupons, orders } from '@/db/schema';
import { couponDiscountCents } from '@/lib/orders/pricing';
import { checkCoupon, couponMessage, normalizeCouponCode, type CouponCheck } from './rules';

/** Thrown inside the order's transaction to roll it back when the coupon no longer applies. */
export class CouponRefused extends Error {
  constructor(readonly refusal: Extract<CouponCheck, { ok: false }>) {
    super(`coupon refused: ${refusal.reason}`);
  }
}

/**
 * Checks code `code` for an order of `itemsCents` by `document` on `today`, and counts the use.
 * Returns the coupon's id, its stored code and the discount; throws CouponRefused.
 */
export function* claimCoupon(
  tx: AnyDb<AppSchema>,
  code: string,
  o: { itemsCents: number; today: string; document: string },
): Generator<Step, { id: string; code: string; discountCents: number }, unknown> {
  const coupon = yield* get(tx.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(code))));
  const check = checkCoupon(coupon, o);
  if (!check.ok) throw new CouponRefused(check);
  const c = check.coupon;
  if (c.onePerDocument) {
    const used = yield* get(
      tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.couponId, c.id), eq(orders.buyerDocument, o.document), isNull(orders.couponReleasedAt))),
    );
    if (Number(used?.n ?? 0) > 0) throw new CouponRefused({ ok: false, reason: 'used_by_document', message: couponMessage('used_by_document') });
  }
  const changed = yield* run(
    tx
      .update(coupons)
      .set({ usesCount: sql`${coupons.usesCount} + 1` })
      .where(and(eq(coupons.id, c.id), isNull(coupons.disabledAt), or(isNull(coupons.maxUses), lt(coupons.usesCount, coupons.maxUses)))),
  );
  if (changed !== 1) throw new CouponRefused({ ok: false, reason: 'sold_out', message: 'Cupom esgotado' });
  return { id: c.id, code: c.code, discountCents: couponDiscountCents(o.itemsCents, c) };
}

