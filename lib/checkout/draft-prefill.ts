/**
 * The checkout page's view of this browser's open draft: the fields it starts with (never the
 * CPF/CNPJ, which a draft does not keep) and, after a restore link, what changed since the
 * draft was saved (a price, a sold-out line).
 */
import 'server-only';
import { cookies } from 'next/headers';
import { DRAFT_COOKIE, draftOfSession, parseFields, parseLines } from '@/lib/checkout-drafts/drafts';
import { draftChanges } from '@/lib/checkout-drafts/restore';
import type { PricedCart } from '@/lib/orders/pricing';
import type { CatalogItem } from '@/lib/catalog/catalog';
import type { FormValues } from './fields';

export async function draftPrefill(cart: PricedCart<CatalogItem>, restored: boolean): Promise<{ prefill?: FormValues; changes: string[] }> {
  const draft = await draftOfSession((await cookies()).get(DRAFT_COOKIE)?.value);
  if (!draft) return { changes: [] };
  const prefill: FormValues = { ...parseFields(draft.fields), ...(draft.coupon ? { coupon: draft.coupon } : {}) };
  const current = cart.lines.map((l) => ({ productId: l.product.id, variantId: l.product.variantId, name: l.product.name, priceCents: l.product.priceCents, quantity: l.quantity }));
  return { prefill, changes: restored ? draftChanges(parseLines(draft.lines), current) : [] };
}
