/**
 * The live promotions as pricing reads them: the rows not paused whose period holds at the
 * shop's clock (lib/embedded-provider/clock.ts: the sandbox clock under the embedded sandbox),
 * oldest first, with the categories of the cart's products when one is scoped to a category.
 * One batch: one round trip on libSQL.
 */
import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import { database, db } from '@/db';
import { orderDiscounts, productCategories, promotions } from '@/db/schema';
import { parsePromotion, type LivePromotion } from './rules';

export type PromotionContext = { list: LivePromotion[]; categoriesOf: ReadonlyMap<number, readonly number[]> };

export const NO_PROMOTIONS: PromotionContext = { list: [], categoriesOf: new Map() };

export function livePromotionsQuery(nowMs: number) {
  const at = new Date(nowMs).toISOString();
  return db()
    .select({ id: promotions.id, name: promotions.name, type: promotions.type, scope: promotions.scope, scopeId: promotions.scopeId, rules: promotions.rules })
    .from(promotions)
    .where(and(isNull(promotions.pausedAt), or(isNull(promotions.startsAt), lte(promotions.startsAt, at)), or(isNull(promotions.endsAt), gt(promotions.endsAt, at))))
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
}

function categoriesQuery(productIds: readonly number[]) {
  return db()
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, productIds.length > 0 ? [...productIds] : [-1]));
}

/**
 * Parsed rules by row content: a row's rules parse the same every time, so each checkout does
 * not run the schema again on every live promotion. Derived data only (the rows stay the truth).
 */
const parsed = new Map<string, LivePromotion | null>();
function parsedOf(row: Parameters<typeof parsePromotion>[0]): LivePromotion | null {
  const key = `${row.id}\u0000${row.name}\u0000${row.type}\u0000${row.scope}\u0000${row.scopeId}\u0000${row.rules}`;
  let p = parsed.get(key);
  if (p === undefined) {
    if (parsed.size > 1_000) parsed.clear();
    p = parsePromotion(row);
    parsed.set(key, p);
  }
  return p;
}

/** The promotions live at `nowMs` and the categories of `productIds`, in one batch. */
export async function promotionContext(productIds: readonly number[], nowMs: number): Promise<PromotionContext> {
  const [rows, cats] = await database().batch([livePromotionsQuery(nowMs), categoriesQuery(productIds)]);
  const list = rows.map(parsedOf).filter((p): p is LivePromotion => p !== null);
  const categoriesOf = new Map<number, number[]>();
  for (const c of cats) categoriesOf.set(c.productId, [...(categoriesOf.get(c.productId) ?? []), c.categoryId]);
  return { list, categoriesOf };
}

/** An order's promotion lines, in the order they were written (each its own line on every page). */
export async function orderPromotionLines(orderId: string): Promise<{ name: string; amountCents: number; type: string }[]> {
  return db()
    .select({ name: orderDiscounts.name, amountCents: orderDiscounts.amountCents, type: orderDiscounts.type })
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.orderId, orderId), ne(orderDiscounts.type, 'free_shipping')))
    .orderBy(asc(orderDiscounts.id));
}
