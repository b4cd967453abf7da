/**
 * The checkout's saved draft (lib/checkout/drafts) on each of its three paths: the cart's
 * (/checkout), a payment link's (/pagar/<code>) and an API session's (/c/<id>). What the form
 * holds, with what is being bought priced now, saved under the browser's draft cookie;
 * converted when the order is placed. Drafts hold no stock: this only records what was typed
 * and chosen.
 */
import 'server-only';
import { readCart } from '@/lib/checkout/cart/cart';
import { shopNow } from '@/lib/embedded-provider/clock';
import { linkByCode } from '@/lib/links/links';
import { sessionById } from '@/lib/checkout/sessions/sessions';
import { logger } from '@/lib/server/log';
import { parseBRLInput } from '@balcao/br/money';
import { CART, convertDraftByOrderToken, saveDraft, type DraftLine, type DraftSource } from '@/lib/checkout/drafts/drafts';
import type { FormValues } from './fields';

export type { DraftSource } from '@/lib/checkout/drafts/drafts';

/** Which checkout a form is (its hidden `linkCode` or `sessionId` name the link's or the session's). */
export function draftSourceOf(form: FormData): DraftSource {
  const code = form.get('linkCode');
  if (typeof code === 'string' && code) return { source: 'link', sourceRef: code.slice(0, 64) };
  const id = form.get('sessionId');
  if (typeof id === 'string' && id) return { source: 'session', sourceRef: id.slice(0, 80) };
  return CART;
}

type Priced = { lines: DraftLine[]; totalCents: number };

/** What the checkout sells now, as a draft keeps it; null when there is nothing to buy there. */
async function pricedNow(target: DraftSource, values: FormValues): Promise<Priced | null> {
  if (target.source === 'link') {
    const link = target.sourceRef ? await linkByCode(target.sourceRef) : undefined;
    if (!link) return null;
    // A link whose buyer chooses the amount: the amount typed so far (0 until it reads as money).
    const cents = link.amountCents ?? parseBRLInput((values.amount ?? '').slice(0, 40)) ?? 0;
    return { lines: [{ productId: null, quantity: 1, unitCents: cents, name: link.title }], totalCents: cents };
  }
  if (target.source === 'session') {
    const session = target.sourceRef ? await sessionById(target.sourceRef) : null;
    if (!session || session.orderId) return null;
    const lines = session.lines.map((l) => ({ productId: l.productId, ...(l.variantId ? { variantId: l.variantId } : {}), quantity: l.quantity, unitCents: l.unitPriceCents, name: l.name }));
    return { lines, totalCents: session.amountTotalCents };
  }
  const cart = await readCart();
  const lines: DraftLine[] = cart.lines.map((l) => ({
    productId: l.product.id,
    ...(l.product.variantName ? { variantId: l.product.variantId } : {}),
    quantity: l.quantity,
    unitCents: l.product.priceCents,
    name: l.product.name,
  }));
  return { lines, totalCents: cart.subtotalCents };
}

/** Saves this browser's draft of that checkout (null: nothing saved). */
export async function saveCheckoutDraft(cookieToken: string, target: DraftSource, values: FormValues, submitted: boolean): Promise<string | null> {
  const priced = await pricedNow(target, values);
  if (!priced) return null;
  return saveDraft({ cookieToken, ...target, values, ...priced, submitted, now: shopNow() });
}

/**
 * After a submit of any of the three checkouts: the draft saved (the checkout without
 * JavaScript), or converted once the order exists. A failure here never fails the checkout.
 */
export async function keepDraft(cookieToken: string, target: DraftSource, values: FormValues, outcome: { ok: true; orderToken: string } | { ok: false }): Promise<void> {
  try {
    if (outcome.ok) await convertDraftByOrderToken(cookieToken, outcome.orderToken, shopNow(), target);
    else await saveCheckoutDraft(cookieToken, target, values, true);
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'checkout draft not saved');
  }
}
