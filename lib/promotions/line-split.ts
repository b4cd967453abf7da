/**
 * How an order's discounts fall on each of its lines (pure), for a refund of one line: the
 * promotions by the shares they kept (order_discounts.line_shares), then the coupon over what
 * the promotions left of each line, then the Pix discount over what the coupon left, each with
 * allocate()'s rounding (remainder on the last line). A line's refund is its net: its total
 * minus its three shares. The nets add up to the order's items minus its discounts.
 */
import { allocate } from './allocate';

export type LineSplit = { promotionCents: number; couponCents: number; pixCents: number; netCents: number };

export function splitDiscounts(o: { lineTotals: readonly number[]; promotionShares: readonly (readonly number[])[]; couponCents: number; pixCents: number }): LineSplit[] {
  const promo = o.lineTotals.map((t, i) => Math.min(t, o.promotionShares.reduce((s, shares) => s + (shares[i] ?? 0), 0)));
  const afterPromo = o.lineTotals.map((t, i) => t - promo[i]);
  const coupon = allocate(o.couponCents, afterPromo);
  const afterCoupon = afterPromo.map((c, i) => c - coupon[i]);
  const pix = allocate(o.pixCents, afterCoupon);
  return o.lineTotals.map((_, i) => ({ promotionCents: promo[i], couponCents: coupon[i], pixCents: pix[i], netCents: afterCoupon[i] - pix[i] }));
}
