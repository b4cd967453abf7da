/**
 * The sale price of a variant while a promotion applies, in centavos, or null: what one unit
 * costs in a one-unit cart under the item promotions live on the shop's clock, by the same
 * engine the checkout prices with (lib/promotions/engine.ts). Only a promotion that makes a
 * single unit cheaper counts ("Leve 3, pague 2" does not: the feed cannot promise it), and only
 * a price lower than the regular one and above zero is a sale price (Google refuses the others).
 */
import { applyPromotions } from '@/lib/promotions/engine';
import type { LivePromotion } from '@/lib/promotions/rules';

export type SalePriceQuery = { productId: number; categoryIds: readonly number[]; priceCents: number };

/** The item promotions that can discount a single unit; read once per feed, then asked per item. */
export function unitPromotions(live: readonly LivePromotion[]): LivePromotion[] {
  return live.filter((p) => p.type === 'progressive');
}

export function salePriceOf(q: SalePriceQuery, promotions: readonly LivePromotion[]): number | null {
  if (promotions.length === 0 || q.priceCents <= 0) return null;
  const { totalCents } = applyPromotions([{ productId: q.productId, categoryIds: q.categoryIds, unitPriceCents: q.priceCents, quantity: 1 }], promotions);
  const sale = q.priceCents - totalCents;
  return totalCents > 0 && sale > 0 ? sale : null;
}
