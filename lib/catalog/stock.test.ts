import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { orders, products, stockMovements } from '@/db/schema';
import { SOLD_OUT_WHILE_BUYING } from '@/lib/orders/pricing';
import { api } from '@/lib/payments/api';
import { applyObservation } from '@/lib/payments/apply';
import { deleteUncreatedOrder } from '@/lib/payments/create-charge';
import type { Observation } from '@/lib/payments/observation';
import { placeOrder } from '@/lib/checkout/place-order';
import { chargeStateOf } from '@/lib/payment-api/status';
import { apiError, FakePaymentApi } from '@/test/payments/fake-payment-api';
import { prepareDatabase } from '@/test/payments/db';
import { rowsByToken, TEST_ADDRESS } from '@/test/payments/place';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/settings/settings';
import { unitsHeldBy } from './held-units';
import { returnOrderStock } from '@/lib/payments/return-stock';
import { startProcessContext } from '@/lib/process/context';
import { runWorker } from '@/test/worker-process';

const WORKER = 'test/catalog/checkout-worker.ts';

let fake: FakePaymentApi;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentApi();
  startProcessContext([api.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS });
});
afterAll(() => startProcessContext());

const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });

async function newProduct(stock: number | null, priceCents = 2000): Promise<number> {
  const slug = `estoque-${randomUUID().slice(0, 8)}`;
  const [row] = await database().db.insert(products).values({ slug, name: `Produto ${slug}`, description: '', priceCents, imagePath: '', stock }).returning({ id: products.id });
  return row.id;
}
const stockOf = async (id: number) => (await database().db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const movementsOf = async (orderId: string) => database().db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId));

async function buy(productId: number, quantity: number) {
  const result = await placeOrder({
    checkoutKey: randomUUID(),
    method: 'pix',
    items: [{ productId, quantity }],
    buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
    delivery: TEST_ADDRESS,
  });
  if (!result.ok) throw new Error(result.error);
  return rowsByToken(result.orderToken);
}

describe('stock rules', () => {
  it('placing an order takes its units in the same transaction as the order', async () => {
    const id = await newProduct(3);
    const { order } = await buy(id, 2);
    expect(await stockOf(id)).toBe(1);
    expect(await movementsOf(order.id)).toMatchObject([{ productId: id, delta: -2, reason: 'order' }]);
  });

  it('refuses more than is left, and says the product sold out while buying when none is left', async () => {
    const id = await newProduct(1);
    await expect(buy(id, 2)).rejects.toThrow('Só resta 1 unidade de');
    await buy(id, 1);
    await expect(buy(id, 1)).rejects.toThrow(SOLD_OUT_WHILE_BUYING);
    expect(await stockOf(id)).toBe(0);
  });

  it('an expiry gives the units back exactly once, whoever sees it and however often', async () => {
    const id = await newProduct(5);
    const { payment, order } = await buy(id, 2);
    expect(await stockOf(id)).toBe(3);
    // a webhook's read and reconciliation's read of the same expiry, several times each
    await Promise.all([applyObservation(payment.id, pix('canceled'), 'webhook'), applyObservation(payment.id, pix('canceled'), 'reconcile')]);
    await applyObservation(payment.id, pix('canceled'), 'reconcile');
    expect(await stockOf(id)).toBe(5);
    expect((await movementsOf(order.id)).map((m) => [m.delta, m.reason])).toEqual([
      [-2, 'order'],
      [2, 'expired'],
    ]);
  });

  it('a late payment takes the units again when they are there', async () => {
    const id = await newProduct(5);
    const { payment, order } = await buy(id, 2);
    await applyObservation(payment.id, pix('canceled'), 'reconcile');
    expect(await stockOf(id)).toBe(5);
    await applyObservation(payment.id, pix('completed'), 'webhook');
    await applyObservation(payment.id, pix('completed'), 'reconcile');
    expect(await stockOf(id)).toBe(3);
    const [row] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'paid', latePayment: true, stockShort: false });
  });

  it('a late payment flags the order when its units are gone, and takes nothing', async () => {
    const id = await newProduct(2);
    const first = await buy(id, 2);
    await applyObservation(first.payment.id, pix('canceled'), 'reconcile');
    await buy(id, 2); // someone else bought them meanwhile
    expect(await stockOf(id)).toBe(0);
    await applyObservation(first.payment.id, pix('completed'), 'webhook');
    expect(await stockOf(id)).toBe(0);
    const [row] = await database().db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(row).toMatchObject({ status: 'paid', latePayment: true, stockShort: true });
  });

  it('a refund does not restock; "Devolver ao estoque" does, once', async () => {
    const id = await newProduct(4);
    const { payment, order } = await buy(id, 3);
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await returnOrderStock(order.id, 'demo@balcao.dev')).toEqual({ ok: false, error: expect.stringContaining('Só pedidos reembolsados') });
    await applyObservation(payment.id, pix('refunded'), 'webhook');
    expect(await stockOf(id)).toBe(1);
    expect(await unitsHeldBy(order.id)).toBe(3);
    const [a, b] = await Promise.all([returnOrderStock(order.id, 'demo@balcao.dev'), returnOrderStock(order.id, 'demo@balcao.dev')]);
    expect([a, b].filter((r) => r.ok)).toEqual([{ ok: true, units: 3 }]);
    expect(await stockOf(id)).toBe(4);
    expect(await unitsHeldBy(order.id)).toBe(0);
    expect(await returnOrderStock(order.id, 'demo@balcao.dev')).toEqual({ ok: false, error: 'As unidades deste pedido já voltaram ao estoque.' });
  });

  it('a charge the provider refused gives the units back with the deleted order', async () => {
    const id = await newProduct(3);
    fake.failNext('createPix', apiError('validation', { field: 'payer.document' }));
    const result = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', items: [{ productId: id, quantity: 2 }], buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' }, delivery: TEST_ADDRESS });
    expect(result.ok).toBe(false);
    expect(await stockOf(id)).toBe(3);
    expect(await deleteUncreatedOrder(randomUUID())).toBe(false);
  });

  it('untracked stock never moves', async () => {
    const id = await newProduct(null);
    const { payment, order } = await buy(id, 5);
    await applyObservation(payment.id, pix('canceled'), 'reconcile');
    expect(await stockOf(id)).toBeNull();
    expect(await movementsOf(order.id)).toEqual([]);
  });
});

type Outcome = { ok: boolean; error?: string };

/** `processes` processes × `shoppers` concurrent checkouts each, all on one SQLite file, starting at one instant. */
async function race(productId: number, processes: number, shoppers: number): Promise<Outcome[]> {
  const startAt = Date.now() + 4000;
  const runs = Array.from({ length: processes }, () => runWorker<Outcome[]>(WORKER, [productId, startAt, shoppers]));
  return (await Promise.all(runs)).flat();
}

describe('the last units under concurrency (separate processes, one SQLite file)', () => {
  it('20 shoppers checking out the last 5 units at the same moment make exactly 5 orders', async () => {
    const id = await newProduct(5);
    const outcomes = await race(id, 5, 4);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.error).toContain(SOLD_OUT_WHILE_BUYING);
    expect(await stockOf(id)).toBe(0);
    const taken = await database().db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    expect(taken.map((m) => m.delta)).toEqual([-1, -1, -1, -1, -1]);
  }, 90_000);

  it('with the reservation window: 1 free unit + 2 held by a lapsed unpaid order, 20 shoppers at once make exactly 3 orders', async () => {
    const id = await newProduct(3);
    // An unpaid order placed 2 hours ago (the window is 60 minutes): its 2 units are free again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * 60 * 60_000);
    const { order: lapsed } = await buy(id, 2);
    vi.useRealTimers();
    expect(await stockOf(id)).toBe(1);

    const outcomes = await race(id, 5, 4);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    for (const r of outcomes.filter((o) => !o.ok)) expect(r.error).toContain(SOLD_OUT_WHILE_BUYING);
    expect(await stockOf(id)).toBe(0);
    const moves = await database().db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    // 3 units in stock: taken 2 + 3, given back 2 once; never below zero.
    expect(moves.filter((m) => m.orderId === lapsed.id).map((m) => [m.reason, m.delta])).toEqual([
      ['order', -2],
      ['released', 2],
    ]);
    expect(moves.reduce((sum, m) => sum + m.delta, 0)).toBe(-3);
  }, 90_000);
});
