/**
 * The shipping part of an order's money (pure, integer centavos): nothing when no product in it
 * ships; else pickup at the shop (free, where offered) or delivery to an address, priced by the
 * shop's rules (lib/shipping/quote.ts) on the items' subtotal, for the UF the CEP belongs to
 * (@balcao/br/cep-uf: a UF chosen against the CEP is refused next to the UF field). The charge
 * (chargeCents, lib/orders/pricing.ts) is items − coupon − Pix discount + shipping: the Pix
 * discount never applies to shipping.
 */
import { ufOfCep } from '@balcao/br/cep-uf';
import { CEP_WITHOUT_UF_MESSAGE, cepUfMismatchMessage } from '@/lib/checkout/cep-uf-message';
import { CHECK_FIELDS_MESSAGE, type FieldErrors } from '@/lib/checkout/fields';
import { deliveryAddressSchema, fieldErrorsOf, type DeliveryAddress } from '@/lib/checkout/order-input';
import { quoteShipping, type ShippingRules } from '@/lib/shipping';

export type OrderShipping =
  | { ok: true; method: null; cents: 0 }
  | { ok: true; method: 'delivery'; cents: number; freeByThreshold: boolean; delivery: DeliveryAddress }
  | { ok: true; method: 'pickup'; cents: 0; pickupAddress: string }
  | { ok: false; error: string; fieldErrors: FieldErrors };

/** Whether anything in these products ships. */
export function anyShips(products: readonly { requiresShipping: boolean }[]): boolean {
  return products.some((p) => p.requiresShipping);
}

export function shippingForOrder(o: {
  needsDelivery: boolean;
  shipping: 'delivery' | 'pickup';
  /** The validated delivery address, when the buyer gave one. */
  delivery: DeliveryAddress | undefined;
  rules: ShippingRules;
  itemsCents: number;
}): OrderShipping {
  if (!o.needsDelivery) return { ok: true, method: null, cents: 0 };
  if (o.shipping === 'pickup') {
    const q = quoteShipping(o.rules, { kind: 'pickup' }, o.itemsCents);
    if (!q.ok) return { ok: false, error: q.message, fieldErrors: { shipping: q.message } };
    return { ok: true, method: 'pickup', cents: 0, pickupAddress: q.ok && q.kind === 'pickup' ? q.address : '' };
  }
  if (!o.delivery) {
    // Something ships and no address came: name each missing part, as the form would.
    const r = deliveryAddressSchema.safeParse({});
    return { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: r.success ? {} : fieldErrorsOf(r.error.issues) };
  }
  // The CEP decides the state, never the UF typed beside it: a Manaus CEP with "SP" chosen must
  // not pay São Paulo's shipping (nor read "Manaus/SP" on the order).
  const cepUf = ufOfCep(o.delivery.zip);
  if (!cepUf) return { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { zip: CEP_WITHOUT_UF_MESSAGE } };
  if (cepUf !== o.delivery.state) return { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { state: cepUfMismatchMessage(cepUf) } };
  const q = quoteShipping(o.rules, { kind: 'delivery', state: cepUf }, o.itemsCents);
  if (!q.ok) return { ok: false, error: q.message, fieldErrors: { state: q.message } };
  if (q.kind !== 'delivery') throw new Error('unreachable: a delivery quote');
  return { ok: true, method: 'delivery', cents: q.cents, freeByThreshold: q.freeByThreshold, delivery: o.delivery };
}
