import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { orders } from '@/db/schema';

const refreshSoon = vi.hoisted(() => vi.fn());
vi.mock('@/lib/payments/refresh', () => ({ refreshSoon }));

const { GET } = await import('./route');

const pendingToken = 'P'.repeat(43);
const paidToken = 'Q'.repeat(43);

function call(token: string) {
  return GET(new Request(`http://localhost/api/orders/${token}/status`), { params: Promise.resolve({ token }) });
}

beforeAll(async () => {
  await ensureMigrated();
  const base = { method: 'pix' as const, totalCents: 1000, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'a@b.com' };
  await db().insert(orders).values([
    { ...base, id: randomUUID(), token: pendingToken, checkoutKey: randomUUID(), updatedAt: '2026-01-02T03:04:05.000Z' },
    { ...base, id: randomUUID(), token: paidToken, checkoutKey: randomUUID(), status: 'paid', paidAt: '2026-01-02T03:05:00.000Z', updatedAt: '2026-01-02T03:05:00.000Z' },
  ]);
});

beforeEach(() => refreshSoon.mockClear());

describe('GET /api/orders/<token>/status', () => {
  it('answers the snapshot, never cached, and asks for a refresh while pending', async () => {
    const res = await call(pendingToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2026-01-02T03:04:05.000Z' });
    expect(refreshSoon).toHaveBeenCalledWith(pendingToken);
  });

  it('does not refresh a settled order', async () => {
    const res = await call(paidToken);
    expect(await res.json()).toEqual({ status: 'paid', paid_at: '2026-01-02T03:05:00.000Z', refunded_cents: 0, updated_at: '2026-01-02T03:05:00.000Z' });
    expect(refreshSoon).not.toHaveBeenCalled();
  });

  it.each(['R'.repeat(43), 'short', "'; drop table orders; --", '%00'])('answers 404 with an error for %j', async (token) => {
    const res = await call(token);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'Pedido não encontrado.' });
    expect(refreshSoon).not.toHaveBeenCalled();
  });
});
