import { inArray } from 'drizzle-orm';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { itemsSummaryOf } from '@/lib/orders';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { orderLabel } from '@/lib/orders/words';

/** An order of the bulk bar's selection as its confirm page lists it. */
export type SelectedOrder = { id: string; label: string; buyer: string; items: string };

/** The orders of the selection, in its order, as the form shows them (buyers masked for a role without buyers:read). */
export async function selectedOrders(ids: string[], masked: boolean): Promise<SelectedOrder[]> {
  const [rows, items] = await Promise.all([
    db()
      .select({ id: orders.id, number: orders.number, buyerName: orders.buyerName, buyerDocument: orders.buyerDocument })
      .from(orders)
      .where(inArray(orders.id, ids)),
    itemsSummaryOf(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, masked ? maskOrderBuyer(r) : r]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [{ id, label: orderLabel(o), buyer: o.buyerName, items: items.get(id) ?? '' }] : [];
  });
}

