/**
 * The checkout form's use-case behind its server action: rate limit, validate the form,
 * read the cart from the cookie (never from the form), and hand the order to placeOrder
 * (lib/payments/place-order.ts), which prices it from the catalog and is idempotent per
 * checkoutKey.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { readCart } from '@/lib/cart/cart';
import { CHECK_FIELDS_MESSAGE, PERSON_FIELDS, type FieldErrors, type FormValues } from '@/lib/orders/fields';
import { checkoutBlocker, orderItemsOf } from '@/lib/orders/pricing';
import { anyShips } from '@/lib/orders/shipping';
import { placeOrder } from '@/lib/payments/place-order';
import { hit } from '@/lib/security/rate-limit';
import { logger } from '@/lib/server/log';
import { orderTokenByCheckoutKey } from '@/lib/orders/queries';
import { formValuesOf, parseCheckoutForm } from './parse-form';

export type CheckoutFailure = { ok: false; error: string; fieldErrors: FieldErrors; values: FormValues };
export type CheckoutOutcome = { ok: true; orderToken: string } | CheckoutFailure;

export const RATE_LIMITED_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente de novo.';
export const UNEXPECTED_MESSAGE = 'Não foi possível gerar o pagamento agora. Seus dados foram mantidos: tente novamente em instantes.';

const KNOWN_FIELDS = new Set<string>([...PERSON_FIELDS, 'items', 'method']);

/** Only the fields the form shows; anything else placeOrder might name becomes part of the general message. */
export function mapFieldErrors(errors: Record<string, string> | undefined): { fieldErrors: FieldErrors; other: string[] } {
  const fieldErrors: FieldErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    if (KNOWN_FIELDS.has(key)) fieldErrors[key as keyof FieldErrors] = message;
    else other.push(message);
  }
  return { fieldErrors, other };
}

export async function submitCheckout(form: FormData, ctx: { ip: string }): Promise<CheckoutOutcome> {
  const values = formValuesOf(form);
  const fail = (error: string, fieldErrors: FieldErrors = {}, nextValues: FormValues = values): CheckoutFailure => ({
    ok: false,
    error,
    fieldErrors,
    values: nextValues,
  });

  const limit = await hit('checkout', ctx.ip);
  if (!limit.ok) return fail(RATE_LIMITED_MESSAGE);

  // The cart (cookie → catalog) says whether anything ships, so which address the form needs.
  const cart = await readCart();
  const parsed = parseCheckoutForm(values, { needsDelivery: anyShips(cart.lines.map((l) => l.product)) });
  if (!parsed.ok) {
    // A missing or forged key gets a fresh one, so the corrected submit can go through.
    const fresh = parsed.fieldErrors.checkoutKey ? { ...values, checkoutKey: randomUUID() } : values;
    return fail(parsed.fieldErrors.checkoutKey ?? CHECK_FIELDS_MESSAGE, parsed.fieldErrors, fresh);
  }
  const { data } = parsed;

  if (cart.blocker) {
    // A duplicate submit that arrives after the first one cleared the cart finds its order.
    const existing = cart.lines.length === 0 ? await orderTokenByCheckoutKey(data.checkoutKey) : null;
    if (existing) return { ok: true, orderToken: existing };
    const blocker = checkoutBlocker(cart) ?? cart.blocker;
    return fail(blocker, { items: blocker });
  }

  try {
    const result = await placeOrder({
      checkoutKey: data.checkoutKey,
      method: data.method,
      items: orderItemsOf(cart),
      buyer: data.buyer,
      shipping: data.shipping,
      ...(data.address ? { address: data.address } : {}),
      ...(data.delivery ? { delivery: data.delivery } : {}),
    });
    if (result.ok) return { ok: true, orderToken: result.orderToken };
    const { fieldErrors, other } = mapFieldErrors(result.fieldErrors);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    // Data the buyer must change is a new attempt (new key); otherwise (provider unavailable)
    // the retry keeps the key, so placeOrder resumes the same order instead of charging twice.
    const nextValues = hasFieldErrors ? { ...values, checkoutKey: randomUUID() } : values;
    const message = [result.error, ...other].filter(Boolean).join(' ') || UNEXPECTED_MESSAGE;
    return fail(message, fieldErrors, nextValues);
  } catch (error) {
    logger().error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'checkout failed');
    return fail(UNEXPECTED_MESSAGE);
  }
}
