/**
 * A subscription's cycle as an order (lib/subscriptions calls it for every cycle, the checkout's
 * first included): one line, the subscribed variant at the subscription's unit price (never the
 * form's, never the catalog's current price: the price in force was noticed to the subscriber),
 * delivery quoted afresh for the saved address, the charge's due date counted from the shop's
 * clock. It goes through placeOrder with a checkout key derived from the subscription and the
 * cycle, so a cycle has one order whoever places it, however often (the key is unique, and a
 * charge whose answer was lost is re-sent with the same Idempotency-Key).
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database } from '@/db';
import { orders, payments, currentPaymentOf, type Order } from '@/db/schema';
import { preparedQuery } from '@/db/statements';
import { itemsOfProducts, type CatalogItem } from '@/lib/catalog';
import { placeOrder, PROVIDER_DID_NOT_ANSWER, TRY_AGAIN } from '@/lib/checkout/place-order';
import { beforePricingOf, beforePricingQueries, type BeforePricing, type PlaceContext } from '@/lib/checkout/place-context';
import { shopNow } from '@/lib/embedded-provider/clock';
import { getSettings, type PaymentSettings } from '@/lib/payment-settings/settings';
import { promotionContext, type PromotionContext } from '@/lib/promotions/promotions';
import { deliveryOptions, type DeliveryOption } from '@/lib/shipping';

export type CycleAddress = { zip: string; street: string; number: string; complement?: string; neighborhood: string; city: string; state: string };

export type CycleOrder = {
  checkoutKey: string;
  method: 'pix' | 'boleto';
  productId: number;
  variantId: number;
  quantity: number;
  unitPriceCents: number;
  buyer: { name: string; document: string; email: string; phone?: string; whatsappConsent?: boolean };
  shipping: 'delivery' | 'pickup' | 'none';
  /** The "Forma de entrega" chosen at subscription ('me-2', 'tabela'); the cheapest when it is gone. */
  freightId: string | null;
  address: CycleAddress | null;
  /** The shop's clock's São Paulo date: the charge's due date counts from it. */
  today: string;
};

export type CyclePlaced =
  | { ok: true; orderId: string; orderToken: string; totalCents: number }
  | { ok: false; reason: 'sold_out' | 'in_doubt' | 'refused'; error: string; fieldErrors?: Partial<Record<string, string>>; freightOptions?: DeliveryOption[] };

export const CYCLE_SOLD_OUT = 'Produto esgotado: esta entrega não foi cobrada.';

/**
 * What every cycle of one pass of the cycle job reads alike, read once for the pass (a pass is
 * short: the cron's share, or one loop pass): the payment settings, the shop's name and shipping
 * row, the live promotions, and the subscribed products' catalog rows. Per cycle there is still
 * the order its checkout key may already have made (read fresh, as placeOrder would), and the
 * stock is checked where the order is written, in its transaction. A product the snapshot says is
 * sold out is read again before the cycle is said sold out (stock may have come back).
 */
export class CycleReads {
  private readonly reads = new Map<string, Promise<unknown>>();

  /** `read()` once per key; a failed read is forgotten, so the next cycle tries again. */
  private once<T>(key: string, read: () => Promise<T>, fresh = false): Promise<T> {
    let found = fresh ? undefined : (this.reads.get(key) as Promise<T> | undefined);
    if (!found) {
      const reading = read();
      found = reading;
      this.reads.set(key, reading);
      reading.catch(() => {
        if (this.reads.get(key) === reading) this.reads.delete(key);
      });
    }
    return found;
  }

  paymentSettings(): Promise<PaymentSettings> {
    return this.once('settings', getSettings);
  }

  /** The shop's name, shipping rules and carrier settings (placeOrder's reads before pricing, but the order). */
  shopRows(): Promise<Omit<BeforePricing, 'checkoutKey' | 'existing'>> {
    return this.once('shop', async () => {
      // The same reads as placeOrder's, but the order of a key (each cycle reads its own).
      const [, identity, shippingRows] = await database().batch(beforePricingQueries(''));
      const { shop, rules, carrier } = beforePricingOf('', [], identity, shippingRows);
      return { shop, rules, carrier };
    });
  }

  catalog(productId: number, fresh = false): Promise<CatalogItem[]> {
    return this.once(`catalog:${productId}`, () => itemsOfProducts([productId]), fresh);
  }

  promotionsOf(productId: number): Promise<PromotionContext> {
    return this.once(`promotions:${productId}`, () => promotionContext([productId], shopNow()));
  }
}

/** The order a cycle's checkout key already made (a crash before the cycle stored it), with its current payment. */
const existingOrderByKey = preparedQuery((d: ReturnType<typeof database>['db']) =>
  d
    .select({ order: orders, paymentId: payments.id })
    .from(orders)
    .leftJoin(payments, currentPaymentOf(orders.id))
    .where(eq(orders.checkoutKey, sql.placeholder('key')))
    .limit(1)
    .prepare(),
);

const orderByToken = preparedQuery((d: ReturnType<typeof database>['db']) =>
  d.select({ id: orders.id, totalCents: orders.totalCents }).from(orders).where(eq(orders.token, sql.placeholder('token'))).prepare(),
);

async function existingOrder(checkoutKey: string): Promise<{ order: Order; paymentId?: string } | undefined> {
  const [found] = (await existingOrderByKey.on(database().db, { key: checkoutKey }).all()) as { order: Order; paymentId: string | null }[];
  return found ? { order: found.order, paymentId: found.paymentId ?? undefined } : undefined;
}

const itemOf = (catalog: CatalogItem[], c: CycleOrder) => catalog.find((i) => i.variantId === c.variantId);
const soldOut = (item: CatalogItem | undefined, c: CycleOrder) => !item || (item.stock !== null && item.stock < c.quantity);

/** `reads`: the pass's shared reads (cycles.ts); a lone cycle (the checkout's first) reads its own. */
export async function placeCycleOrder(c: CycleOrder, reads: CycleReads = new CycleReads()): Promise<CyclePlaced> {
  let catalog = await reads.catalog(c.productId);
  if (soldOut(itemOf(catalog, c), c)) catalog = await reads.catalog(c.productId, true);
  const item = itemOf(catalog, c);
  if (!item || soldOut(item, c)) return { ok: false, reason: 'sold_out', error: CYCLE_SOLD_OUT };
  const priced = catalog.map((i) => (i.variantId === c.variantId ? { ...i, priceCents: c.unitPriceCents } : i));
  const [settings, shop, promotions, existing] = await Promise.all([reads.paymentSettings(), reads.shopRows(), reads.promotionsOf(c.productId), existingOrder(c.checkoutKey)]);
  const ships = item.requiresShipping && c.shipping !== 'none';
  let freight: { id: string; shownCents: number } | undefined;
  if (ships && c.shipping === 'delivery' && c.address) {
    const parcel = { id: String(item.variantId), quantity: c.quantity, unitCents: c.unitPriceCents, weightGrams: item.weightGrams, heightCm: item.heightCm, widthCm: item.widthCm, lengthCm: item.lengthCm };
    const offered = await deliveryOptions({ zip: c.address.zip, lines: [parcel], itemsCents: c.unitPriceCents * c.quantity, rules: shop.rules, carrier: shop.carrier });
    if (!offered.ok) return { ok: false, reason: 'in_doubt', error: offered.message };
    const cheapest = [...offered.options].sort((a, b) => a.cents - b.cents)[0];
    const option = offered.options.find((o) => o.id === c.freightId) ?? cheapest;
    if (option) freight = { id: option.id, shownCents: option.cents };
  }
  // The subscription's price is the price: the shop's Pix discount does not stack on it.
  const context: PlaceContext = { catalog: priced, settings: { ...settings, pixDiscountBps: 0 }, before: { checkoutKey: c.checkoutKey, existing, ...shop }, promotions };
  const result = await placeOrder(
    {
      checkoutKey: c.checkoutKey,
      method: c.method,
      items: [{ productId: c.productId, variantId: c.variantId, quantity: c.quantity }],
      buyer: c.buyer,
      ...(c.address ? { address: c.address } : {}),
      shipping: c.shipping === 'pickup' ? 'pickup' : 'delivery',
      ...(ships && c.shipping === 'delivery' && c.address ? { delivery: c.address } : {}),
      ...(freight ? { freight } : {}),
    },
    { context, today: c.today },
  );
  if (!result.ok) {
    if (result.error === PROVIDER_DID_NOT_ANSWER || result.error === TRY_AGAIN) return { ok: false, reason: 'in_doubt', error: result.error };
    if (result.fieldErrors?.items) return { ok: false, reason: 'sold_out', error: CYCLE_SOLD_OUT };
    return { ok: false, reason: 'refused', error: result.error, ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}), ...(result.freightOptions ? { freightOptions: result.freightOptions } : {}) };
  }
  const [order] = await orderByToken.on(database().db, { token: result.orderToken }).all();
  return { ok: true, orderId: order.id, orderToken: result.orderToken, totalCents: order.totalCents };
}

/** The delivery address's one schema (order-input.ts), for a subscription's new address. */
export { deliveryAddressSchema } from '@/lib/checkout/order-input';
