/** Test helpers: a paid order holding the seed's e-book (a digital "Arquivo"), and its signed links. */
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orderItems, orders, type OrderStatus, type ShippingMethod } from '@/db/schema';
import { EBOOK_SLUG } from '@/db/seed-ebook';
import { env } from '@/lib/config/env';
import { signAccessToken } from '@/lib/digital/signed-link';
import { fulfilmentOrder } from '@/test/fulfilment/orders';
import { productIdBySlug } from '@/test/payments/db';

/** An order of the e-book (and, with `method: 'delivery'`, something shipped too), paid unless told. */
export async function ebookOrder(o: { method?: ShippingMethod | null; status?: OrderStatus; paidAt?: string } = {}) {
  const { order, payment } = await fulfilmentOrder({ method: o.method === undefined ? null : o.method, status: o.status ?? 'paid' });
  const paidAt = o.status === 'pending' ? null : (o.paidAt ?? new Date().toISOString());
  await database().db.update(orders).set({ paidAt }).where(eq(orders.id, order.id));
  const productId = await productIdBySlug(EBOOK_SLUG);
  const [item] = await database()
    .db.insert(orderItems)
    .values({ orderId: order.id, productId, name: 'E-book: Guia do café coado', unitPriceCents: 1990, quantity: 1, lineTotalCents: 1990 })
    .returning({ id: orderItems.id });
  if (o.method === 'delivery') {
    const caneca = await productIdBySlug('caneca-ceramica');
    await database().db.insert(orderItems).values({ orderId: order.id, productId: caneca, name: 'Caneca', unitPriceCents: 5900, quantity: 1, lineTotalCents: 5900 });
  }
  return { order: { ...order, paidAt }, payment, itemId: item!.id };
}

/** The first link of a line (generation 0, valid 7 days from the payment) or any claim. */
export function linkToken(orderId: string, itemId: number, paidAt: string, over: { generation?: number; expiresAt?: string } = {}) {
  return signAccessToken(env().authSecret, {
    orderId,
    itemId,
    generation: over.generation ?? 0,
    expiresAt: over.expiresAt ?? new Date(Date.parse(paidAt) + 7 * 24 * 3600 * 1000).toISOString(),
  });
}
