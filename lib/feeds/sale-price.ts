/**
 * The sale price of a variant while a promotion applies, in centavos, or null. Promotions are
 * not in this app yet: when they are (Promoções), this is the one place the feeds ask, and
 * g:sale_price / sale_price follow by themselves. Only a price lower than the regular one is
 * a sale price (Google refuses one that is not).
 */
export type SalePriceQuery = { productId: number; variantId: number; priceCents: number };

export function salePriceOf(q: SalePriceQuery): number | null {
  void q;
  return null;
}
