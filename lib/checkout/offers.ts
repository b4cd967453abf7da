/**
 * "Oferta no checkout" (an order bump): a product's offer of another product, or one of its
 * variants, at "Preço na oferta". One offer shows at a time, chosen by the cart: the offer of
 * the cart's line worth the most (the first such line on a tie) whose offered item is not in
 * the cart already, is on sale with stock, and costs less at the offer than in the catalog.
 * Ticked ("Adicionar ao pedido"), it is one more line of the same order at the offer's price,
 * with the order's stock and limits (place-steps.ts takes its unit like any other).
 */
import 'server-only';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { orderOffers, orders, productOffers, productVariants, products, type ProductOffer } from '@/db/schema';
import { itemsOfProducts, type CatalogItem } from '@/lib/catalog';

export type CheckoutOffer = { productId: number; item: CatalogItem; priceCents: number; text: string };

type CartLineLike = { productId: number; variantId?: number; lineTotalCents: number };

/** The offer the cart shows (pure): see the rule above. `offered`: the catalog rows of the offered products. */
export function chooseOffer(lines: readonly CartLineLike[], offers: readonly ProductOffer[], offered: readonly CatalogItem[]): CheckoutOffer | null {
  const ranked = lines.map((l, i) => ({ l, i })).sort((a, b) => b.l.lineTotalCents - a.l.lineTotalCents || a.i - b.i);
  for (const { l } of ranked) {
    const o = offers.find((x) => x.productId === l.productId);
    if (!o || lines.some((c) => c.productId === o.offeredProductId)) continue;
    const item = offered.find((c) => c.id === o.offeredProductId && (o.offeredVariantId === null ? !c.variantName : c.variantId === o.offeredVariantId));
    if (!item || (item.stock !== null && item.stock < 1) || o.priceCents < 1 || o.priceCents >= item.priceCents) continue;
    return { productId: o.productId, item, priceCents: o.priceCents, text: o.text };
  }
  return null;
}

/** The cart's offer now, read from the database (two reads; none without an offer on the cart's products). */
export async function cartOffer(lines: readonly CartLineLike[]): Promise<CheckoutOffer | null> {
  if (lines.length === 0) return null;
  const offers = await db().select().from(productOffers).where(inArray(productOffers.productId, [...new Set(lines.map((l) => l.productId))]));
  if (offers.length === 0) return null;
  return chooseOffer(lines, offers, await itemsOfProducts(offers.map((o) => o.offeredProductId)));
}

export async function offerOf(productId: number): Promise<ProductOffer | undefined> {
  const [row] = await db().select().from(productOffers).where(eq(productOffers.productId, productId));
  return row;
}

/** What "Produto oferecido" lists: each product without options, and each variant of those with options ("p:<id>" / "v:<id>"). */
export async function offerChoices(exceptProductId: number): Promise<{ value: string; label: string }[]> {
  const rows = await db()
    .select({ productId: products.id, name: products.name, options: products.options, variantId: productVariants.id, o1: productVariants.option1, o2: productVariants.option2, o3: productVariants.option3 })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.active, true))
    .orderBy(products.name, productVariants.position);
  return rows
    .filter((r) => r.productId !== exceptProductId)
    .map((r) => (r.options === '[]' ? { value: `p:${r.productId}`, label: r.name } : { value: `v:${r.variantId}`, label: `${r.name} — ${[r.o1, r.o2, r.o3].filter(Boolean).join(' / ')}` }));
}

export type OfferSave = { ok: true } | { ok: false; field: 'offered' | 'price' | 'text'; error: string };

/** Saves (or, with "Produto oferecido" empty, removes) the product's offer. */
export async function saveOffer(productId: number, typed: { offered: string; priceCents: number | null; text: string }): Promise<OfferSave> {
  if (!typed.offered) {
    await db().delete(productOffers).where(eq(productOffers.productId, productId));
    return { ok: true };
  }
  const m = /^([pv]):(\d{1,9})$/.exec(typed.offered);
  if (!m) return { ok: false, field: 'offered', error: 'Escolha o produto oferecido.' };
  let offeredProductId: number;
  let offeredVariantId: number | null = null;
  if (m[1] === 'p') offeredProductId = Number(m[2]);
  else {
    const [v] = await db().select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, Number(m[2])));
    if (!v) return { ok: false, field: 'offered', error: 'Escolha o produto oferecido.' };
    offeredProductId = v.productId;
    offeredVariantId = Number(m[2]);
  }
  if (offeredProductId === productId) return { ok: false, field: 'offered', error: 'Ofereça outro produto, não o próprio.' };
  if (typed.priceCents === null || typed.priceCents < 1) return { ok: false, field: 'price', error: 'Informe o preço na oferta, como 19,90.' };
  const text = typed.text.trim().replace(/\s+/g, ' ');
  if (!text || text.length > 140) return { ok: false, field: 'text', error: 'Escreva o texto da oferta (até 140 caracteres).' };
  const row = { productId, offeredProductId, offeredVariantId, priceCents: typed.priceCents, text, updatedAt: new Date().toISOString() };
  await db().insert(productOffers).values(row).onConflictDoUpdate({ target: productOffers.productId, set: row });
  return { ok: true };
}

/** "Ofertas aceitas" on orders paid in [from, to) (ISO): how many, and what their lines brought in. */
export async function acceptedOffers(from: string, to: string): Promise<{ count: number; revenueCents: number }> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${orderOffers.priceCents}), 0)` })
    .from(orderOffers)
    .innerJoin(orders, eq(orders.id, orderOffers.orderId))
    .where(and(gte(orders.paidAt, from), lt(orders.paidAt, to)));
  return { count: Number(row?.n ?? 0), revenueCents: Number(row?.cents ?? 0) };
}
