import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { orderItems, orders, stockMovements } from '@/db/schema';
import { insertProduct, insertProductWithVariants, stockOfProduct, variantStock } from '@/test/catalog/products';
import { SOLD_OUT_WHILE_BUYING } from '@/lib/orders/pricing';
import { paymentProvider } from '@/lib/payments/provider';
import { applyObservation } from '@/lib/payments/apply';
import { deleteUncreatedOrder } from '@/lib/payments/create-charge';
import type { Observation } from '@/lib/payments/observation';
import { placeOrder } from '@/lib/checkout/place-order';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { apiError, FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { rowsByToken, TEST_ADDRESS } from '@/test/payments/place';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { unitsHeldBy } from './held-units';
import { returnOrderStock } from '@/lib/payments/return-stock';
import { startProcessContext } from '@/lib/process/context';
import { raceWorkers } from '@/test/worker-process';

const WORKER = 'test/catalog/checkout-worker.ts';

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS });
});
afterAll(() => startProcessContext());

const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });

async function newProduct(stock: number | null, priceCents = 2000): Promise<number> {
  const slug = `estoque-${randomUUID().slice(0, 8)}`;
  return insertProduct({ slug, name: `Produto ${slug}`, description: '', priceCents, imagePath: '', stock });
}
const stockOf = stockOfProduct;
const movementsOf = async (orderId: string) => database().db.select().from(stockMovements).where(eq(stockMovements.orderId, orderId));

async function buy(productId: number, quantity: number, variantId?: number) {
  const result = await placeOrder({
    checkoutKey: randomUUID(),
    method: 'pix',
    items: [{ productId, ...(variantId ? { variantId } : {}), quantity }],
    buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
    delivery: TEST_ADDRESS,
  });
  if (!result.ok) throw new Error(result.error);
  const rows = await rowsByToken(result.orderToken);
  return { ...rows, items: await database().db.select().from(orderItems).where(eq(orderItems.orderId, rows.order.id)) };
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
async function race(productId: number, processes: number, shoppers: number, variantId?: number): Promise<Outcome[]> {
  return (await raceWorkers<Outcome[]>(WORKER, Array.from({ length: processes }, () => [productId, shoppers, ...(variantId ? [variantId] : [])]))).flat();
}

// The races place orders (checkout), not payments: on the libSQL driver, placing is proved by
// place-steps.test.ts and the 2-process checkout benchmarks; this file is in the libSQL project for
// what applyObservation does to stock (the rules above and below).
const placementRace = describe.skipIf(process.env.DATABASE_DRIVER === 'libsql');

placementRace('the last units under concurrency (separate processes, one SQLite file)', () => {
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

/** A T-shirt in two sizes and two colours: "M / Preto" is one of its 4 variants. */
async function tShirt(stocks: { pp: number | null; mp: number | null; pb: number | null; mb: number | null }) {
  const slug = `camiseta-${randomUUID().slice(0, 8)}`;
  const { productId, variantIds } = await insertProductWithVariants(
    { slug, name: 'Camiseta básica', description: '', priceCents: 4990, imagePath: '' },
    [
      { name: 'Tamanho', values: ['P', 'M'] },
      { name: 'Cor', values: ['Preto', 'Branco'] },
    ],
    [
      { values: ['P', 'Preto'], stock: stocks.pp },
      { values: ['M', 'Preto'], stock: stocks.mp, sku: `CAM-M-PRETO-${slug}` },
      { values: ['P', 'Branco'], stock: stocks.pb },
      { values: ['M', 'Branco'], stock: stocks.mb, priceCents: 5490 },
    ],
  );
  const [pp, mp, pb, mb] = variantIds;
  return { productId, pp, mp, pb, mb };
}

describe('stock per variant', () => {
  it('an order takes the units of the variant it names, under its name and SKU; the other variants keep theirs', async () => {
    const t = await tShirt({ pp: 3, mp: 3, pb: 3, mb: null });
    const { order, items } = await buy(t.productId, 2, t.mp);
    expect(await variantStock(t.mp)).toBe(1);
    expect(await variantStock(t.pp)).toBe(3);
    expect(items).toMatchObject([{ variantId: t.mp, variantName: 'M / Preto', name: 'Camiseta básica — M / Preto', unitPriceCents: 4990, sku: expect.stringMatching(/^CAM-M-PRETO-/) }]);
    expect(await movementsOf(order.id)).toMatchObject([{ productId: t.productId, variantId: t.mp, delta: -2, reason: 'order', dedupeKey: `stock:${order.id}:v${t.mp}:order` }]);
    // A variant's own price.
    const white = await buy(t.productId, 1, t.mb);
    expect(white.items[0]).toMatchObject({ unitPriceCents: 5490, name: 'Camiseta básica — M / Branco' });
  });

  it('a product with options is not sold without naming the variant, nor with another product\'s variant', async () => {
    const t = await tShirt({ pp: 3, mp: 3, pb: 3, mb: 3 });
    const other = await tShirt({ pp: 3, mp: 3, pb: 3, mb: 3 });
    await expect(buy(t.productId, 1)).rejects.toThrow('não está mais disponível');
    await expect(buy(t.productId, 1, other.mp)).rejects.toThrow('não está mais disponível');
  });

  it('refuses more than the variant has, by its name; expiry and "Devolver ao estoque" give back to the variant', async () => {
    const t = await tShirt({ pp: 5, mp: 1, pb: 5, mb: 5 });
    await expect(buy(t.productId, 2, t.mp)).rejects.toThrow('Só resta 1 unidade de Camiseta básica — M / Preto');
    const { payment } = await buy(t.productId, 1, t.mp);
    await expect(buy(t.productId, 1, t.mp)).rejects.toThrow(`${SOLD_OUT_WHILE_BUYING}: Camiseta básica — M / Preto`);
    await applyObservation(payment.id, pix('canceled'), 'reconcile');
    await applyObservation(payment.id, pix('canceled'), 'webhook');
    expect(await variantStock(t.mp)).toBe(1);
    expect(await variantStock(t.pp)).toBe(5);
    // Paid late: taken again from the same variant.
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await variantStock(t.mp)).toBe(0);
    await applyObservation(payment.id, pix('refunded'), 'webhook');
    const [row] = await database().db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(await returnOrderStock(row.id, 'demo@balcao.dev')).toEqual({ ok: true, units: 1 });
    expect(await variantStock(t.mp)).toBe(1);
  });

  it.skipIf(process.env.DATABASE_DRIVER === 'libsql')('20 buyers for the last 5 units of "M / Preto" in 2 processes make exactly 5 orders; the other variants stay', async () => {
    const t = await tShirt({ pp: 5, mp: 5, pb: 5, mb: null });
    const outcomes = await race(t.productId, 2, 10, t.mp);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    for (const r of outcomes.filter((o) => !o.ok)) expect(r.error).toContain(`${SOLD_OUT_WHILE_BUYING}: Camiseta básica — M / Preto`);
    expect(await variantStock(t.mp)).toBe(0);
    expect(await variantStock(t.pp)).toBe(5);
    expect(await variantStock(t.pb)).toBe(5);
    const taken = await database().db.select().from(stockMovements).where(eq(stockMovements.variantId, t.mp));
    expect(taken.map((m) => m.delta)).toEqual([-1, -1, -1, -1, -1]);
  }, 90_000);
});
