import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCarrierSandbox, isValidS10, type CarrierSandbox } from '@balcao/shipping-sandbox';
import { database } from '@/db';
import { activityLog, orders } from '@/db/schema';
import { melhorEnvio, type MelhorEnvio } from '@/lib/shipping/melhor-envio';
import { clearOrders } from '@/test/payments/db';
import { withCarrierShop } from '@/test/fulfilment/carrier';
import { fulfilmentEventsOf, fulfilmentOrder, orderRow, outboxOf } from '@/test/fulfilment/orders';
import { sandboxFetch } from '@/test/shipping/sandbox-fetch';
import { startCarrierServer } from '@/test/shipping/carrier-server';
import { raceWorkers } from '@/test/worker-process';
import { buyLabel, buyLabelsForOrders, LABEL_IN_PROGRESS, LABEL_LEASE_MS, labelMarginCents } from './labels';

const ACTOR = { id: 1, email: 'loja@example.com' };
const RIO = { deliveryZip: '20040002', deliveryStreet: 'Avenida Rio Branco', deliveryNumber: '10', deliveryNeighborhood: 'Centro', deliveryCity: 'Rio de Janeiro', deliveryState: 'RJ' };

withCarrierShop();

/** A paid order that ships to Rio by SEDEX (service 2), charged R$ 30,00 of freight. */
async function sedexOrder(o: { serviceId?: number | null } = {}) {
  const { order } = await fulfilmentOrder();
  const serviceId = o.serviceId === undefined ? 2 : o.serviceId;
  await database()
    .db.update(orders)
    .set({ ...RIO, shippingCents: 3000, shippingPricedBy: serviceId ? 'carrier' : 'table', shippingServiceId: serviceId, shippingServiceName: serviceId ? 'SEDEX' : null })
    .where(eq(orders.id, order.id));
  return order;
}

const clientOf = (sb: CarrierSandbox) => melhorEnvio({ baseUrl: 'http://x', token: 'sandbox', userAgent: 'test', timeoutMs: 5000, fetch: sandboxFetch(sb) });

class Crash extends Error {}

/**
 * A client that dies once, at call number `at` (counting every call to the carrier): before the
 * call reaches the carrier, or after the carrier did it but before the app saw the answer.
 */
function crashingClient(real: MelhorEnvio, at: number, when: 'before' | 'after'): MelhorEnvio {
  let n = 0;
  const wrap =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const mine = n++;
      if (mine === at && when === 'before') throw new Crash('before');
      const r = await f(...a);
      if (mine === at && when === 'after') throw new Crash('after');
      return r;
    };
  return {
    me: wrap(real.me),
    quote: wrap(real.quote),
    addToCart: wrap(real.addToCart),
    checkout: wrap(real.checkout),
    generate: wrap(real.generate),
    print: wrap(real.print),
    tracking: wrap(real.tracking),
  };
}

/** Counts the checkouts that reached the carrier: the reference leaves unclear whether a second one charges again. */
function countingCheckouts(real: MelhorEnvio): MelhorEnvio & { checkouts: number } {
  const c = { ...real, checkouts: 0 };
  c.checkout = async (id) => {
    c.checkouts++;
    return real.checkout(id);
  };
  return c;
}

const paidLabels = (sb: CarrierSandbox) => [...sb.labels.values()].filter((l) => l.status !== 'pending');

describe('buyLabel', () => {
  it('buys the label for the chosen service: cost recorded, margin shown, the code fills the ship move with its e-mail, one activity line', async () => {
    const order = await sedexOrder();
    const sb = createCarrierSandbox({ balanceCents: 100_000 });
    const r = await buyLabel(order.id, { actor: ACTOR, client: clientOf(sb) });
    expect(r).toMatchObject({ ok: true });
    const [label] = paidLabels(sb);
    expect(label.serviceId).toBe(2);
    expect(isValidS10(label.tracking!)).toBe(true);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ labelId: label.id, labelStep: 'generated', labelCostCents: label.priceCents, labelLeaseUntil: null, fulfillmentStatus: 'shipped', fulfillmentCarrier: 'Correios', trackingCode: label.tracking });
    expect(sb.balanceCents).toBe(100_000 - label.priceCents);
    expect(labelMarginCents(row)).toBe(3000 - label.priceCents);
    expect((await outboxOf(order.id)).map((e) => e.kind)).toEqual(['shipped']);
    const activity = await database().db.select().from(activityLog).where(eq(activityLog.target, order.id));
    expect(activity.map((a) => a.summary)).toEqual([expect.stringContaining(`código ${label.tracking}`)]);
    // Again: nothing more is bought, the same code is answered.
    expect(await buyLabel(order.id, { actor: ACTOR, client: clientOf(sb) })).toMatchObject({ ok: true, message: expect.stringContaining('já foi comprada'), code: label.tracking });
    expect(sb.labels.size).toBe(1);
  });

  for (const when of ['before', 'after'] as const) {
    it(`a crash ${when} any carrier call, then clicks until done: one label paid, one cost, one ship move`, async () => {
      // A clean run makes 6 calls (cart, tracking, checkout, tracking, generate, tracking).
      for (let at = 0; at < 6; at++) {
        await clearOrders();
        const order = await sedexOrder();
        const sb = createCarrierSandbox({ balanceCents: 100_000 });
        const real = countingCheckouts(clientOf(sb));
        await expect(buyLabel(order.id, { actor: ACTOR, client: crashingClient(real, at, when) })).rejects.toBeInstanceOf(Crash);
        // A dead process does not release its lease: it lapses, and the next click resumes.
        const lease = new Date(Date.now() + LABEL_LEASE_MS).toISOString();
        await database().db.update(orders).set({ labelLeaseUntil: lease }).where(eq(orders.id, order.id));
        expect(await buyLabel(order.id, { actor: ACTOR, client: real })).toEqual({ ok: false, error: LABEL_IN_PROGRESS });
        const r = await buyLabel(order.id, { actor: ACTOR, client: real, now: () => Date.now() + LABEL_LEASE_MS + 1 });
        expect(r, `crash ${when} call ${at}`).toMatchObject({ ok: true });
        const paid = paidLabels(sb);
        expect(paid, `crash ${when} call ${at}`).toHaveLength(1);
        expect(sb.balanceCents).toBe(100_000 - paid[0].priceCents);
        expect(real.checkouts, `crash ${when} call ${at}`).toBe(1);
        const row = await orderRow(order.id);
        expect(row).toMatchObject({ labelId: paid[0].id, labelStep: 'generated', labelCostCents: paid[0].priceCents, trackingCode: paid[0].tracking, fulfillmentStatus: 'shipped' });
        expect(await fulfilmentEventsOf(order.id)).toHaveLength(1);
      }
    });
  }

  it('no balance: refused in Portuguese, nothing paid, no label or cost shown; with balance the retry reuses the cart item', async () => {
    const order = await sedexOrder();
    const sb = createCarrierSandbox({ balanceCents: 100 });
    const r = await buyLabel(order.id, { actor: ACTOR, client: clientOf(sb) });
    expect(r).toEqual({ ok: false, error: 'O Melhor Envio recusou: Saldo insuficiente.' });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ labelStep: 'cart', fulfillmentStatus: 'unfulfilled', trackingCode: null, labelLeaseUntil: null });
    expect(labelMarginCents(row)).toBeNull();
    expect(paidLabels(sb)).toHaveLength(0);
    sb.balanceCents = 100_000;
    expect(await buyLabel(order.id, { actor: ACTOR, client: clientOf(sb) })).toMatchObject({ ok: true });
    expect(sb.labels.size).toBe(1);
  });

  it('a CEP the service does not serve: refused with the carrier\'s reason, nothing recorded', async () => {
    const order = await sedexOrder();
    await database().db.update(orders).set({ shippingServiceId: 31 }).where(eq(orders.id, order.id)); // Loggi: not to the Nordeste
    await database().db.update(orders).set({ deliveryZip: '50030000', deliveryState: 'PE' }).where(eq(orders.id, order.id));
    const sb = createCarrierSandbox();
    const r = await buyLabel(order.id, { actor: ACTOR, client: clientOf(sb) });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^O Melhor Envio recusou: /);
    expect(await orderRow(order.id)).toMatchObject({ labelId: null, labelStep: null, labelCostCents: null, labelLeaseUntil: null });
    expect(sb.labels.size).toBe(0);
  });

  it('an order priced by the UF table, a pickup or an unpaid one: no label, said why', async () => {
    const table = await sedexOrder({ serviceId: null });
    expect(await buyLabel(table.id, { actor: ACTOR, client: clientOf(createCarrierSandbox()) })).toMatchObject({ ok: false, error: expect.stringContaining('tabela por UF') });
    const { order: pickup } = await fulfilmentOrder({ method: 'pickup' });
    expect(await buyLabel(pickup.id, { actor: ACTOR, client: clientOf(createCarrierSandbox()) })).toMatchObject({ ok: false, error: expect.stringContaining('não é para enviar') });
  });
});

describe('buyLabelsForOrders ("Comprar etiquetas")', () => {
  it('answers per order: bought, refused, not found; one refusal never stops the next', async () => {
    const a = await sedexOrder();
    const b = await sedexOrder({ serviceId: null });
    const c = await sedexOrder();
    const sb = createCarrierSandbox();
    const out = await buyLabelsForOrders([a.id, b.id, 'nao-existe', c.id, a.id], { actor: ACTOR, client: clientOf(sb) });
    expect(out.map((r) => [r.orderId, r.ok])).toEqual([
      [a.id, true],
      [b.id, false],
      ['nao-existe', false],
      [c.id, true],
    ]);
    expect(out[0].number).toMatch(/^#/);
    expect(paidLabels(sb)).toHaveLength(2);
  });
});

describe('two server processes, each double-clicking "Comprar etiqueta" at once', () => {
  let server: Awaited<ReturnType<typeof startCarrierServer>>;
  beforeAll(async () => (server = await startCarrierServer(createCarrierSandbox({ balanceCents: 100_000 }))));
  afterAll(() => server.close());

  it('one label bought and paid, one cost, one ship move; the others are told it is under way or already bought', async () => {
    const order = await sedexOrder();
    const results = (await raceWorkers<{ ok: boolean; error?: string; message?: string }[]>('test/shipping/label-worker.ts', [[order.id, server.url, 2], [order.id, server.url, 2]])).flat();
    expect(results).toHaveLength(4);
    expect(results.filter((r) => r.ok && r.message?.startsWith('Etiqueta comprada'))).toHaveLength(1);
    for (const r of results.filter((x) => !x.message?.startsWith('Etiqueta comprada'))) expect(r.ok ? r.message : r.error).toMatch(/já está sendo comprada|já foi comprada/);
    expect(server.sb.labels.size).toBe(1);
    const [label] = paidLabels(server.sb);
    expect(server.sb.balanceCents).toBe(100_000 - label.priceCents);
    expect(await orderRow(order.id)).toMatchObject({ labelCostCents: label.priceCents, trackingCode: label.tracking, fulfillmentStatus: 'shipped' });
    expect(await fulfilmentEventsOf(order.id)).toHaveLength(1);
  });
});
