/**
 * "Forma de entrega" for a CEP: the options for the shopper's cart (the checkout, read from the
 * cookie, never the page) or for one variant (the product page's "Calcular frete"), priced as
 * placeOrder will price them (lib/shipping/options.ts). Rate-limited like the CEP lookup.
 */
import 'server-only';
import { readCart } from '@/lib/checkout/cart/cart';
import type { CatalogItem } from '@/lib/catalog/catalog';
import { hit } from '@/lib/security/rate-limit';
import { getCarrierSettings } from '@/lib/shipping/carrier';
import { deliveryOptions, type CartParcel, type DeliveryOptions } from '@/lib/shipping/options';
import { getShippingRules } from '@/lib/shipping/settings';

export const QUOTE_RATE_LIMITED = 'Muitas consultas de frete. Aguarde um minuto.';

function parcelOf(p: Pick<CatalogItem, 'variantId' | 'priceCents' | 'weightGrams' | 'heightCm' | 'widthCm' | 'lengthCm'>, quantity: number): CartParcel {
  return { id: String(p.variantId), quantity, unitCents: p.priceCents, weightGrams: p.weightGrams, heightCm: p.heightCm, widthCm: p.widthCm, lengthCm: p.lengthCm };
}

async function optionsFor(zip: string, lines: CartParcel[], itemsCents: number, ip: string): Promise<DeliveryOptions> {
  if (!(await hit('cep', ip)).ok) return { ok: false, message: QUOTE_RATE_LIMITED };
  const [rules, carrier] = await Promise.all([getShippingRules(), getCarrierSettings()]);
  return deliveryOptions({ zip, lines, itemsCents, rules, carrier });
}

export async function cartDeliveryOptions(zip: string, ip: string): Promise<DeliveryOptions> {
  const cart = await readCart();
  const lines = cart.lines.filter((l) => l.product.requiresShipping).map((l) => parcelOf(l.product, l.quantity));
  if (lines.length === 0) return { ok: false, message: 'Nada neste carrinho precisa de entrega.' };
  return optionsFor(zip, lines, cart.subtotalCents, ip);
}

export async function productDeliveryOptions(item: CatalogItem, zip: string, ip: string): Promise<DeliveryOptions> {
  if (!item.requiresShipping) return { ok: false, message: 'Este produto não precisa de entrega.' };
  return optionsFor(zip, [parcelOf(item, 1)], item.priceCents, ip);
}
