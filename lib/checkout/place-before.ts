/**
 * What placing an order reads before pricing it, but the catalog: the order this submit's
 * checkoutKey may already have made (with its current payment), the shop's name (the charge's
 * description) and its shipping row. Its queries are exported so that the checkout's submit
 * sends them in its own batch, with the rate limit and the cart, and hands
 * what they read to placeOrder (lib/checkout/place-order.ts), which then reads nothing again.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders, payments, shippingSettings, type Order, currentPaymentOf } from '@/db/schema';
import { identityOf, identityQuery } from '@/lib/shop/identity';
import { rulesOf } from '@/lib/shipping/settings';
import { carrierSettingsOf } from '@/lib/shipping/carrier';

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

/** Its reads, for a caller that sends them in a batch with its own (the checkout's submit). */
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

