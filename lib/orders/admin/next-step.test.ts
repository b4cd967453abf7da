/** A paid order's one next action, from how the buyer asked for it. */
import { describe, expect, it } from 'vitest';
import type { Order } from '@/db/schema';
import { nextActionOf } from './next-step';

const order = (o: Partial<Order>) => ({ status: 'paid', shippingMethod: 'delivery', fulfillmentStatus: 'unfulfilled', shippingServiceId: null, labelStep: null, ...o }) as Order;

describe('the next action', () => {
  it('Comprar etiqueta for a carrier service, Marcar como enviado otherwise, Pronto para retirada for pickup', () => {
    expect(nextActionOf(order({ shippingServiceId: 3 }))).toBe('buy_label');
    expect(nextActionOf(order({}))).toBe('ship');
    expect(nextActionOf(order({ shippingMethod: 'pickup' }))).toBe('ready_for_pickup');
  });

  it('none before payment, once moved on, or with nothing to ship', () => {
    expect(nextActionOf(order({ status: 'pending' }))).toBeNull();
    expect(nextActionOf(order({ fulfillmentStatus: 'shipped' }))).toBeNull();
    expect(nextActionOf(order({ shippingMethod: 'pickup', fulfillmentStatus: 'ready_for_pickup' }))).toBeNull();
    expect(nextActionOf(order({ shippingMethod: null }))).toBeNull();
    expect(nextActionOf(order({ status: 'refunded' }))).toBeNull();
  });
});
