/**
 * "Forma de entrega" for a CEP: the options for the shopper's cart (the checkout, read from the
 * cookie, never the page) or for one variant (the product page's "Calcular frete"), priced as
 * placeOrder will price them (lib/shipping/options.ts). Rate-limited like the CEP lookup.
 */
import 'server-only';
import { readCart } from '@/lib/checkout/cart/cart';
import type { CatalogItem } from '@/lib/catalog';
import { hit } from '@/lib/security';
import { getCarrierSettings, deliveryOptions, type CartParcel, type DeliveryOptions, getShippingRules } from '@/lib/shipping';
import { saoPauloDate } from '@balcao/br/dates';
import { couponByCode } from '@/lib/coupons/coupons';
import { checkCoupon } from '@/lib/coupons/rules';
import { cartPromotions, nudgeFor, nudgeText } from './cart-promotions';
import { applyFreeShipping } from './promotion-shipping';

export const QUOTE_RATE_LIMITED = 'Muitas consultas de frete. Aguarde um minuto.';

function parcelOf(p: Pick<CatalogItem, 'variantId' | 'priceCents' | 'weightGrams' | 'heightCm' | 'widthCm' | 'lengthCm'>, quantity: number): CartParcel {
  return { id: String(p.variantId), quantity, unitCents: p.priceCents, weightGrams: p.weightGrams, heightCm: p.heightCm, widthCm: p.widthCm, lengthCm: p.lengthCm };
}

async function optionsFor(zip: string, lines: CartParcel[], itemsCents: number, ip: string): Promise<DeliveryOptions> {
  if (!(await hit('cep', ip)).ok) return { ok: false, message: QUOTE_RATE_LIMITED };
  const [rules, carrier] = await Promise.all([getShippingRules(), getCarrierSettings()]);
  return deliveryOptions({ zip, lines, itemsCents, rules, carrier });
}

/**
 * The cart's options with its free shipping applied (a "Frete grátis" promotion for this CEP, or
 * the coupon `coupon` when it is one), as placeOrder prices them; `nudge`: what is missing for
 * free shipping at this CEP, or that it is won.
 */
export async function cartDeliveryOptions(zip: string, ip: string, coupon?: string): Promise<DeliveryOptions & { nudge?: string }> {
  const cart = await readCart();
  const lines = cart.lines.filter((l) => l.product.requiresShipping).map((l) => parcelOf(l.product, l.quantity));
  if (lines.length === 0) return { ok: false, message: 'Nada neste carrinho precisa de entrega.' };
  const offered = await optionsFor(zip, lines, cart.subtotalCents, ip);
  if (!offered.ok) return offered;
  const [promos, rules] = await Promise.all([cartPromotions(cart, { ships: true, freeAboveCents: null }), getShippingRules()]);
  const couponFreeShipping = coupon ? await freeShippingCoupon(coupon, cart.subtotalCents - promos.promotionCents) : false;
  const digits = zip.replace(/\D/g, '');
  const options = applyFreeShipping(offered.options, { ...promos.freeShipping, couponFreeShipping }, digits);
  const nudge = couponFreeShipping ? { free: true as const } : nudgeFor(promos.freeShipping, digits, cart.subtotalCents, rules.freeAboveCents);
  return { ...offered, options, ...(nudge ? { nudge: nudgeText(nudge) } : {}) };
}

async function freeShippingCoupon(code: string, itemsCents: number): Promise<boolean> {
  const check = checkCoupon(await couponByCode(code.trim().toUpperCase()), { itemsCents, today: saoPauloDate() });
  return check.ok && check.coupon.kind === 'free_shipping';
}

export async function productDeliveryOptions(item: CatalogItem, zip: string, ip: string): Promise<DeliveryOptions> {
  if (!item.requiresShipping) return { ok: false, message: 'Este produto não precisa de entrega.' };
  return optionsFor(zip, [parcelOf(item, 1)], item.priceCents, ip);
}
