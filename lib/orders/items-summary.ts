/**
 * The orders list's "Itens" column: the first line's product and how many other lines follow
 * ("Café especial 250 g +2"), read for one page of orders in one query.
 */
import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { orderItems } from '@/db/schema';
import { itemsSummary } from './items-summary-text';

/** Order id → "first item +N", for the orders given (an order without lines is absent). */
export async function itemsSummaryOf(orderIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (orderIds.length === 0) return out;
  const rows = await db()
    .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<string, { name: string; quantity: number }[]>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  for (const [id, lines] of byOrder) out.set(id, itemsSummary(lines));
  return out;
}
