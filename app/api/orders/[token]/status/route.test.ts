import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { orders } from '@/db/schema';

const refreshSoon = vi.hoisted(() => vi.fn());
vi.mock('@/lib/payments/refresh', () => ({ refreshSoon }));

const { GET } = await import('./route');

const pendingToken = 'P'.repeat(43);
const paidToken = 'Q'.repeat(43);
const shippedToken = 'S'.repeat(43);
const refundedToken = 'T'.repeat(43);

function call(token: string) {
  return GET(new Request(`http://localhost/api/orders/${token}/status`), { params: Promise.resolve({ token }) });
}

beforeAll(async () => {
  await ensureMigrated();
  const base = { method: 'pix' as const, totalCents: 1000, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'a@b.com' };
  await db().insert(orders).values([
    { ...base, id: randomUUID(), token: pendingToken, checkoutKey: randomUUID(), updatedAt: '2026-01-02T03:04:05.000Z' },
    { ...base, id: randomUUID(), token: paidToken, checkoutKey: randomUUID(), status: 'paid', paidAt: '2026-01-02T03:05:00.000Z', updatedAt: '2026-01-02T03:05:00.000Z' },
    {
      ...base,
      id: randomUUID(),
      token: shippedToken,
      checkoutKey: randomUUID(),
      status: 'paid',
      shippingMethod: 'delivery',
      fulfillmentStatus: 'shipped',
      fulfillmentCarrier: 'Correios',
      trackingCode: 'AB123456785BR',
      trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR',
    },
    { ...base, id: randomUUID(), token: refundedToken, checkoutKey: randomUUID(), status: 'refunded', shippingMethod: 'pickup', fulfillmentStatus: 'picked_up' },
  ]);
});

beforeEach(() => refreshSoon.mockClear());

describe('GET /api/orders/<token>/status', () => {
  it('answers the snapshot, never cached, and asks for a refresh while pending', async () => {
    const res = await call(pendingToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2026-01-02T03:04:05.000Z', fulfillment: null });
    expect(refreshSoon).toHaveBeenCalledWith(pendingToken);
  });

  it('does not refresh a settled order', async () => {
    const res = await call(paidToken);
    expect(await res.json()).toEqual({ status: 'paid', paid_at: '2026-01-02T03:05:00.000Z', refunded_cents: 0, updated_at: '2026-01-02T03:05:00.000Z', fulfillment: null });
    expect(refreshSoon).not.toHaveBeenCalled();
  });

  it('carries the fulfilment of a paid order that ships, and keeps it after a refund', async () => {
    expect((await (await call(shippedToken)).json()).fulfillment).toEqual({
      status: 'shipped',
      carrier: 'Correios',
      tracking_code: 'AB123456785BR',
      tracking_url: 'https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR',
    });
    expect((await (await call(refundedToken)).json()).fulfillment).toEqual({ status: 'picked_up', carrier: null, tracking_code: null, tracking_url: null });
  });

  it.each(['R'.repeat(43), 'short', "'; drop table orders; --", '%00'])('answers 404 with an error for %j', async (token) => {
    const res = await call(token);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'Pedido não encontrado.' });
    expect(refreshSoon).not.toHaveBeenCalled();
  });
});
