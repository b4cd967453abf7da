/** Test fixtures for reviews: a paid order with lines of real products, in any fulfilment state. */
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orderItems, orders, type FulfillmentStatus, type OrderStatus } from '@/db/schema';
import { insertOrderWithPayment } from '@/test/payments/db';

export async function reviewableOrder(o: {
  productIds: number[];
  fulfillment?: FulfillmentStatus;
  shipping?: 'delivery' | 'pickup' | null;
  at?: string;
  status?: OrderStatus;
  buyerName?: string;
  buyerEmail?: string;
}): Promise<{ orderId: string; itemIds: number[] }> {
  const at = o.at ?? new Date().toISOString();
  const { order } = await insertOrderWithPayment({ status: o.status ?? 'paid', buyerName: o.buyerName, buyerEmail: o.buyerEmail });
  const fulfillment = o.fulfillment ?? 'delivered';
  await database()
    .db.update(orders)
    .set({
      paidAt: at,
      shippingMethod: o.shipping === undefined ? 'delivery' : o.shipping,
      fulfillmentStatus: fulfillment,
      deliveredAt: fulfillment === 'delivered' ? at : null,
      pickedUpAt: fulfillment === 'picked_up' ? at : null,
    })
    .where(eq(orders.id, order.id));
  const itemIds: number[] = [];
  for (const productId of o.productIds) {
    const [row] = await database()
      .db.insert(orderItems)
      .values({ orderId: order.id, productId, name: `Produto ${productId}`, unitPriceCents: 3990, quantity: 1, lineTotalCents: 3990 })
      .returning({ id: orderItems.id });
    itemIds.push(row.id);
  }
  return { orderId: order.id, itemIds };
}
