/** Test helpers: paid orders that ship or are picked up, and what a move left behind. */
import { asc, eq } from 'drizzle-orm';
import { database } from '@/db';
import { emailOutbox, orders, paymentEvents, type OrderStatus, type ShippingMethod } from '@/db/schema';
import { insertOrderWithPayment } from '@/test/payments/db';

export async function fulfilmentOrder(o: { method?: ShippingMethod | null; status?: OrderStatus } = {}) {
  const { order, payment } = await insertOrderWithPayment({ status: o.status ?? 'paid' });
  const method = o.method === undefined ? 'delivery' : o.method;
  await database()
    .db.update(orders)
    .set({
      shippingMethod: method,
      paidAt: new Date().toISOString(),
      ...(method === 'delivery'
        ? { deliveryZip: '01310100', deliveryStreet: 'Avenida Paulista', deliveryNumber: '1000', deliveryNeighborhood: 'Bela Vista', deliveryCity: 'São Paulo', deliveryState: 'SP' }
        : method === 'pickup'
          ? { pickupAddress: 'Rua Augusta, 500 — São Paulo/SP' }
          : {}),
    })
    .where(eq(orders.id, order.id));
  return { order, payment };
}

export async function fulfilmentEventsOf(orderId: string) {
  return (await database().db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.id))).filter(
    (e) => e.type === 'fulfillment_changed' || e.type === 'tracking_corrected',
  );
}

export async function outboxOf(orderId: string) {
  return database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.id));
}

export async function orderRow(orderId: string) {
  return (await database().db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
}
