import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';
import { periodStats } from './period-stats';

// "Now" is 2025-03-10 15:00 in São Paulo (18:00 UTC): "7 dias" is 04/03–10/03, before it 25/02–03/03.
const now = new Date('2025-03-10T18:00:00.000Z');

beforeAll(async () => {
  const [a, b] = await insertOrders([
    { status: 'paid', method: 'pix', totalCents: 10000, createdAt: '2025-03-10T03:00:00.000Z', paidAt: '2025-03-10T03:30:00.000Z' },
    { status: 'paid', method: 'boleto', totalCents: 5000, createdAt: '2025-03-05T12:00:00.000Z', paidAt: '2025-03-06T12:00:00.000Z' },
    // 23:30 on 03/03 in São Paulo (02:30Z on the 4th): the previous period's last day.
    { status: 'paid', method: 'pix', totalCents: 4000, createdAt: '2025-03-03T20:00:00.000Z', paidAt: '2025-03-04T02:30:00.000Z' },
    { status: 'pending', method: 'pix', totalCents: 700, createdAt: '2025-03-09T17:00:00.000Z' },
    { status: 'expired', method: 'boleto', totalCents: 700, createdAt: '2025-02-26T17:00:00.000Z' },
  ]);
  await database().db.insert(orderItems).values([
    { orderId: a.id, name: 'Caneca — Azul', unitPriceCents: 2500, quantity: 4, lineTotalCents: 10000 },
    { orderId: b.id, name: 'Caneca — Verde', unitPriceCents: 2500, quantity: 1, lineTotalCents: 2500 },
    { orderId: b.id, name: 'Pano de prato', unitPriceCents: 2500, quantity: 1, lineTotalCents: 2500 },
  ]);
});

describe('periodStats', () => {
  it('sums the period and the one before it, of the same length, in São Paulo days', async () => {
    const s = await periodStats('7d', now);
    expect(s.range).toEqual({ from: '2025-03-04', to: '2025-03-10', days: 7 });
    expect(s.daily.map((d) => d.date)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10']);
    expect(s.current).toMatchObject({ netCents: 15000, paidCount: 2, ticketCents: 7500, created: 3, createdPaid: 2 });
    expect(s.before).toMatchObject({ netCents: 4000, paidCount: 1, ticketCents: 4000, created: 2, createdPaid: 1, conversion: 0.5 });
    expect(s.changes.netCents).toEqual({ direction: 'up', percent: 275 });
    expect(s.changes.ticketCents).toEqual({ direction: 'up', percent: 88 });
    expect(s.changes.conversion).toEqual({ direction: 'up', percent: 33 });
  });

  it('has no change to show when the previous period is empty', async () => {
    const s = await periodStats('hoje', now);
    expect(s.current).toMatchObject({ netCents: 10000, paidCount: 1 });
    expect(s.before).toMatchObject({ netCents: 0, paidCount: 0, ticketCents: null });
    expect(s.changes).toEqual({ netCents: null, paidCount: null, ticketCents: null, conversion: null });
  });

  it('ranks the best sellers and splits the payment mix', async () => {
    const s = await periodStats('7d', now);
    expect(s.topProducts.map((p) => p.name)).toEqual(['Caneca — Azul', 'Caneca — Verde', 'Pano de prato']);
    expect(s.paymentMix).toEqual([
      { method: 'pix', count: 1, cents: 10000 },
      { method: 'boleto', count: 1, cents: 5000 },
    ]);
  });
});
