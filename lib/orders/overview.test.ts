import { beforeAll, describe, expect, it } from 'vitest';
import { overviewStats } from './overview';
import { insertOrders } from '@/test/dashboard/fixtures';

// "Now" is 2025-03-10 15:00 in São Paulo (18:00 UTC).
const now = new Date('2025-03-10T18:00:00.000Z');

beforeAll(async () => {
  await insertOrders([
    // Paid today (São Paulo): 00:30 local = 03:30Z.
    { status: 'paid', method: 'pix', totalCents: 10000, createdAt: '2025-03-10T03:00:00.000Z', paidAt: '2025-03-10T03:30:00.000Z' },
    // Paid 23:30 local on the 9th = 02:30Z on the 10th: yesterday in São Paulo.
    { status: 'paid', method: 'boleto', totalCents: 5000, createdAt: '2025-03-08T12:00:00.000Z', paidAt: '2025-03-10T02:30:00.000Z' },
    // Paid on the 1st, refunded in part today.
    { status: 'refunded', method: 'pix', totalCents: 8000, refundedCents: 3000, createdAt: '2025-03-01T12:00:00.000Z', paidAt: '2025-03-01T12:10:00.000Z', refundedAt: '2025-03-10T12:00:00.000Z' },
    // Created and paid 31 days ago: outside every 30-day number.
    { status: 'paid', method: 'pix', totalCents: 99900, createdAt: '2025-02-07T12:00:00.000Z', paidAt: '2025-02-07T12:05:00.000Z' },
    // Late payment today.
    { status: 'paid', method: 'boleto', totalCents: 2000, createdAt: '2025-03-02T12:00:00.000Z', paidAt: '2025-03-10T14:00:00.000Z', latePayment: true },
    { status: 'pending', method: 'pix', totalCents: 700, createdAt: '2025-03-10T17:00:00.000Z' },
    { status: 'expired', method: 'boleto', totalCents: 700, createdAt: '2025-03-03T17:00:00.000Z' },
    { status: 'canceled', method: 'pix', totalCents: 700, createdAt: '2025-03-04T17:00:00.000Z' },
  ]);
});

describe('overviewStats', () => {
  it('counts revenue on São Paulo days: paid minus refunded, each on its own day', async () => {
    const s = await overviewStats(now);
    expect(s.today).toEqual({ date: '2025-03-10', paidCents: 12000, refundedCents: 3000, netCents: 9000, paidCount: 2 });
    expect(s.daily).toHaveLength(30);
    expect(s.daily[0].date).toBe('2025-02-09');
    expect(s.daily.find((d) => d.date === '2025-03-09')).toMatchObject({ paidCents: 5000, paidCount: 1 });
    expect(s.daily.find((d) => d.date === '2025-03-01')).toMatchObject({ paidCents: 8000, refundedCents: 0 });
    expect(s.last30).toEqual({ from: '2025-02-09', to: '2025-03-10', paidCents: 25000, refundedCents: 3000, netCents: 22000, paidCount: 4 });
  });

  it('counts orders per state, partial refunds and late payments', async () => {
    const s = await overviewStats(now);
    expect(s.statusCounts).toEqual({ pending: 1, paid: 4, refunded: 1, canceled: 1, expired: 1 });
    expect(s.totalOrders).toBe(8);
    expect(s.partiallyRefunded).toBe(1);
    expect(s.latePayments).toBe(1);
  });

  it('computes conversion per method over orders created in the window', async () => {
    const s = await overviewStats(now);
    expect(s.conversion).toEqual([
      { method: 'pix', created: 4, paid: 2, rate: 0.5 },
      { method: 'boleto', created: 3, paid: 2, rate: 2 / 3 },
    ]);
  });
});
