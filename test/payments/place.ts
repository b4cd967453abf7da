/** Test helper: places a real order through placeOrder (with whatever PaymentProvider is injected). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders, payments, type Order, type Payment } from '@/db/schema';
import { placeOrder, type OrderInput } from '@/lib/checkout/place-order';
import { productIdBySlug } from './db';

export const TEST_ADDRESS = { zip: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

export function checkoutInput(method: 'pix' | 'boleto', productId: number, quantity = 1): OrderInput {
  return {
    checkoutKey: randomUUID(),
    method,
    items: [{ productId, quantity }],
    buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
    // The café ships: every order of it has a delivery address (free in a shop without rules).
    delivery: TEST_ADDRESS,
    ...(method === 'boleto' ? { address: TEST_ADDRESS } : {}),
  };
}

/** Places an order of `quantity` × café (R$ 39,90) and returns its rows; throws when placeOrder fails. */
export async function placeTestOrder(method: 'pix' | 'boleto', quantity = 1): Promise<{ order: Order; payment: Payment }> {
  const result = await placeOrder(checkoutInput(method, await productIdBySlug('cafe-especial-250g'), quantity));
  if (!result.ok) throw new Error(`placeOrder failed: ${result.error}`);
  return rowsByToken(result.orderToken);
}

export async function rowsByToken(token: string): Promise<{ order: Order; payment: Payment }> {
  const { db } = database();
  const [order] = await db.select().from(orders).where(eq(orders.token, token));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  return { order, payment };
}
