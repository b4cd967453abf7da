/**
 * The dashboard's "Promoções": create, pause and resume, and the list with each promotion's
 * status on the shop's clock, its period, its uses and the discount it gave (paid orders, net of
 * nothing: what the buyers did not pay). The overview's "Promoções" figure is periodDiscounts.
 */
import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { categories, orderDiscounts, orders, products, promotions, type Promotion } from '@/db/schema';
import { shopNow } from '@/lib/embedded-provider/clock';
import { recordActivity, newId } from '@/lib/security';
import type { NewPromotion } from './promotion-form';

export { parsePromotionForm, promotionFormValues, type PromotionField } from './promotion-form';
import { promotionStatus, type PromotionStatus } from './rules';

type Actor = { id: number; email: string } | string;
async function logActivity(actor: Actor, summary: string, target: string): Promise<void> {
  if (typeof actor === 'string') return;
  await recordActivity({ actor, action: 'settings', summary, target });
}

export async function createPromotion(value: NewPromotion, actor: Actor): Promise<Promotion> {
  const id = newId();
  await db().insert(promotions).values({ id, name: value.name, type: value.type, scope: value.scope, scopeId: value.scopeId, rules: JSON.stringify(value.rules), startsAt: value.startsAt, endsAt: value.endsAt });
  await logActivity(actor, `Criou a promoção ${value.name}`, value.name);
  const [row] = await db().select().from(promotions).where(eq(promotions.id, id));
  return row;
}

/** "Pausar" / "Retomar": an order being priced after this reads the promotion as it is now. */
export async function setPromotionPaused(id: string, paused: boolean, actor: Actor): Promise<Promotion | undefined> {
  const at = new Date().toISOString();
  const [changed] = await db()
    .update(promotions)
    .set({ pausedAt: paused ? at : null, updatedAt: at })
    .where(and(eq(promotions.id, id), paused ? isNull(promotions.pausedAt) : isNotNull(promotions.pausedAt)))
    .returning();
  if (changed) await logActivity(actor, `${paused ? 'Pausou' : 'Retomou'} a promoção ${changed.name}`, changed.name);
  return changed;
}

const COUNTED = ['paid', 'refunded'] as const;

export type PromotionRow = Promotion & { status: PromotionStatus; uses: number; discountCents: number };

/** Every promotion, newest first, with its uses and discount given on paid orders. */
export async function listPromotions(nowMs = shopNow()): Promise<PromotionRow[]> {
  const rows = await db().select().from(promotions).orderBy(desc(promotions.createdAt));
  const stats = await db()
    .select({ promotionId: orderDiscounts.promotionId, uses: sql<number>`count(distinct ${orderDiscounts.orderId})`, cents: sql<number>`coalesce(sum(${orderDiscounts.amountCents}), 0)` })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(inArray(orders.status, [...COUNTED]))
    .groupBy(orderDiscounts.promotionId);
  const byId = new Map(stats.map((s) => [s.promotionId, s]));
  return rows.map((p) => ({ ...p, status: promotionStatus(p, nowMs), uses: Number(byId.get(p.id)?.uses ?? 0), discountCents: Number(byId.get(p.id)?.cents ?? 0) }));
}

/**
 * The discounts given on orders paid in [from, to) (ISO): the promotions' (item discounts and
 * free shipping they waived) apart from the coupons'. The overview's "Descontos" figure.
 */
export async function periodDiscounts(from: string, to: string): Promise<{ promotionCents: number; promotionOrders: number; couponCents: number }> {
  const paidIn = and(gte(orders.paidAt, from), lt(orders.paidAt, to));
  const [[promo], [coupon]] = await Promise.all([
    db()
      .select({ cents: sql<number>`coalesce(sum(${orderDiscounts.amountCents}), 0)`, orders: sql<number>`count(distinct ${orderDiscounts.orderId})` })
      .from(orderDiscounts)
      .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
      .where(paidIn),
    db().select({ cents: sql<number>`coalesce(sum(${orders.couponDiscountCents}), 0)` }).from(orders).where(paidIn),
  ]);
  return { promotionCents: Number(promo?.cents ?? 0), promotionOrders: Number(promo?.orders ?? 0), couponCents: Number(coupon?.cents ?? 0) };
}

/** What "Aplica-se a" offers: the shop's categories and products, by name. */
export async function promotionScopeChoices(): Promise<{ categories: { id: number; name: string }[]; products: { id: number; name: string }[] }> {
  const [cats, prods] = await Promise.all([
    db().select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db().select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name)),
  ]);
  return { categories: cats, products: prods };
}
