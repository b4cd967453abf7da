import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { fulfilmentOrder } from '@/test/fulfilment/orders';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { countToShip, listOrders, listToShip } from './orders-query';

beforeAll(prepareDatabase);
beforeEach(clearOrders);

async function paidAt(id: string, at: string, set: Partial<typeof orders.$inferInsert> = {}) {
  await database().db.update(orders).set({ paidAt: at, ...set }).where(eq(orders.id, id));
}

describe('"A enviar": paid and not yet sent, oldest first', () => {
  it('lists only paid orders that ship and are unfulfilled, by the time they were paid', async () => {
    const newer = (await fulfilmentOrder()).order;
    const older = (await fulfilmentOrder()).order;
    const sent = (await fulfilmentOrder()).order;
    const pickup = (await fulfilmentOrder({ method: 'pickup' })).order;
    const digital = (await fulfilmentOrder({ method: null })).order;
    const pending = (await fulfilmentOrder({ status: 'pending' })).order;
    const refunded = (await fulfilmentOrder({ status: 'refunded' })).order;
    await paidAt(newer.id, '2025-03-10T12:00:00.000Z');
    await paidAt(older.id, '2025-03-09T12:00:00.000Z');
    await paidAt(sent.id, '2025-03-01T12:00:00.000Z', { fulfillmentStatus: 'shipped' });
    for (const o of [pickup, digital, pending, refunded]) await paidAt(o.id, '2025-03-01T00:00:00.000Z');

    expect(await countToShip()).toBe(2);
    const page = await listToShip();
    expect(page.rows.map((r) => r.id)).toEqual([older.id, newer.id]);
    expect(page.total).toBe(2);
  });

  it('the fulfilment filter of the orders list leaves out unpaid orders and orders with nothing to ship', async () => {
    const paid = (await fulfilmentOrder()).order;
    await fulfilmentOrder({ status: 'pending' });
    await fulfilmentOrder({ method: null });
    const shipped = (await fulfilmentOrder()).order;
    await paidAt(shipped.id, '2025-03-01T12:00:00.000Z', { fulfillmentStatus: 'shipped' });
    expect((await listOrders({ fulfillment: 'unfulfilled' })).rows.map((r) => r.id)).toEqual([paid.id]);
    expect((await listOrders({ fulfillment: 'shipped' })).rows.map((r) => r.id)).toEqual([shipped.id]);
    expect((await listOrders({})).total).toBe(4);
  });
});
