/**
 * The place-order context: what placing an order reads before pricing it (the shop's settings,
 * the catalog rows of its lines, the order this submit's checkoutKey may already have made with
 * its current payment, the shop's name for the charge's description, its shipping row). placeOrder
 * (lib/checkout/place-order.ts) reads whatever its caller's context lacks. A caller that reads in
 * one batch of its own (the cart checkout's submit: with its rate limit) takes the queries and the
 * context from `cartPlacementReads`, and never sees the queries' rows.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { database } from '@/db';
import { orders, payments, shippingSettings, type Order, currentPaymentOf } from '@/db/schema';
import type { CatalogItem } from '@/lib/catalog';
import type { PaymentSettings } from '@/lib/payment-settings/settings';
import type { PromotionContext } from '@/lib/promotions/promotions';
import { identityOf, identityQuery } from '@/lib/shop';
import { rulesOf, carrierSettingsOf } from '@/lib/shipping';
import { cartWithSettingsOf, cartWithSettingsQueries, type CartWithSettings } from '@/lib/checkout/cart/cart';
import type { CartLine } from '@/lib/checkout/cart/cart-cookie';

/** The order a submit with this key already made, and its current payment. */
export function existingOrderQuery(checkoutKey: string) {
  return database()
    .db.select({ order: orders, paymentId: payments.id })
    .from(orders)
    .leftJoin(payments, currentPaymentOf(orders.id))
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1);
}

/** What placing reads before pricing, but the catalog: the order of this key, the shop's name, its shipping row. */
export type BeforePricing = {
  checkoutKey: string;
  existing: { order: Order; paymentId?: string } | undefined;
  shop: string;
  rules: ReturnType<typeof rulesOf>;
  carrier: ReturnType<typeof carrierSettingsOf>;
};

/** Its reads, sent in one batch by placeOrder or by cartPlacementReads' caller. */
export function beforePricingQueries(checkoutKey: string) {
  const { db } = database();
  return [existingOrderQuery(checkoutKey), identityQuery(), db.select().from(shippingSettings).where(eq(shippingSettings.id, 1))] as const;
}

type BeforePricingRows<I extends number> = Awaited<ReturnType<typeof beforePricingQueries>[I]>;

export function beforePricingOf(checkoutKey: string, existing: BeforePricingRows<0>, identity: BeforePricingRows<1>, shippingRows: BeforePricingRows<2>): BeforePricing {
  const [row] = shippingRows;
  return {
    checkoutKey,
    existing: existing[0] ? { order: existing[0].order, paymentId: existing[0].paymentId ?? undefined } : undefined,
    shop: identityOf(identity).name,
    rules: rulesOf(row),
    carrier: carrierSettingsOf(row),
  };
}


/**
 * What a caller already read for this placement: placeOrder reads what is missing. A subscription's
 * cycle gives its own `catalog` (the subscription's price) and `settings` (no Pix discount), and
 * the rest its pass read once for all its cycles (place-cycle.ts `CycleReads`).
 */
export type PlaceContext = { settings?: PaymentSettings; catalog?: CatalogItem[]; before?: BeforePricing; promotions?: PromotionContext };

/**
 * A cart checkout's reads, for one batch with its caller's own (the rate limit's hit): the cart
 * priced from the catalog, the settings, and the rest of what placing its order reads first.
 * `read` turns the batch's rows into the cart and the context to hand to placeOrder.
 */
export function cartPlacementReads(lines: readonly CartLine[], checkoutKey: string) {
  const queries = [...cartWithSettingsQueries(lines), ...beforePricingQueries(checkoutKey)] as const;
  const read = ([rows, settingsRows, existing, identity, shippingRows]: BatchResponse<typeof queries>): CartWithSettings & { context: PlaceContext; placedWith: (key: string) => string | undefined } => {
    const { cart, catalog, settings } = cartWithSettingsOf(lines, rows, settingsRows);
    const before = beforePricingOf(checkoutKey, existing, identity, shippingRows);
    // The token of the order a submit with `key` already made (a duplicate submit after the first cleared the cart).
    const placedWith = (key: string) => (key === checkoutKey ? before.existing?.order.token : undefined);
    return { cart, catalog, settings, context: { settings, catalog, before }, placedWith };
  };
  return { queries, read };
}
