/** Test helpers: paid orders that ship or are picked up, and what a move left behind. */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import { database } from '@/db';
import { emailOutbox, emailSettings, orders, paymentEvents, type OrderStatus, type ShippingMethod } from '@/db/schema';
import { s10CheckDigit } from '@/lib/fulfilment/tracking';
import { clearOrders, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';

/**
 * Registers the hooks of a fulfilment test file: the database prepared once; before each test,
 * no orders and the default e-mail settings (so each move's e-mail is written).
 */
export function withFulfilmentOrders(): void {
  beforeAll(prepareDatabase);
  beforeEach(async () => {
    await clearOrders();
    await database().db.delete(emailSettings);
  });
}

/** A valid Correios tracking code for a serial (its S10 check digit computed). */
export function s10Code(serial: number, prefix = 'AB'): string {
  const s = String(serial).padStart(8, '0');
  return `${prefix}${s}${s10CheckDigit(s)}BR`;
}

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

/** A fulfilmentOrder with the shop's order number `n` (#n in a batch file or the orders list). */
export async function numberedOrder(n: number, o: Parameters<typeof fulfilmentOrder>[0] = {}) {
  const { order } = await fulfilmentOrder(o);
  await database().db.update(orders).set({ number: n }).where(eq(orders.id, order.id));
  return order;
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
