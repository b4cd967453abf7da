/**
 * Orders as /api/v1 shows them (and the outbound webhooks carry them): one function builds the
 * JSON of an order from its row, its lines and the checkout session it came from. The list is
 * newest first with an opaque cursor (created_at and id of the last order of the page).
 *
 * A key reads only the orders of its scope (keys.ts): with "own", the orders of its own checkout
 * sessions; any other order answers as an unknown one (404), so a key cannot even learn it exists.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { database } from '@/db';
import { checkoutSessions, orderDiscounts, orderItems, orders, type Order } from '@/db/schema';
import { e164Of } from '@balcao/br/phone';
import { env } from '@/lib/config/env';
import { latestInvoicesOf, publicInvoiceOf } from '@/lib/nfe';
import type { ApiCaller } from './keys';
import type { ApiOrder } from './schemas';

type Line = { orderId: string; productId: number | null; variantId: number | null; sku: string | null; name: string; unitPriceCents: number; quantity: number; lineTotalCents: number };
type SessionBits = { id: string; metadata: string } | undefined;
type PromotionBits = { name: string; amountCents: number };

/** The order's discounts, one per cause: its promotions (order_discounts), its coupon, its Pix discount. */
function discountsOf(o: Order, promotions: readonly PromotionBits[]): ApiOrder['discounts'] {
  return [
    ...promotions.map((p) => ({ type: 'promotion' as const, name: p.name, amount: p.amountCents })),
    ...(o.couponDiscountCents > 0 ? [{ type: 'coupon' as const, name: o.couponCode ?? '', amount: o.couponDiscountCents }] : []),
    ...(o.pixDiscountCents > 0 ? [{ type: 'pix' as const, name: 'Desconto no Pix', amount: o.pixDiscountCents }] : []),
  ];
}

export function apiOrderOf(o: Order, lines: readonly Line[], session: SessionBits, promotions: readonly PromotionBits[] = [], invoice: ApiOrder['invoice'] = null): ApiOrder {
  const hasFulfilment = (o.status === 'paid' || o.status === 'refunded') && o.shippingMethod !== null;
  return {
    id: o.id,
    number: o.number ?? null,
    status: o.status,
    fulfillment_status: hasFulfilment ? o.fulfillmentStatus : null,
    method: o.method,
    total: o.totalCents,
    refunded: o.refundedCents,
    items: lines.map((l) => ({ product_id: l.productId === null ? null : String(l.productId), variant_id: l.variantId === null ? null : String(l.variantId), sku: l.sku, name: l.name, unit_amount: l.unitPriceCents, quantity: l.quantity, amount: l.lineTotalCents })),
    discounts: discountsOf(o, promotions),
    customer: { name: o.buyerName, document: o.buyerDocument, email: o.buyerEmail, phone: o.buyerPhone ? e164Of(o.buyerPhone) : null },
    metadata: session ? (JSON.parse(session.metadata) as Record<string, string>) : {},
    checkout_session_id: session?.id ?? null,
    created_at: o.createdAt,
    paid_at: o.paidAt ?? null,
    invoice,
  };
}

/** The API's JSON of these orders, in the same order. */
export async function apiOrders(rows: readonly Order[]): Promise<ApiOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const { db } = database();
  const lines = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
  const sessions = await db.select({ id: checkoutSessions.id, metadata: checkoutSessions.metadata, orderId: checkoutSessions.orderId }).from(checkoutSessions).where(inArray(checkoutSessions.orderId, ids));
  const withPromotions = rows.filter((o) => o.promotionDiscountCents > 0).map((o) => o.id);
  const promotions =
    withPromotions.length === 0
      ? []
      : await db
          .select({ orderId: orderDiscounts.orderId, name: orderDiscounts.name, amountCents: orderDiscounts.amountCents, type: orderDiscounts.type })
          .from(orderDiscounts)
          .where(inArray(orderDiscounts.orderId, withPromotions))
          .orderBy(asc(orderDiscounts.id));
  const invoices = await latestInvoicesOf(ids);
  const appUrl = env().appUrl;
  return rows.map((o) =>
    apiOrderOf(
      o,
      lines.filter((l) => l.orderId === o.id),
      sessions.find((s) => s.orderId === o.id),
      promotions.filter((p) => p.orderId === o.id && p.type !== 'free_shipping'),
      publicInvoiceOf(invoices.get(o.id), o.token, appUrl),
    ),
  );
}

export async function apiOrderById(id: string): Promise<ApiOrder | null> {
  const [row] = await database().db.select().from(orders).where(eq(orders.id, id));
  return row ? ((await apiOrders([row]))[0] ?? null) : null;
}

/** The orders `caller` may see: undefined (no condition) for a key with "Todos os pedidos da loja". */
export function orderScopeOf(caller: Pick<ApiCaller, 'keyId' | 'orderScope'>): SQL | undefined {
  if (caller.orderScope === 'all') return undefined;
  const own = database().db.select({ id: checkoutSessions.orderId }).from(checkoutSessions).where(eq(checkoutSessions.apiKeyId, caller.keyId));
  return inArray(orders.id, own);
}

/** Whether order `id` exists within the caller's scope. */
export async function orderInScope(caller: Pick<ApiCaller, 'keyId' | 'orderScope'>, id: string): Promise<boolean> {
  const [row] = await database().db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, id), orderScopeOf(caller)));
  return row !== undefined;
}

/** The order as `caller` may see it, or null (unknown, or outside the key's scope). */
export async function apiOrderFor(caller: Pick<ApiCaller, 'keyId' | 'orderScope'>, id: string): Promise<ApiOrder | null> {
  const [row] = await database().db.select().from(orders).where(and(eq(orders.id, id), orderScopeOf(caller)));
  return row ? ((await apiOrders([row]))[0] ?? null) : null;
}

function encodeCursor(o: Pick<Order, 'createdAt' | 'id'>): string {
  return Buffer.from(`${o.createdAt}|${o.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|([0-9a-f-]{36})$/.exec(text);
  return m ? { createdAt: m[1], id: m[2] } : null;
}

/** A page of the caller's orders, newest first; `null` when the cursor is not one this API gave. */
export async function listApiOrders(
  caller: Pick<ApiCaller, 'keyId' | 'orderScope'>,
  limit: number,
  cursor?: string,
): Promise<{ data: ApiOrder[]; next_cursor: string | null } | null> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (after === null) return null;
  const afterCursor = after ? or(lt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id))) : undefined;
  const where = and(afterCursor, orderScopeOf(caller));
  const rows = await database()
    .db.select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { data: await apiOrders(page), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}
