import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCarrierSandbox } from '@balcao/shipping-sandbox';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { melhorEnvio } from '@/lib/shipping/melhor-envio';
import { withCarrierShop } from '@/test/fulfilment/carrier';
import { fulfilmentEventsOf, fulfilmentOrder, orderRow, outboxOf } from '@/test/fulfilment/orders';
import { sandboxFetch } from '@/test/shipping/sandbox-fetch';
import { readCarrierTracking, TRACKING_ACTOR } from './carrier-tracking';
import { buyLabel } from './labels';

withCarrierShop();

describe('readCarrierTracking', () => {
  it('moves a delivered parcel to "Entregue" exactly once, with its e-mail, on the clock the sandbox is given; two passes at once deliver it once', async () => {
    const { order } = await fulfilmentOrder();
    await database()
      .db.update(orders)
      .set({ deliveryZip: '20040002', deliveryState: 'RJ', deliveryCity: 'Rio de Janeiro', shippingCents: 3000, shippingPricedBy: 'carrier', shippingServiceId: 1, shippingServiceName: 'PAC' })
      .where(eq(orders.id, order.id));
    let now = Date.now();
    const sb = createCarrierSandbox({ now: () => now });
    const client = melhorEnvio({ baseUrl: 'http://x', token: 'sandbox', userAgent: 'test', timeoutMs: 5000, fetch: sandboxFetch(sb) });
    expect(await buyLabel(order.id, { actor: { id: 1, email: 'loja@example.com' }, client })).toMatchObject({ ok: true });

    expect(await readCarrierTracking({ client })).toEqual({ checked: 1, delivered: 0, left: 0 });
    expect((await orderRow(order.id)).fulfillmentStatus).toBe('shipped');
    expect((await orderRow(order.id)).labelCheckedAt).not.toBeNull();

    now += 30 * 86_400_000; // past PAC's longest delivery time
    const passes = await Promise.all([readCarrierTracking({ client }), readCarrierTracking({ client })]);
    expect(passes.reduce((s, p) => s + p.delivered, 0)).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ fulfillmentStatus: 'delivered', fulfillmentBy: TRACKING_ACTOR });
    expect((await fulfilmentEventsOf(order.id)).map((e) => e.toStatus)).toEqual(['shipped', 'delivered']);
    expect((await outboxOf(order.id)).map((e) => e.kind)).toEqual(['shipped', 'delivered']);
    // Delivered orders are no longer read.
    expect(await readCarrierTracking({ client })).toEqual({ checked: 0, delivered: 0, left: 0 });
  });
});
