/**
 * The cart checkout's saved draft (lib/checkout-drafts): what the form holds, with the cart
 * priced now, saved under the browser's draft cookie; converted when the order is placed.
 * Drafts hold no stock: this only records what was typed and chosen.
 */
import 'server-only';
import { readCart } from '@/lib/cart/cart';
import { shopNow } from '@/lib/embedded-provider/clock';
import { convertSessionDraftByOrderToken, saveDraft, type DraftLine } from '@/lib/checkout-drafts/drafts';
import type { FormValues } from './fields';

export async function saveCartDraft(sessionToken: string, values: FormValues, submitted: boolean): Promise<string | null> {
  const cart = await readCart();
  const lines: DraftLine[] = cart.lines.map((l) => ({
    productId: l.product.id,
    ...(l.product.variantName ? { variantId: l.product.variantId } : {}),
    quantity: l.quantity,
    unitCents: l.product.priceCents,
    name: l.product.name,
  }));
  return saveDraft({ sessionToken, source: 'cart', sourceRef: null, values, lines, totalCents: cart.subtotalCents, submitted, now: shopNow() });
}

export async function convertCartDraft(sessionToken: string | undefined, orderToken: string): Promise<void> {
  await convertSessionDraftByOrderToken(sessionToken, orderToken, shopNow());
}
