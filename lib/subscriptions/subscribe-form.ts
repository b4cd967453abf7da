/**
 * "Assinar" (/assinar/<slug>): what the subscription's checkout page shows, and its submit. The
 * form is the checkout's own (lib/checkout/parse-form.ts: the same fields, rules and messages);
 * it takes one subscription product and nothing else, so the cart is left as it is for another
 * purchase (the page says so). Delivery is quoted for each cycle (the cheapest option unless the
 * form names one).
 */
import 'server-only';
import { formatBRL } from '@balcao/br/money';
import { productPage, chosenVariant, requestedVariant, availability } from '@/lib/catalog';
import { formValuesOf, parseCheckoutForm } from '@/lib/checkout';
import type { FieldErrors } from '@/lib/checkout/words';
import { hit } from '@/lib/security';
import { getSettings } from '@/lib/payment-settings/settings';
import { planOfProduct, planPrice } from './plans';
import { INTERVAL_LABELS, PER_PERIOD } from './schedule';
import { subscribe } from './subscribe';

export const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente de novo.';

/** The page's view: the product, the chosen variant and the price per period; null when it is not sold as a subscription. */
export async function subscribeView(slug: string, variantParam: string | string[] | undefined) {
  const page = await productPage(slug);
  if (!page || !('product' in page)) return null;
  const plan = await planOfProduct(page.product.id);
  if (!plan?.enabled) return null;
  const variants = page.choice.variants.map((v) => ({ ...v, soldOut: availability(v.stock).soldOut }));
  const chosen = chosenVariant(variants, requestedVariant(variantParam));
  if (!chosen) return null;
  const unit = planPrice(plan, chosen.priceCents);
  return {
    product: page.product,
    variant: { id: chosen.variantId, name: chosen.variantName, soldOut: chosen.soldOut },
    variants: variants.map((v) => ({ id: v.variantId, name: v.variantName, soldOut: v.soldOut })),
    plan,
    unitCents: unit,
    priceLabel: `${formatBRL(unit)}${PER_PERIOD[plan.intervalMonths]}`,
    intervalLabel: INTERVAL_LABELS[plan.intervalMonths],
    ships: page.product.requiresShipping,
  };
}

export type SubscribeFormState = { ok: false; error: string; fieldErrors?: FieldErrors; values?: Record<string, string> } | null;

/** The submit: field errors next to their fields, or the first cycle's order to pay. */
export async function submitSubscription(form: FormData, ip: string): Promise<SubscribeFormState | { ok: true; orderToken: string }> {
  const values = formValuesOf(form);
  const echo = Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'checkoutKey')) as Record<string, string>;
  if (!(await hit('checkout', ip)).ok) return { ok: false, error: TOO_MANY, values: echo };
  const view = await subscribeView(String(form.get('slug') ?? ''), String(form.get('variante') ?? ''));
  if (!view || view.variant.soldOut) return { ok: false, error: 'Esta assinatura não está disponível agora.', values: echo };
  const settings = await getSettings();
  const parsed = parseCheckoutForm(values, { needsDelivery: view.ships, phoneRequired: settings.requireBuyerPhone });
  if (!parsed.ok) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: parsed.fieldErrors, values: echo };
  const d = parsed.data;
  const delivery = d.shipping === 'delivery' && view.ships ? (d.delivery ?? null) : null;
  const r = await subscribe({
    checkoutKey: d.checkoutKey,
    productId: view.product.id,
    variantId: view.variant.id,
    method: d.method,
    buyer: d.buyer,
    shipping: d.shipping,
    freightId: d.freight?.id ?? null,
    address: delivery ?? d.address ?? null,
  });
  if (!r.ok) return { ok: false, error: r.error, fieldErrors: r.fieldErrors as FieldErrors | undefined, values: echo };
  return { ok: true, orderToken: r.orderToken };
}
