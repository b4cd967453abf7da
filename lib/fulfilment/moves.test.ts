import { describe, expect, it } from 'vitest';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, type FulfillmentStatus, type OrderStatus, type ShippingMethod } from '@/db/schema';
import { checkMove, hasFulfilment, MOVES, progressDone, type FulfilmentMove } from './moves';

/** Every allowed move, and nothing else: (method, from, move) → to. */
const ALLOWED: [ShippingMethod, FulfillmentStatus, FulfilmentMove, FulfillmentStatus][] = [
  ['delivery', 'unfulfilled', 'ship', 'shipped'],
  ['delivery', 'shipped', 'deliver', 'delivered'],
  ['delivery', 'shipped', 'correct_tracking', 'shipped'],
  ['delivery', 'delivered', 'correct_tracking', 'delivered'],
  ['pickup', 'unfulfilled', 'ready', 'ready_for_pickup'],
  ['pickup', 'ready_for_pickup', 'pick_up', 'picked_up'],
];

const allowedTo = (method: ShippingMethod, from: FulfillmentStatus, move: FulfilmentMove) =>
  ALLOWED.find(([m, f, mv]) => m === method && f === from && mv === move)?.[3];

describe('checkMove: the whole table', () => {
  const cases = (['delivery', 'pickup'] as const).flatMap((method) =>
    FULFILLMENT_STATUSES.flatMap((from) => (Object.keys(MOVES) as FulfilmentMove[]).map((move) => [method, from, move] as const)),
  );

  it.each(cases)('a paid %s order, %s, %s', (method, from, move) => {
    const verdict = checkMove({ status: 'paid', shippingMethod: method, fulfillmentStatus: from }, move);
    const to = allowedTo(method, from, move);
    if (to) expect(verdict).toEqual({ ok: true, from, to });
    else {
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.error).toMatch(/[a-zà-ú]/);
    }
  });

  const unpaid = ORDER_STATUSES.filter((s) => s !== 'paid');
  it.each(unpaid.flatMap((status) => ALLOWED.map(([method, from, move]) => [status, method, from, move] as const)))(
    'a %s order never moves (%s, %s, %s)',
    (status: OrderStatus, method, from, move) => {
      const verdict = checkMove({ status, shippingMethod: method, fulfillmentStatus: from }, move);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok && status === 'refunded') expect(verdict.error).toBe('Pedido reembolsado: a entrega fica como estava.');
    },
  );

  it('an order with nothing to ship has no merchant fulfilment: only its digital delivery, once, and only when paid', () => {
    for (const move of (Object.keys(MOVES) as FulfilmentMove[]).filter((m) => m !== 'digital')) {
      expect(checkMove({ status: 'paid', shippingMethod: null, fulfillmentStatus: 'unfulfilled' }, move)).toEqual({ ok: false, error: 'Este pedido não tem nada para entregar.' });
    }
    expect(checkMove({ status: 'paid', shippingMethod: null, fulfillmentStatus: 'unfulfilled' }, 'digital')).toEqual({ ok: true, from: 'unfulfilled', to: 'delivered' });
    expect(checkMove({ status: 'paid', shippingMethod: null, fulfillmentStatus: 'delivered' }, 'digital')).toMatchObject({ ok: false });
    expect(checkMove({ status: 'pending', shippingMethod: null, fulfillmentStatus: 'unfulfilled' }, 'digital')).toMatchObject({ ok: false });
    expect(checkMove({ status: 'paid', shippingMethod: 'delivery', fulfillmentStatus: 'unfulfilled' }, 'digital')).toEqual({ ok: false, error: 'Este pedido também tem itens para enviar.' });
    expect(hasFulfilment({ status: 'paid', shippingMethod: null })).toBe(false);
    expect(hasFulfilment({ status: 'pending', shippingMethod: 'delivery' })).toBe(false);
    expect(hasFulfilment({ status: 'refunded', shippingMethod: 'delivery' })).toBe(true);
  });

  it('the progress line counts Pago as done', () => {
    expect(progressDone('unfulfilled')).toBe(1);
    expect(progressDone('shipped')).toBe(2);
    expect(progressDone('picked_up')).toBe(3);
  });
});
