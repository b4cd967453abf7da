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
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { itemsOfProducts } from '@/lib/catalog';
import { placeOrder, PROVIDER_DID_NOT_ANSWER, TRY_AGAIN } from '@/lib/checkout/place-order';
import { getSettings } from '@/lib/payment-settings/settings';
import { getCarrierSettings, deliveryOptions, type DeliveryOption, getShippingRules } from '@/lib/shipping';

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

export async function placeCycleOrder(c: CycleOrder): Promise<CyclePlaced> {
  const catalog = await itemsOfProducts([c.productId]);
  const item = catalog.find((i) => i.variantId === c.variantId);
  if (!item || (item.stock !== null && item.stock < c.quantity)) return { ok: false, reason: 'sold_out', error: CYCLE_SOLD_OUT };
  const priced = catalog.map((i) => (i.variantId === c.variantId ? { ...i, priceCents: c.unitPriceCents } : i));
  const ships = item.requiresShipping && c.shipping !== 'none';
  let freight: { id: string; shownCents: number } | undefined;
  if (ships && c.shipping === 'delivery' && c.address) {
    const [rules, carrier] = await Promise.all([getShippingRules(), getCarrierSettings()]);
    const parcel = { id: String(item.variantId), quantity: c.quantity, unitCents: c.unitPriceCents, weightGrams: item.weightGrams, heightCm: item.heightCm, widthCm: item.widthCm, lengthCm: item.lengthCm };
    const offered = await deliveryOptions({ zip: c.address.zip, lines: [parcel], itemsCents: c.unitPriceCents * c.quantity, rules, carrier });
    if (!offered.ok) return { ok: false, reason: 'in_doubt', error: offered.message };
    const cheapest = [...offered.options].sort((a, b) => a.cents - b.cents)[0];
    const option = offered.options.find((o) => o.id === c.freightId) ?? cheapest;
    if (option) freight = { id: option.id, shownCents: option.cents };
  }
  const settings = await getSettings();
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
    // The subscription's price is the price: the shop's Pix discount does not stack on it.
    { context: { catalog: priced, settings: { ...settings, pixDiscountBps: 0 } }, today: c.today },
  );
  if (!result.ok) {
    if (result.error === PROVIDER_DID_NOT_ANSWER || result.error === TRY_AGAIN) return { ok: false, reason: 'in_doubt', error: result.error };
    if (result.fieldErrors?.items) return { ok: false, reason: 'sold_out', error: CYCLE_SOLD_OUT };
    return { ok: false, reason: 'refused', error: result.error, ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}), ...(result.freightOptions ? { freightOptions: result.freightOptions } : {}) };
  }
  const [order] = await database().db.select({ id: orders.id, totalCents: orders.totalCents }).from(orders).where(eq(orders.token, result.orderToken));
  return { ok: true, orderId: order.id, orderToken: result.orderToken, totalCents: order.totalCents };
}

/** The delivery address's one schema (order-input.ts), for a subscription's new address. */
export { deliveryAddressSchema } from '@/lib/checkout/order-input';
