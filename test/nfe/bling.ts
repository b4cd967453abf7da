/** Test helpers for NF-e: the embedded Bling sandbox on a clock the test moves, a connected shop, paid orders with items. */
import { eq } from 'drizzle-orm';
import { createBlingSandbox, handleBlingCall, type BlingSandbox } from '@balcao/bling-sandbox';
import { database } from '@/db';
import { blingSettings, orderItems, orders, products } from '@/db/schema';
import { blingTarget, finishAuthorization, startAuthorization, type BlingTarget } from '@/lib/nfe/connection';
import { blingSandbox, blingStoreFile, sandboxClient } from '@/lib/nfe/embedded-bling';
import { startProcessContext } from '@/lib/process/context';
import { insertOrderWithPayment } from '@/test/payments/db';

export type Clock = { now: () => number; advance: (ms: number) => void; sleep: (ms: number) => Promise<void> };

export function testClock(start = Date.now()): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms), sleep: async (ms) => void (t += ms) };
}

/** A process context whose embedded Bling runs on `clock`, its store in this test file's folder. */
export function startBlingContext(clock: Clock, file = blingStoreFile(process.env.SANDBOX_DATABASE_URL!)): { sb: BlingSandbox; target: () => BlingTarget } {
  startProcessContext();
  const sb = createBlingSandbox({ file, now: clock.now, clients: [sandboxClient()], sleep: clock.sleep });
  startProcessContext([blingSandbox.provide(sb)]);
  return { sb, target: () => ({ ...blingTarget()!, now: clock.now }) };
}

/** The OAuth round trip as the merchant makes it: "Conectar ao Bling", "Autorizar", the callback. */
export async function connectBling(sb: BlingSandbox, o: { natureId?: string } = {}): Promise<void> {
  const authorize = new URL(await startAuthorization());
  const reply = await handleBlingCall(sb, {
    method: 'POST',
    path: ['Api', 'v3', 'oauth', 'authorize'],
    query: new URLSearchParams(),
    authorization: null,
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ response_type: 'code', client_id: authorize.searchParams.get('client_id')!, state: authorize.searchParams.get('state')!, decision: 'allow' }).toString(),
    baseUrl: 'http://localhost/api/sandbox/bling',
  });
  const back = new URL(reply.location!);
  const done = await finishAuthorization({ code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: null });
  if (!done.ok) throw new Error(done.message);
  await database().db.update(blingSettings).set({ natureId: o.natureId ?? '1001', natureName: 'Venda de mercadoria', series: 1 }).where(eq(blingSettings.id, 1));
}

/** A paid order of two units of the first seeded product (its NCM set to `ncm`). */
export async function paidOrderWithItem(o: { ncm?: string | null; number?: number } = {}) {
  const { db } = database();
  const [product] = await db.select().from(products).limit(1);
  await db.update(products).set({ ncm: o.ncm === undefined ? '09012100' : o.ncm, origin: 0 }).where(eq(products.id, product.id));
  const { order } = await insertOrderWithPayment({ status: 'paid', totalCents: 2 * product.priceCents });
  const number = o.number ?? 5000 + Math.floor(Math.random() * 90_000);
  await db.update(orders).set({ number, itemsCents: 2 * product.priceCents, paidAt: new Date().toISOString() }).where(eq(orders.id, order.id));
  await db.insert(orderItems).values({ orderId: order.id, productId: product.id, name: product.name, unitPriceCents: product.priceCents, quantity: 2, lineTotalCents: 2 * product.priceCents });
  return { orderId: order.id, number, productId: product.id, productName: product.name };
}
