import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { emailSettings, orders } from '@/db/schema';
import { applyFulfilmentMove, type MoveResult } from './apply-move';
import { fulfilmentEventsOf, fulfilmentOrder, orderRow, outboxOf, withFulfilmentOrders } from '@/test/fulfilment/orders';
import { parseTracking, type Tracking } from './tracking';
import { raceWorkers } from '@/test/worker-process';

const WORKER = 'test/fulfilment/move-worker.ts';
const ACTOR = 'loja@example.com';

function correios(code: string): Tracking {
  const r = parseTracking({ carrier: 'Correios', code });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.value;
}

withFulfilmentOrders();

describe('applyFulfilmentMove', () => {
  it('ships a paid order: state, tracking, who and when in the timeline, one "enviado" e-mail', async () => {
    const { order } = await fulfilmentOrder();
    const r = await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    expect(r).toEqual({ ok: true, to: 'shipped', message: 'Pedido marcado como enviado.' });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ fulfillmentStatus: 'shipped', fulfillmentCarrier: 'Correios', trackingCode: 'AB123456785BR', fulfillmentBy: ACTOR, status: 'paid' });
    expect(row.trackingUrl).toContain('objetos=AB123456785BR');
    expect(row.shippedAt).not.toBeNull();
    const [event] = await fulfilmentEventsOf(order.id);
    expect(event).toMatchObject({ type: 'fulfillment_changed', source: 'merchant', fromStatus: 'unfulfilled', toStatus: 'shipped', createdAt: row.shippedAt });
    expect(JSON.parse(event.detail!)).toMatchObject({ actor: ACTOR, trackingCode: 'AB123456785BR' });
    expect((await outboxOf(order.id)).map((e) => [e.kind, e.status, e.recipient])).toEqual([['shipped', 'pending', 'maria@example.com']]);
  });

  it('a second click is refused and changes nothing', async () => {
    const { order } = await fulfilmentOrder();
    await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    const again = await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('RA000000005BR') }, 'outra@example.com');
    expect(again).toEqual({ ok: false, error: 'Não foi possível: o pedido está "Enviado".' });
    expect((await orderRow(order.id)).trackingCode).toBe('AB123456785BR');
    expect(await fulfilmentEventsOf(order.id)).toHaveLength(1);
    expect(await outboxOf(order.id)).toHaveLength(1);
  });

  it('walks delivery to the end; "Pedido entregue" is off by default (kept as skipped)', async () => {
    const { order } = await fulfilmentOrder();
    await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    expect(await applyFulfilmentMove(order.id, { move: 'deliver' }, ACTOR)).toMatchObject({ ok: true, to: 'delivered' });
    expect((await outboxOf(order.id)).map((e) => [e.kind, e.status])).toEqual([
      ['shipped', 'pending'],
      ['delivered', 'skipped'],
    ]);
  });

  it('with the settings saved, "Pedido entregue" is sent once switched on', async () => {
    await database().db.insert(emailSettings).values({ id: 1, sendDelivered: true });
    const { order } = await fulfilmentOrder();
    await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    await applyFulfilmentMove(order.id, { move: 'deliver' }, ACTOR);
    expect((await outboxOf(order.id)).map((e) => [e.kind, e.status])).toEqual([
      ['shipped', 'pending'],
      ['delivered', 'pending'],
    ]);
  });

  it('pickup: ready (one e-mail) then picked up (none)', async () => {
    const { order } = await fulfilmentOrder({ method: 'pickup' });
    expect(await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR)).toEqual({
      ok: false,
      error: 'Este pedido é para retirar na loja, não para enviar.',
    });
    expect(await applyFulfilmentMove(order.id, { move: 'ready' }, ACTOR)).toMatchObject({ ok: true, to: 'ready_for_pickup' });
    expect(await applyFulfilmentMove(order.id, { move: 'pick_up' }, ACTOR)).toMatchObject({ ok: true, to: 'picked_up' });
    expect((await outboxOf(order.id)).map((e) => e.kind)).toEqual(['ready_for_pickup']);
    expect((await fulfilmentEventsOf(order.id)).map((e) => e.toStatus)).toEqual(['ready_for_pickup', 'picked_up']);
  });

  it('a correction is recorded with the previous code, and sends nothing', async () => {
    const { order } = await fulfilmentOrder();
    await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    const r = await applyFulfilmentMove(order.id, { move: 'correct_tracking', tracking: correios('RA000000005BR') }, ACTOR);
    expect(r).toMatchObject({ ok: true, to: 'shipped' });
    expect((await orderRow(order.id)).trackingCode).toBe('RA000000005BR');
    const events = await fulfilmentEventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['fulfillment_changed', 'tracking_corrected']);
    expect(JSON.parse(events[1].detail!)).toMatchObject({ previousTrackingCode: 'AB123456785BR', trackingCode: 'RA000000005BR' });
    expect(await outboxOf(order.id)).toHaveLength(1);
    expect(await applyFulfilmentMove(order.id, { move: 'correct_tracking', tracking: correios('RA000000005BR') }, ACTOR)).toMatchObject({ ok: false });
  });

  it('only a paid order moves; a refund leaves the fulfilment as it was', async () => {
    const { order: pending } = await fulfilmentOrder({ status: 'pending' });
    expect(await applyFulfilmentMove(pending.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR)).toMatchObject({ ok: false });
    const { order } = await fulfilmentOrder();
    await applyFulfilmentMove(order.id, { move: 'ship', tracking: correios('AB123456785BR') }, ACTOR);
    await database().db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    expect(await applyFulfilmentMove(order.id, { move: 'deliver' }, ACTOR)).toEqual({ ok: false, error: 'Pedido reembolsado: a entrega fica como estava.' });
    expect((await orderRow(order.id)).fulfillmentStatus).toBe('shipped');
  });

  it('an unknown order', async () => {
    expect(await applyFulfilmentMove('nope', { move: 'deliver' }, ACTOR)).toMatchObject({ ok: false, notFound: true });
  });
});

/** `processes` processes × `clicks` concurrent clicks each on one order, on one SQLite file, from one instant. */
async function race(orderId: string, processes: number, clicks: number): Promise<MoveResult[]> {
  const codes = ['AB123456785BR', 'RA000000005BR'];
  return (await raceWorkers<MoveResult[]>(WORKER, Array.from({ length: processes }, (_, i) => [orderId, clicks, codes[i % 2]]))).flat();
}

describe('two tabs, two server processes, clicking "Confirmar envio" at once', () => {
  it('make one move, one timeline entry and one e-mail', async () => {
    const { order } = await fulfilmentOrder();
    const results = await race(order.id, 2, 2);
    expect(results).toHaveLength(4);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.ok === false && r.error).toMatch(/Enviado|acabou de mudar/);
    expect(await fulfilmentEventsOf(order.id)).toHaveLength(1);
    expect((await outboxOf(order.id)).filter((e) => e.kind === 'shipped')).toHaveLength(1);
    expect((await orderRow(order.id)).fulfillmentStatus).toBe('shipped');
  }, 90_000);
});
