/**
 * A checkout page's view of this browser's open draft of that checkout (the cart's, a payment
 * link's or an API session's): the fields it starts with (never the CPF/CNPJ, which a draft does
 * not keep) and, after a restore link, what changed since the draft was saved (a price, a
 * sold-out line, the link's amount).
 */
import 'server-only';
import { cookies } from 'next/headers';
import { CART, DRAFT_COOKIE, draftOfCookie, parseFields, parseLines, type DraftSource } from '@/lib/checkout/drafts/drafts';
import { draftChanges } from '@/lib/checkout/drafts/restore';
import type { PricedCart } from '@/lib/orders/pricing';
import type { CatalogItem } from '@/lib/catalog';
import { formatBRL } from '@balcao/br/money';
import type { FormValues } from './fields';

type Prefill = { prefill?: FormValues; changes: string[] };

async function openDraft(target: DraftSource) {
  return draftOfCookie((await cookies()).get(DRAFT_COOKIE)?.value, target);
}

// The consent the buyer gave on this draft shows ticked again (the next autosave would otherwise withdraw it).
const fieldsOf = (draft: { fields: string; coupon: string | null; whatsappConsent: boolean }): FormValues => ({
  ...parseFields(draft.fields),
  ...(draft.coupon ? { coupon: draft.coupon } : {}),
  ...(draft.whatsappConsent ? { whatsappConsent: 'on' } : {}),
});

export async function draftPrefill(cart: PricedCart<CatalogItem>, restored: boolean): Promise<Prefill> {
  const draft = await openDraft(CART);
  if (!draft) return { changes: [] };
  const current = cart.lines.map((l) => ({ productId: l.product.id, variantId: l.product.variantId, name: l.product.name, priceCents: l.product.priceCents, quantity: l.quantity }));
  return { prefill: fieldsOf(draft), changes: restored ? draftChanges(parseLines(draft.lines), current) : [] };
}

/** A payment link's checkout: `amountCents` the link's price now (null: the buyer types it). */
export async function linkDraftPrefill(code: string, amountCents: number | null, restored: boolean): Promise<Prefill> {
  const draft = await openDraft({ source: 'link', sourceRef: code });
  if (!draft) return { changes: [] };
  const was = parseLines(draft.lines)[0]?.unitCents;
  const changed = restored && amountCents !== null && was !== undefined && was > 0 && was !== amountCents;
  return { prefill: fieldsOf(draft), changes: changed ? [`O valor mudou: era ${formatBRL(was)}, agora é ${formatBRL(amountCents)}.`] : [] };
}

/** An API session's hosted checkout (its lines and amount were fixed when the store created it). */
export async function sessionDraftPrefill(sessionId: string): Promise<Prefill> {
  const draft = await openDraft({ source: 'session', sourceRef: sessionId });
  return draft ? { prefill: fieldsOf(draft), changes: [] } : { changes: [] };
}
