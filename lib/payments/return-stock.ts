/** The merchant's "Devolver ao estoque" (a refunded order's units back on the shelf, once). */
import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { orders, payments, currentPaymentOf } from '@/db/schema';
import { insertEvent } from './events';
import { returnRefundedOrderStock, type ReturnResult } from '@/lib/catalog';

export async function returnOrderStock(orderId: string, actor: string): Promise<ReturnResult> {
  return database().transaction(function* (tx) {
    const order = yield* get(tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)));
    if (!order) return { ok: false, error: 'Pedido não encontrado.' } as ReturnResult;
    const result = yield* returnRefundedOrderStock(tx, order);
    if (result.ok) {
      const payment = yield* get(tx.select({ id: payments.id }).from(payments).where(currentPaymentOf(orderId)));
      if (payment) {
        yield* run(
          insertEvent(tx, { paymentId: payment.id, orderId, type: 'stock_returned', source: 'merchant', dedupeKey: `stock_returned:${orderId}`, detail: { actor, units: result.units } }),
        );
      }
    }
    return result;
  });
}
