/**
 * A payment link's checkout behind /pagar/<code>'s server action: rate limit (the checkout's),
 * the link by its code, the same form and schema as the cart's checkout, the buyer's amount
 * (when the link lets them choose) read as centavos, then the one placeOrder with the link
 * instead of a cart. The price, minimum, methods, limit and expiry are all decided there, on
 * the server, from the link.
 */
import 'server-only';
import { attributionFromForm, type Attribution } from '@/lib/attribution/attribution';
import { appliedCoupon, checkoutFailure, invalidForm, outcomeOfPlacement, rateLimited, unexpected, type CheckoutOutcome } from './outcome';
import { formValuesOf, parseCheckoutForm } from './parse-form';
import { CHECK_FIELDS_MESSAGE, type FieldErrors, type FormValues } from '@/lib/checkout/fields';
import { parseBRLInput } from '@balcao/br/money';
import { placeOrder } from '@/lib/checkout/place-order';
import { hit } from '@/lib/security';
import { logger } from '@/lib/server/log';
import { linkByCode } from '@/lib/links/links';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import { previewCoupon } from '@/lib/coupons/coupons';
import { couponMessage } from '@/lib/coupons/rules';
import { getSettings } from '@/lib/payment-settings/settings';
import { keepDraft } from './draft';

/** `draftCookie`: the browser's draft cookie; every submit saves the link's draft (or converts it). */
export async function payLink(code: string, form: FormData, ctx: { ip: string; origin?: Attribution | null; draftCookie?: string }): Promise<CheckoutOutcome> {
  const outcome = await payLinkForm(code, form, ctx);
  if (ctx.draftCookie) await keepDraft(ctx.draftCookie, { source: 'link', sourceRef: code }, outcome.ok ? {} : outcome.values, outcome);
  return outcome;
}

async function payLinkForm(code: string, form: FormData, ctx: { ip: string; origin?: Attribution | null }): Promise<CheckoutOutcome> {
  const typedAmount = typeof form.get('amount') === 'string' ? String(form.get('amount')).slice(0, 40) : '';
  const values: FormValues = { ...formValuesOf(form), amount: typedAmount };
  if (!(await hit('checkout', ctx.ip)).ok) return rateLimited(values);

  const link = await linkByCode(code);
  if (!link) return checkoutFailure(REFUSAL_MESSAGES.not_found, values);

  // A payment link sells no physical product: nothing to deliver.
  const parsed = parseCheckoutForm(values, { needsDelivery: false, phoneRequired: (await getSettings()).requireBuyerPhone });
  // The amount typed is read here only to hand placeOrder centavos; whether it is enough is the link's rule, checked there.
  let amountCents: number | undefined;
  const amountErrors: FieldErrors = {};
  if (link.amountCents === null) {
    const cents = typedAmount.trim() ? parseBRLInput(typedAmount) : undefined;
    if (cents === null) amountErrors.amount = 'Use um valor em reais, como 150,00.';
    else amountCents = cents;
  }
  if (form.get('intent') === 'apply-coupon') return applyLinkCoupon(link, link.amountCents ?? amountCents ?? null, values);
  if (!parsed.ok || amountErrors.amount) {
    return invalidForm(CHECK_FIELDS_MESSAGE, { ...amountErrors, ...(parsed.ok ? {} : parsed.fieldErrors) }, values);
  }
  const { data } = parsed;

  try {
    const result = await placeOrder({
      checkoutKey: data.checkoutKey,
      method: data.method,
      link: { id: link.id, ...(amountCents !== undefined ? { amountCents } : {}) },
      buyer: data.buyer,
      ...(data.coupon ? { coupon: data.coupon } : {}),
      ...(data.address ? { address: data.address } : {}),
      ...(data.note ? { note: data.note } : {}),
      // The link's own address may carry UTM tags (its share buttons add utm_source): they say
      // where THIS sale came from, ahead of the shop's first-touch cookie.
    }, { origin: attributionFromForm(form) ?? ctx.origin });
    return outcomeOfPlacement(result, values, ['amount']);
  } catch (error) {
    logger().error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'link payment failed');
    return unexpected(values);
  }
}

/** "Aplicar" on a link that takes coupons: the coupon on the link's amount (or the one typed), nothing placed. */
async function applyLinkCoupon(link: { allowCoupons: boolean; pixDiscount: boolean }, amountCents: number | null, values: FormValues): Promise<CheckoutOutcome> {
  if (!link.allowCoupons) return checkoutFailure('', values, { coupon: couponMessage('not_here') });
  if (amountCents === null) return checkoutFailure(CHECK_FIELDS_MESSAGE, values, { amount: 'Informe o valor antes de aplicar o cupom.' });
  const code = (values.coupon ?? '').trim();
  if (!code) return checkoutFailure('', values, { coupon: 'Digite o código do cupom.' });
  const preview = await previewCoupon(code, { itemsCents: amountCents });
  if (!preview.ok) return checkoutFailure('', values, { coupon: preview.message });
  const bps = link.pixDiscount ? (await getSettings()).pixDiscountBps : 0;
  return {
    ...checkoutFailure('', { ...values, coupon: preview.code }),
    coupon: appliedCoupon(preview.code, preview.discountCents, amountCents, bps),
  };
}
