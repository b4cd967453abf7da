/**
 * The one mapping of a checkout's outcome to what the buyer's form gets back, for every entry
 * point that places an order (the cart's /checkout, a payment link's /pagar/<code>, an API
 * session's /c/<id>): the order placed (its token: the action redirects to its page), field
 * errors next to their fields, stock run out, the rate limit, the provider not answering.
 * Whether the retry keeps the form's checkoutKey is decided here too: data the buyer must change
 * is a new attempt (new key); a provider that did not answer keeps it, so the retry resumes the
 * same order instead of charging twice.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { PERSON_FIELDS, type FieldErrors, type FormValues } from '@/lib/checkout/fields';
import type { PlaceOrderResult } from '@/lib/checkout/place-order';
import { orderMoney, type OrderMoney } from '@/lib/orders/pricing';
import type { DeliveryOption } from '@/lib/shipping';

/**
 * "Aplicar" answered: the coupon's discount and each method's money for the items after it
 * (shipping apart: the page adds the quote it shows), which the order summary then shows.
 */
export type AppliedCoupon = { code: string; discountCents: number; pix: OrderMoney; boleto: OrderMoney };

/** The coupon applied to `itemsCents`, priced as placeOrder will: the coupon first, then the Pix discount on the rest. */
export function appliedCoupon(code: string, discountCents: number, itemsCents: number, pixDiscountBps: number, promotionCents = 0): AppliedCoupon {
  return { code, discountCents, pix: orderMoney(itemsCents, 'pix', pixDiscountBps, discountCents, promotionCents), boleto: orderMoney(itemsCents, 'boleto', 0, discountCents, promotionCents) };
}
/** `coupon`: the answer to "Aplicar" (no order is placed then; `error` is empty unless something else is wrong). */
/** `freightOptions`: "Forma de entrega" quoted again on submit, shown to choose from (also without JavaScript). */
export type CheckoutFailure = { ok: false; error: string; fieldErrors: FieldErrors; values: FormValues; coupon?: AppliedCoupon; freightOptions?: DeliveryOption[] };
export type CheckoutOutcome = { ok: true; orderToken: string } | CheckoutFailure;

export const RATE_LIMITED_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente de novo.';
export const UNEXPECTED_MESSAGE = 'Não foi possível gerar o pagamento agora. Seus dados foram mantidos: tente novamente em instantes.';

const KNOWN_FIELDS = new Set<string>([...PERSON_FIELDS, 'items', 'method', 'coupon']);

/** Only the fields the form shows (plus `extra`, e.g. a link's amount); anything else becomes part of the general message. */
export function mapFieldErrors(errors: Record<string, string> | undefined, extra: readonly string[] = []): { fieldErrors: FieldErrors; other: string[] } {
  const fieldErrors: FieldErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    if (KNOWN_FIELDS.has(key) || extra.includes(key)) fieldErrors[key as keyof FieldErrors] = message;
    else other.push(message);
  }
  return { fieldErrors, other };
}

/** A refusal before any order (rate limit, a form to correct): what was typed comes back. */
export function checkoutFailure(error: string, values: FormValues, fieldErrors: FieldErrors = {}): CheckoutFailure {
  return { ok: false, error, fieldErrors, values };
}

export function rateLimited(values: FormValues): CheckoutFailure {
  return checkoutFailure(RATE_LIMITED_MESSAGE, values);
}

export function unexpected(values: FormValues): CheckoutFailure {
  return checkoutFailure(UNEXPECTED_MESSAGE, values);
}

/** A form that failed its own checks: a missing or forged key gets a fresh one, so the corrected submit can go through. */
export function invalidForm(message: string, fieldErrors: FieldErrors, values: FormValues): CheckoutFailure {
  return checkoutFailure(fieldErrors.checkoutKey ?? message, fieldErrors.checkoutKey ? { ...values, checkoutKey: randomUUID() } : values, fieldErrors);
}

/** placeOrder's answer as the form's. `extraFields`: fields this form shows beyond the person's (a link's amount). */
export function outcomeOfPlacement(result: PlaceOrderResult, values: FormValues, extraFields: readonly string[] = []): CheckoutOutcome {
  if (result.ok) return { ok: true, orderToken: result.orderToken };
  const { fieldErrors, other } = mapFieldErrors(result.fieldErrors, extraFields);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const nextValues = { ...(hasFieldErrors ? { ...values, checkoutKey: randomUUID() } : values), ...(result.promotionsNow !== undefined ? { promotions: result.promotionsNow } : {}) };
  const message = [result.error, ...other.filter((m) => m !== result.error)].filter(Boolean).join(' ') || UNEXPECTED_MESSAGE;
  const failure = checkoutFailure(message, nextValues, fieldErrors);
  return result.freightOptions ? { ...failure, freightOptions: result.freightOptions } : failure;
}
