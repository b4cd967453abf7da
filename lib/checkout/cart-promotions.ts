/**
 * The cart's promotions as the cart and the checkout show them: each promotion's line, their
 * sum, the free-shipping nudge ("Faltam R$ 60,10 para frete grátis" / "Você ganhou frete
 * grátis"), and what the checkout form posts back as the promotions it showed (`seen`), so a
 * promotion that starts, ends or changes before the submit is said, not silently charged.
 * Priced by the same engine as the order (lib/promotions/engine.ts), on the shop's clock.
 */
import 'server-only';
import { formatBRL } from '@balcao/br/money';
import type { CatalogItem } from '@/lib/catalog';
import { shopNow } from '@/lib/embedded-provider/clock';
import type { PricedCart } from '@/lib/orders/pricing';
import { applyPromotions, inScope, type PromotionDiscount } from '@/lib/promotions/engine';
import { promotionContext, type PromotionContext } from '@/lib/promotions/promotions';
import { freeShippingVerdict, type FreeShippingInput } from './promotion-shipping';

export type ShippingNudge = { free: true } | { free: false; missingCents: number };

export type CartPromotions = {
  discounts: PromotionDiscount[];
  promotionCents: number;
  /** The checkout form's hidden "promotions": what this page showed. */
  seen: string;
  /** null: nothing to say (nothing ships, or no free shipping can apply). */
  nudge: ShippingNudge | null;
  /** A "Frete grátis" promotion is live: the checkout quotes "Forma de entrega" on the server. */
  freeShippingLive: boolean;
  freeShipping: FreeShippingInput;
};

export const nudgeText = (n: ShippingNudge) => (n.free ? 'Você ganhou frete grátis' : `Faltam ${formatBRL(n.missingCents)} para frete grátis`);

/** What the form posts: each promotion's id, name and amount (only ever compared, never trusted for a price). */
export function promotionsSeen(discounts: readonly Pick<PromotionDiscount, 'promotionId' | 'name' | 'amountCents'>[]): string {
  return JSON.stringify(discounts.map((d) => [d.promotionId, d.name, d.amountCents]).sort());
}

/**
 * What changed between the promotions the page showed (`seen`) and those priced now, as the
 * shopper reads it; empty when nothing did. An unreadable `seen` counts as nothing shown.
 */
export function promotionChanges(seen: string, now: readonly Pick<PromotionDiscount, 'promotionId' | 'name' | 'amountCents'>[]): string[] {
  let before: [string, string, number][] = [];
  try {
    const parsed: unknown = JSON.parse(seen);
    if (Array.isArray(parsed)) before = parsed.filter((x): x is [string, string, number] => Array.isArray(x) && typeof x[0] === 'string' && typeof x[1] === 'string' && Number.isSafeInteger(x[2]));
  } catch {
    before = [];
  }
  const out: string[] = [];
  for (const [id, name, cents] of before) {
    const d = now.find((n) => n.promotionId === id);
    if (!d) out.push(`A promoção "${name}" terminou (era −${formatBRL(cents)}).`);
    else if (d.amountCents !== cents) out.push(`A promoção "${d.name}" mudou: era −${formatBRL(cents)}, agora é −${formatBRL(d.amountCents)}.`);
  }
  for (const d of now) if (!before.some(([id]) => id === d.promotionId)) out.push(`A promoção "${d.name}" começou: −${formatBRL(d.amountCents)}.`);
  return out;
}

export function promotionChangedMessage(changes: readonly string[]): string {
  return `Os descontos mudaram desde que você abriu a página: ${changes.join(' ')} Confira o novo total e confirme de novo.`;
}

/** The cart's promotions now. `freeAboveCents`: the shop's own free-shipping threshold (null: none). */
export async function cartPromotions(cart: PricedCart<CatalogItem>, o: { ships: boolean; freeAboveCents: number | null; context?: PromotionContext }): Promise<CartPromotions> {
  const ctx = o.context ?? (await promotionContext(cart.lines.map((l) => l.product.id), shopNow()));
  const lines = cart.lines.map((l) => ({ productId: l.product.id, categoryIds: ctx.categoriesOf.get(l.product.id), unitPriceCents: l.product.priceCents, quantity: l.quantity }));
  const applied = applyPromotions(lines, ctx.list);
  const lineNetCents = cart.lines.map((l, i) => l.lineTotalCents - applied.lineDiscounts[i]);
  const freeShipping: FreeShippingInput = { promotions: ctx.list, lines, lineNetCents };
  const freeShippingLive = ctx.list.some((p) => p.type === 'free_shipping' && lines.some((l) => inScope(p, l)));
  return { discounts: applied.discounts, promotionCents: applied.totalCents, seen: promotionsSeen(applied.discounts), nudge: o.ships ? nudgeFor(freeShipping, null, cart.subtotalCents, o.freeAboveCents) : null, freeShippingLive, freeShipping };
}

/** The nudge for `zip` (null: not known yet): the nearest of the promotions' minimums (on the items after promotions) and the shop's threshold (on the items at catalog prices, as it always was). */
export function nudgeFor(f: FreeShippingInput, zip: string | null, itemsCents: number, freeAboveCents: number | null): ShippingNudge | null {
  const v = freeShippingVerdict(f, zip);
  if (v.free) return { free: true };
  // A promotion's minimum is met and only the CEP decides: nothing to count down before it is typed.
  if (v.regionPending) return null;
  const shop = freeAboveCents === null ? null : Math.max(0, freeAboveCents - itemsCents);
  if (shop === 0) return { free: true };
  const missing = [v.missingCents, shop].filter((m): m is number => m !== null);
  return missing.length > 0 ? { free: false, missingCents: Math.min(...missing) } : null;
}
