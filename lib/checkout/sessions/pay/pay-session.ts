/**
 * An API checkout session's hosted checkout behind /c/<id>'s server action: the checkout's rate
 * limit, the same form and schema as the cart's checkout, then the one placeOrder with the
 * session instead of a cart (its lines, amount and methods are the session's, read on the
 * server). A session makes one order: a second tab that submits after the first finds that
 * order instead of a second one.
 */
import 'server-only';
import type { Attribution } from '@/lib/attribution/attribution';
import { CHECK_FIELDS_MESSAGE } from '@/lib/checkout/fields';
import { placeOrder } from '@/lib/checkout/place-order';
import { hit } from '@/lib/security';
import { getSettings } from '@/lib/payment-settings/settings';
import { logger } from '@/lib/server/log';
import { sessionById, sessionOrderStatus, SESSION_REFUSAL_MESSAGES } from '../sessions';
import { checkoutFailure, invalidForm, outcomeOfPlacement, rateLimited, unexpected, type CheckoutOutcome } from '@/lib/checkout/outcome';
import { formValuesOf, parseCheckoutForm } from '@/lib/checkout/parse-form';
import { keepDraft } from '@/lib/checkout/draft';

/** `draftCookie`: the browser's draft cookie; every submit saves the session's draft (or converts it). */
export async function paySession(sessionId: string, form: FormData, ctx: { ip: string; origin?: Attribution | null; draftCookie?: string }): Promise<CheckoutOutcome> {
  const outcome = await paySessionForm(sessionId, form, ctx);
  if (ctx.draftCookie) await keepDraft(ctx.draftCookie, { source: 'session', sourceRef: sessionId }, outcome.ok ? {} : outcome.values, outcome);
  return outcome;
}

async function paySessionForm(sessionId: string, form: FormData, ctx: { ip: string; origin?: Attribution | null }): Promise<CheckoutOutcome> {
  const values = formValuesOf(form);
  if (!(await hit('checkout', ctx.ip)).ok) return rateLimited(values);

  const session = await sessionById(sessionId);
  if (!session) return checkoutFailure(SESSION_REFUSAL_MESSAGES.not_found, values);
  // A session sells nothing to deliver (lib/public-api refuses products that ship).
  const parsed = parseCheckoutForm(values, { needsDelivery: false, phoneRequired: (await getSettings()).requireBuyerPhone });
  if (!parsed.ok) return invalidForm(CHECK_FIELDS_MESSAGE, parsed.fieldErrors, values);
  const { data } = parsed;

  try {
    const result = await placeOrder({
      checkoutKey: data.checkoutKey,
      method: data.method,
      session: { id: session.id },
      buyer: data.buyer,
      ...(data.address ? { address: data.address } : {}),
      ...(data.note ? { note: data.note } : {}),
    }, { origin: ctx.origin });
    if (!result.ok && result.sessionRefusal === 'taken') {
      // Another tab placed the session's order first: this one goes to that order.
      const placed = await sessionOrderStatus((await sessionById(session.id)) ?? session);
      if (placed) return { ok: true, orderToken: placed.token };
    }
    return outcomeOfPlacement(result, values);
  } catch (error) {
    logger().error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'session payment failed');
    return unexpected(values);
  }
}
