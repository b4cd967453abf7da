/**
 * The checkout form's use-case behind its server action: rate limit, validate the form,
 * read the cart from the cookie (never from the form), and hand the order to placeOrder
 * (lib/checkout/place-order.ts), which prices it from the catalog and is idempotent per
 * checkoutKey.
 */
import 'server-only';
import type { Attribution } from '@/lib/attribution/attribution';
import { readCartLines } from '@/lib/checkout/cart/cart';
import { CHECK_FIELDS_MESSAGE } from '@/lib/checkout/fields';
import { checkoutBlocker, orderItemsOf } from '@/lib/orders/pricing';
import { previewCoupon } from '@/lib/coupons/coupons';
import { anyShips } from '@/lib/checkout/shipping';
import { placeOrder } from '@/lib/checkout/place-order';
import { cartPlacementReads } from '@/lib/checkout/place-context';
import { hitAlong } from '@/lib/security';
import { logger } from '@/lib/server/log';
import type { FormValues } from '@/lib/checkout/fields';
import { appliedCoupon, checkoutFailure, invalidForm, outcomeOfPlacement, rateLimited, unexpected, type CheckoutOutcome } from './outcome';
import { formValuesOf, parseCheckoutForm } from './parse-form';
import { keepDraft } from './draft';
import { CART } from '@/lib/checkout/drafts/drafts';
import { cartPromotions } from './cart-promotions';

export { mapFieldErrors, RATE_LIMITED_MESSAGE, UNEXPECTED_MESSAGE, type CheckoutFailure, type CheckoutOutcome } from './outcome';

/** The form's second submit button ("Aplicar" beside "Cupom de desconto"): prices the coupon, places nothing. */
export const APPLY_COUPON_INTENT = 'apply-coupon';

/** `draftCookie`: the browser's draft cookie; every submit saves the draft (the checkout without JavaScript). */
export async function submitCheckout(form: FormData, ctx: { ip: string; origin?: Attribution | null; draftCookie?: string }): Promise<CheckoutOutcome> {
  const values = formValuesOf(form);
  // The rate limit's hit, the cart's catalog rows, the settings and what placing reads before
  // pricing (the order of this checkoutKey, the shop's name, its shipping row) in one round trip
  // on libSQL. A refused submit ignores what was read.
  const lines = await readCartLines();
  const checkoutKey = values.checkoutKey ?? '';
  const reads = cartPlacementReads(lines, checkoutKey);
  const [limit, rows] = await hitAlong('checkout', ctx.ip, reads.queries);
  if (!limit.ok) return rateLimited(values);
  const read = reads.read(rows);
  const outcome = await submitCheckoutLimited(form, values, read, ctx.origin ?? null);
  if (ctx.draftCookie) await keepDraft(ctx.draftCookie, CART, values, outcome);
  return outcome;
}

async function submitCheckoutLimited(form: FormData, values: FormValues, read: ReturnType<ReturnType<typeof cartPlacementReads>['read']>, origin: Attribution | null): Promise<CheckoutOutcome> {
  // The cart (cookie → catalog) says whether anything ships, so which address the form needs.
  const { cart, settings, context } = read;
  if (form.get('intent') === APPLY_COUPON_INTENT) {
    const promotionCents = cart.blocker ? 0 : (await cartPromotions(cart, { ships: false, freeAboveCents: null })).promotionCents;
    return applyCoupon(values, cart.blocker ? null : cart.subtotalCents, settings.pixDiscountBps, promotionCents);
  }
  const parsed = parseCheckoutForm(values, { needsDelivery: anyShips(cart.lines.map((l) => l.product)), phoneRequired: settings.requireBuyerPhone });
  if (!parsed.ok) return invalidForm(CHECK_FIELDS_MESSAGE, parsed.fieldErrors, values);
  const { data } = parsed;

  if (cart.blocker) {
    // A duplicate submit that arrives after the first one cleared the cart finds its order.
    const existing = cart.lines.length === 0 ? read.placedWith(data.checkoutKey) : undefined;
    if (existing) return { ok: true, orderToken: existing };
    const blocker = checkoutBlocker(cart) ?? cart.blocker;
    return checkoutFailure(blocker, values, { items: blocker });
  }

  try {
    const result = await placeOrder({
      checkoutKey: data.checkoutKey,
      method: data.method,
      items: orderItemsOf(cart),
      buyer: data.buyer,
      shipping: data.shipping,
      ...(data.coupon ? { coupon: data.coupon } : {}),
      ...(values.promotions ? { promotionsSeen: values.promotions } : {}),
      ...(values.offer && /^\d{1,9}$/.test(values.offer) ? { offer: Number(values.offer) } : {}),
      ...(data.address ? { address: data.address } : {}),
      ...(data.delivery ? { delivery: data.delivery } : {}),
      ...(data.note ? { note: data.note } : {}),
      ...(data.freight ? { freight: data.freight } : {}),
    }, { origin, context });
    return outcomeOfPlacement(result, values);
  } catch (error) {
    logger().error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'checkout failed');
    return unexpected(values);
  }
}

/**
 * "Aplicar": what the coupon takes off this cart, or why it does not apply, next to its field.
 * Everything typed comes back as it was (same checkoutKey). The final submit prices it again.
 */
async function applyCoupon(values: FormValues, itemsCents: number | null, pixDiscountBps: number, promotionCents: number): Promise<CheckoutOutcome> {
  if (itemsCents === null) return checkoutFailure(CHECK_FIELDS_MESSAGE, values, { items: 'Revise o carrinho antes de aplicar o cupom.' });
  const code = (values.coupon ?? '').trim();
  if (!code) return checkoutFailure('', values, { coupon: 'Digite o código do cupom.' });
  // The coupon applies to what the promotions left of the items.
  const preview = await previewCoupon(code, { itemsCents: itemsCents - promotionCents });
  if (!preview.ok) return checkoutFailure('', values, { coupon: preview.message });
  return {
    ...checkoutFailure('', { ...values, coupon: preview.code }),
    coupon: appliedCoupon(preview.code, preview.discountCents, itemsCents, pixDiscountBps, promotionCents),
  };
}
