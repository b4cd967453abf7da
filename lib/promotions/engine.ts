/**
 * The promotions engine (pure): what the live promotions take off a cart's lines, and whether
 * a delivery option ships free. The combination rule (docs/reference.md, "Promoções"):
 *
 * 1. each line takes the ONE item promotion ("Leve X, pague Y", "Desconto progressivo") that
 *    takes the most off it, each computed as if it were alone (a tie goes to the older one);
 *    a promotion's discount is what it takes off the lines it won;
 * 2. the coupon applies to what is left of the items; 3. the Pix discount to what is left after
 *    it (lib/orders/pricing.ts orderMoney); free shipping is decided apart, on the items after
 *    the promotions.
 */
import { allocate, percentOff } from './allocate';
import type { FreeShippingRules, LivePromotion } from './rules';

/** A cart or order line as promotions see it: the product, its variant, its categories, its price. */
export type PromoLine = { productId: number | null; categoryIds?: readonly number[]; unitPriceCents: number; quantity: number };

/** One promotion's discount on an order: its own line on the cart, the order and the receipt. */
export type PromotionDiscount = { promotionId: string; type: 'buy_x_pay_y' | 'progressive'; name: string; amountCents: number; lineShares: number[] };

export type PromotionResult = { discounts: PromotionDiscount[]; totalCents: number; lineDiscounts: number[] };

export function inScope(p: Pick<LivePromotion, 'scope' | 'scopeId'>, line: PromoLine): boolean {
  if (line.productId === null) return false;
  if (p.scope === 'shop') return true;
  if (p.scope === 'product') return line.productId === p.scopeId;
  return p.scopeId !== null && (line.categoryIds ?? []).includes(p.scopeId);
}

const lineTotal = (l: PromoLine) => l.unitPriceCents * l.quantity;

/** What one item promotion, alone, takes off each line. */
export function promotionLineDiscounts(p: LivePromotion, lines: readonly PromoLine[]): number[] {
  const zero = lines.map(() => 0);
  const scoped = lines.map((l) => inScope(p, l));
  if (p.type === 'buy_x_pay_y') {
    // Every unit in scope, dearest first; in each full group of `buy` the cheapest `buy − pay` are free.
    const units = lines.flatMap((l, i) => (scoped[i] ? Array.from({ length: l.quantity }, () => ({ i, cents: l.unitPriceCents })) : []));
    units.sort((a, b) => b.cents - a.cents || a.i - b.i);
    const out = [...zero];
    const { buy, pay } = p.rules;
    for (let g = 0; g + buy <= units.length; g += buy) {
      for (let k = g + pay; k < g + buy; k++) out[units[k].i] += units[k].cents;
    }
    return out;
  }
  if (p.type === 'progressive') {
    const weights = lines.map((l, i) => (scoped[i] ? lineTotal(l) : 0));
    const subtotal = weights.reduce((s, w) => s + w, 0);
    const measure = p.rules.basis === 'quantity' ? lines.reduce((n, l, i) => n + (scoped[i] ? l.quantity : 0), 0) : subtotal;
    const reached = p.rules.tiers.filter((t) => measure >= t.min).sort((a, b) => b.min - a.min)[0];
    if (!reached || subtotal === 0) return zero;
    const amount = p.rules.kind === 'percent' ? percentOff(subtotal, reached.value) : Math.min(reached.value, subtotal);
    return allocate(amount, weights);
  }
  return zero;
}

/**
 * The item promotions applied to `lines` by the rule above. `promotions` in their age order
 * (oldest first: ties go to it). Never more than a line's total off a line.
 */
export function applyPromotions(lines: readonly PromoLine[], promotions: readonly LivePromotion[]): PromotionResult {
  const items = promotions.filter((p) => p.type !== 'free_shipping');
  const perPromotion = items.map((p) => promotionLineDiscounts(p, lines));
  const winner = lines.map((_, i) => {
    let best = -1;
    for (let k = 0; k < items.length; k++) if (perPromotion[k][i] > 0 && (best < 0 || perPromotion[k][i] > perPromotion[best][i])) best = k;
    return best;
  });
  const discounts: PromotionDiscount[] = [];
  items.forEach((p, k) => {
    const lineShares = lines.map((l, i) => (winner[i] === k ? Math.min(perPromotion[k][i], lineTotal(l)) : 0));
    const amountCents = lineShares.reduce((s, x) => s + x, 0);
    if (amountCents > 0) discounts.push({ promotionId: p.id, type: p.type as PromotionDiscount['type'], name: p.name, amountCents, lineShares });
  });
  const lineDiscounts = lines.map((_, i) => discounts.reduce((s, d) => s + d.lineShares[i], 0));
  return { discounts, totalCents: lineDiscounts.reduce((s, x) => s + x, 0), lineDiscounts };
}

/** Whether `zip` (8 digits, its UF `uf`) is in the promotion's regions (none named: everywhere). */
export function inRegion(r: Pick<FreeShippingRules, 'ufs' | 'cepRanges'>, zip: string | null, uf: string | null): boolean {
  if (r.ufs.length === 0 && r.cepRanges.length === 0) return true;
  if (uf && r.ufs.includes(uf)) return true;
  return zip !== null && r.cepRanges.some((c) => zip >= c.from && zip <= c.to);
}

/** What the free-shipping promotions need of the cart: the items after promotions, per line, and where it goes. */
export type FreeShippingCart = { lines: readonly PromoLine[]; lineNetCents: readonly number[]; zip: string | null; uf: string | null };

/** The cart's items after promotions that count towards a free-shipping promotion's minimum (its scope's lines). */
function scopedNet(p: LivePromotion, cart: FreeShippingCart): number {
  return cart.lines.reduce((s, l, i) => s + (inScope(p, l) ? cart.lineNetCents[i] : 0), 0);
}

export type FreeShippingVerdict =
  /** Free on these options ('cheapest': only the cheapest offered), by the named promotion. */
  | { free: true; options: 'all' | 'cheapest'; name: string; promotionId: string }
  /**
   * Not yet: `missingCents` more (the least of the promotions whose region matches), or null when
   * none can apply here; `regionPending`: one's minimum is met and only the CEP is unknown.
   */
  | { free: false; missingCents: number | null; regionPending?: boolean };

/**
 * The free-shipping promotions on this cart: free when one's region (unknown CEP: any region
 * counts, as the nudge says "for your region" only once a CEP is known) and minimum are met.
 */
export function freeShippingFor(promotions: readonly LivePromotion[], cart: FreeShippingCart): FreeShippingVerdict {
  let missing: number | null = null;
  let best: Extract<FreeShippingVerdict, { free: true }> | null = null;
  let regionPending = false;
  for (const p of promotions) {
    if (p.type !== 'free_shipping') continue;
    if (cart.zip !== null && !inRegion(p.rules, cart.zip, cart.uf)) continue;
    if (!cart.lines.some((l) => inScope(p, l))) continue;
    const net = scopedNet(p, cart);
    if (net >= p.rules.minCents) {
      if (cart.zip === null && (p.rules.ufs.length > 0 || p.rules.cepRanges.length > 0)) {
        regionPending = true;
        continue;
      }
      if (!best || (best.options === 'cheapest' && p.rules.options === 'all')) best = { free: true, options: p.rules.options, name: p.name, promotionId: p.id };
    } else missing = Math.min(missing ?? Infinity, p.rules.minCents - net);
  }
  return best ?? { free: false, missingCents: missing, ...(regionPending ? { regionPending } : {}) };
}

/** The delivery options with the free ones at 0: every option, or only the cheapest. */
export function withFreeShipping<O extends { cents: number }>(options: readonly O[], options_: 'all' | 'cheapest'): (O & { freeByPromotion: boolean })[] {
  const cheapest = options.reduce((m, o, i) => (m < 0 || o.cents < options[m].cents ? i : m), -1);
  return options.map((o, i) => (options_ === 'all' || i === cheapest ? { ...o, cents: 0, freeByPromotion: true } : { ...o, freeByPromotion: false }));
}
