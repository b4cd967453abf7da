/**
 * Placing an order, step 1 — price (lib/checkout/place-order.ts names the steps): the order's
 * lines and money from the catalog (a cart), the link (a payment link) or the session (an API
 * checkout), the coupon checked on them, shipping from the shop's rules and the catalog's word
 * on what ships (never the form's), delivery quoted again, and the total in integer centavos.
 * Nothing is written: the counts that must hold across processes (stock, the coupon's uses, a
 * link's places) are taken in the order's transaction (place-steps.ts).
 */
import 'server-only';
import { saoPauloDate } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { CatalogItem } from '@/lib/catalog';
import { CHECK_FIELDS_MESSAGE, type FieldErrors } from '@/lib/checkout/fields';
import { chooseFreight } from '@/lib/checkout/freight';
import type { ValidOrder } from '@/lib/checkout/order-input';
import { anyShips, shippingForOrder, type OrderShipping } from '@/lib/checkout/shipping';
import { sessionById, SESSION_REFUSAL_MESSAGES, type SessionRefusal } from '@/lib/checkout/sessions/sessions';
import { couponByCode } from '@/lib/coupons/coupons';
import { checkCoupon, couponMessage, type CouponCheck } from '@/lib/coupons/rules';
import { linkById } from '@/lib/links/links';
import { LINK_VARIANT_SOLD_OUT, linkVariantLine } from '@/lib/links/link-variant';
import { REFUSAL_MESSAGES, type LinkRefusal } from '@/lib/links/place';
import { chargeCents, MAX_ORDER_CENTS, priceLinkOrder, priceOrder, type PricedOrder } from '@/lib/orders/pricing';
import type { PaymentSettings } from '@/lib/payment-settings/settings';
import { type CarrierSettings, deliveryOptions, type CartParcel, type DeliveryOption, type ShippingRules } from '@/lib/shipping';
import { shopNow } from '@/lib/embedded-provider/clock';
import { promotionContext, type PromotionContext } from '@/lib/promotions/promotions';
import { applyFreeShipping, type FreeShippingInput } from '@/lib/checkout/promotion-shipping';
import { promotionChangedMessage, promotionChanges, promotionsSeen } from '@/lib/checkout/cart-promotions';
import { cartOffer } from '@/lib/checkout/offers';

export const OFFER_GONE_MESSAGE = 'A oferta que você marcou não está mais disponível. Confira o pedido e confirme de novo.';

type OrderFieldErrors = Omit<FieldErrors, 'checkoutKey' | 'method'>;

/** Why the order cannot be priced, as placeOrder answers it. */
export type PriceRefusal = { ok: false; error: string; fieldErrors?: OrderFieldErrors; sessionRefusal?: SessionRefusal; freightOptions?: DeliveryOption[]; /** The promotions now, for the form's next submit. */ promotionsNow?: string };

type PricedOk = Extract<PricedOrder, { ok: true }>;

/** A priced order, ready for its transaction. */
export type PricedPlacement = {
  ok: true;
  priced: PricedOk;
  shipping: Exclude<OrderShipping, { ok: false }>;
  freight: { cents: number; pricedBy: 'carrier' | 'table'; option: DeliveryOption } | null;
  shippingCents: number;
  totalCents: number;
  /** A "Frete grátis" coupon applied (its use is counted though it takes nothing off the items). */
  couponFreeShipping?: boolean;
};

/** What pricing reads besides the order: the shop's settings and shipping, and a cart's catalog rows. */
export type PriceContext = {
  settings: PaymentSettings;
  rules: ShippingRules;
  carrier: CarrierSettings;
  /** The catalog's rows of a cart's products, read this request (never the form's prices). */
  catalog?: CatalogItem[];
  /** The live promotions (tests and the bench pass them; otherwise read at the shop's clock). */
  promotions?: PromotionContext;
};

export function pricingError(refusal: Extract<PricedOrder, { ok: false }>): PriceRefusal {
  // The method is chosen on the form, but a refusal of it is said as a general message.
  if (refusal.field === 'method') return { ok: false, error: refusal.message };
  return { ok: false, error: refusal.message, fieldErrors: { [refusal.field ?? 'items']: refusal.message } };
}

/** The order priced, shipped and totalled, or why not. */
export async function pricePlacement(input: ValidOrder, ctx: PriceContext): Promise<PricedPlacement | PriceRefusal> {
  const priced = await priceOf(input, ctx);
  if (!priced.ok) {
    if ('reason' in priced) return { ok: false, error: priced.message, fieldErrors: { coupon: priced.message } };
    if ('sessionRefusal' in priced) return { ok: false, error: SESSION_REFUSAL_MESSAGES[priced.sessionRefusal] };
    return 'linkRefusal' in priced ? { ok: false, error: REFUSAL_MESSAGES[priced.linkRefusal] } : pricingError(priced);
  }
  // A promotion that started, ended or changed since the page was shown: said, and confirmed again.
  if ('items' in input && input.promotionsSeen !== undefined) {
    const changes = promotionChanges(input.promotionsSeen, priced.promotionDiscounts ?? []);
    if (changes.length > 0) {
      const message = promotionChangedMessage(changes);
      return { ok: false, error: message, fieldErrors: { items: message }, promotionsNow: promotionsSeen(priced.promotionDiscounts ?? []) };
    }
  }
  const shipping = shippingForOrder({
    needsDelivery: priced.ships === true,
    shipping: input.shipping,
    delivery: input.delivery,
    rules: ctx.rules,
    // Free shipping looks at the items at catalog prices, before the Pix discount.
    itemsCents: priced.itemsCents,
  });
  if (!shipping.ok) return { ok: false, error: shipping.error, fieldErrors: shipping.fieldErrors };
  // Delivery is quoted again here (the carrier's, or the UF table when it is off or fails): the
  // form only names the option and the price it showed; a changed price is refused, not charged.
  let freight: PricedPlacement['freight'] = null;
  if (shipping.method === 'delivery') {
    const quoted = await deliveryOptions({ zip: shipping.delivery.zip, lines: priced.parcels ?? [], itemsCents: priced.itemsCents, rules: ctx.rules, carrier: ctx.carrier });
    if (!quoted.ok) return { ok: false, error: quoted.message, fieldErrors: { state: quoted.message } };
    // "Frete grátis" (a promotion, or the coupon) as the page's quote showed it: the same function.
    const offered = priced.freeShipping ? { ...quoted, options: applyFreeShipping(quoted.options, priced.freeShipping, shipping.delivery.zip) } : quoted;
    const choice = chooseFreight(offered, input.freight);
    if (!choice.ok) return { ok: false, error: CHECK_FIELDS_MESSAGE, fieldErrors: { freight: choice.message }, freightOptions: choice.options };
    freight = { cents: choice.option.cents, pricedBy: choice.pricedBy, option: choice.option };
  }
  const shippingCents = freight ? freight.cents : shipping.cents;
  // items − coupon − Pix discount + shipping: the discount never applies to shipping.
  const totalCents = chargeCents({ itemsCents: priced.itemsCents, promotionDiscountCents: priced.promotionDiscountCents, couponDiscountCents: priced.couponDiscountCents, pixDiscountCents: priced.pixDiscountCents, shippingCents });
  if (totalCents > MAX_ORDER_CENTS) {
    return pricingError({ ok: false, message: `O valor máximo de um pedido com ${input.method === 'pix' ? 'Pix' : 'boleto'} é ${formatBRL(MAX_ORDER_CENTS)}.` });
  }
  const { ships: _ships, parcels: _parcels, freeShipping: _free, ...lines } = priced;
  return { ok: true, priced: lines, shipping, freight, shippingCents, totalCents, couponFreeShipping: priced.freeShipping?.couponFreeShipping === true };
}

/**
 * The order's lines and money (the catalog's prices for a cart, the link's for a payment link),
 * and whether anything in it ships (the catalog says; a link sells no physical product).
 */
async function priceOf(
  input: ValidOrder,
  ctx: PriceContext,
): Promise<
  (PricedOrder & { ships?: boolean; parcels?: CartParcel[]; freeShipping?: FreeShippingInput }) | { ok: false; linkRefusal: LinkRefusal } | { ok: false; sessionRefusal: SessionRefusal } | Extract<CouponCheck, { ok: false }>
> {
  const { settings } = ctx;
  if ('session' in input) {
    // The session's lines as the store created them (no Pix discount: the store set the price).
    const session = await sessionById(input.session.id);
    if (!session) return { ok: false, sessionRefusal: 'not_found' };
    if (!session.methods.includes(input.method)) return { ok: false, message: `Esta compra aceita só ${session.methods[0] === 'pix' ? 'Pix' : 'boleto'}.`, field: 'method' };
    // Nothing in a session ships (lib/public-api refuses products that need delivery).
    const itemsCents = session.amountTotalCents;
    return { ok: true, lines: session.lines, itemsCents, promotionDiscountCents: 0, couponDiscountCents: 0, pixDiscountCents: 0, pixDiscountBps: 0, totalCents: itemsCents, ships: false };
  }
  if ('link' in input) {
    const link = await linkById(input.link.id);
    if (!link) return { ok: false, linkRefusal: 'not_found' };
    if (input.coupon && !link.allowCoupons) return { ok: false, reason: 'not_here', message: couponMessage('not_here') };
    // The coupon is checked on the link's amount (what the buyer pays for the items).
    const amount = link.amountCents ?? input.link.amountCents ?? 0;
    const coupon = input.coupon ? await couponFor(input.coupon, amount) : null;
    if (coupon && !coupon.ok) return coupon;
    // A link that sells a variant: its line names it (and the order takes its stock, place-steps.ts).
    const variant = link.variantId ? await linkVariantLine(link.variantId) : null;
    if (link.variantId && !variant) return { ok: false, message: LINK_VARIANT_SOLD_OUT, field: 'items' };
    const priced = priceLinkOrder({ ...link, variant }, input.link.amountCents, input.method, {
      pixDiscountBps: link.pixDiscount ? settings.pixDiscountBps : 0,
      coupon: coupon?.coupon,
    });
    return priced.ok ? { ...priced, ships: false } : priced;
  }
  const catalog = ctx.catalog ?? [];
  // The promotions live now on the shop's clock: one that started or ended since the cart was
  // shown prices the order as it is now (the form's check tells the shopper, submit-checkout.ts).
  const promotions = ctx.promotions ?? (await promotionContext(input.items.map((i) => i.productId), shopNow()));
  // "Adicionar ao pedido": the offer the cart shows now must be the one ticked; its price is the server's.
  let offer: Awaited<ReturnType<typeof cartOffer>> = null;
  if (input.offer !== undefined) {
    const probe = priceOrder(input.items, catalog, input.method);
    if (probe.ok) {
      offer = await cartOffer(probe.lines.map((l) => ({ productId: l.productId ?? 0, lineTotalCents: l.lineTotalCents })));
      if (!offer || offer.productId !== input.offer) return { ok: false, message: OFFER_GONE_MESSAGE, field: 'items' };
    }
  }
  const offerLine = offer ? { productId: offer.productId, item: offer.item, priceCents: offer.priceCents } : null;
  let coupon: CouponCheck | null = null;
  if (input.coupon) {
    const probe = priceOrder(input.items, catalog, input.method, { promotions, offer: offerLine });
    // A cart that cannot be priced says so first; the coupon is checked on what the promotions left.
    if (probe.ok) {
      coupon = await couponFor(input.coupon, probe.itemsCents - probe.promotionDiscountCents);
      if (!coupon.ok) return coupon;
    }
  }
  const priced = priceOrder(input.items, catalog, input.method, { pixDiscountBps: settings.pixDiscountBps, coupon: coupon?.ok ? coupon.coupon : null, promotions, offer: offerLine });
  const ordered = [...catalog.filter((p) => input.items.some((i) => i.productId === p.id)), ...(offer ? [offer.item] : [])];
  const known = offer ? [...catalog, offer.item] : catalog;
  if (!priced.ok) return priced;
  // What each line weighs and measures (its variant's, else its product's), for the carrier's quote.
  const parcels: CartParcel[] = priced.lines.flatMap((l) => {
    const item = known.find((c) => c.variantId === (l.variantId ?? l.productId));
    if (!item || !item.requiresShipping) return [];
    return [{ id: String(item.variantId), quantity: l.quantity, unitCents: l.unitPriceCents, weightGrams: item.weightGrams, heightCm: item.heightCm, widthCm: item.widthCm, lengthCm: item.lengthCm }];
  });
  const promoLines = priced.lines.map((l) => ({ productId: l.productId, categoryIds: l.productId === null ? [] : promotions.categoriesOf.get(l.productId), unitPriceCents: l.unitPriceCents, quantity: l.quantity }));
  const lineNetCents = priced.lines.map((l, i) => l.lineTotalCents - (priced.promotionDiscounts ?? []).reduce((s, d) => s + d.lineShares[i], 0));
  const freeShipping: FreeShippingInput = { promotions: promotions.list, lines: promoLines, lineNetCents, couponFreeShipping: coupon?.ok === true && coupon.coupon.kind === 'free_shipping' };
  return { ...priced, ships: anyShips(ordered), parcels, freeShipping };
}

/** Whether coupon `code` applies to items worth `itemsCents` today (read only: the order's transaction counts the use). */
async function couponFor(code: string, itemsCents: number): Promise<CouponCheck> {
  return checkCoupon(await couponByCode(code), { itemsCents, today: saoPauloDate() });
}
