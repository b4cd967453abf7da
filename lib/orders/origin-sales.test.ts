import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';
import { originChoices, salesByOrigin } from './origin-sales';
import { listOrders } from './orders-query';
import { parseOrderQuery } from './order-filters';
import { orderCsvRow } from '@/lib/orders/admin/csv';
import { ordersForExport } from './orders-query';

const window = { start: '2025-03-01T03:00:00.000Z', end: '2025-03-11T03:00:00.000Z' };

async function withOrigin(id: string, source: string | null, campaign: string | null) {
  await db().update(orders).set({ originSource: source, originCampaign: campaign }).where(eq(orders.id, id));
}

beforeAll(async () => {
  const placed = await insertOrders([
    { status: 'paid', totalCents: 10000, createdAt: '2025-03-10T12:00:00.000Z' },
    { status: 'paid', totalCents: 5000, createdAt: '2025-03-09T12:00:00.000Z' },
    { status: 'pending', totalCents: 5000, createdAt: '2025-03-09T13:00:00.000Z' },
    { status: 'refunded', totalCents: 4000, refundedCents: 1000, createdAt: '2025-03-08T12:00:00.000Z' },
    { status: 'paid', totalCents: 7000, createdAt: '2025-03-07T12:00:00.000Z' },
    { status: 'expired', totalCents: 7000, createdAt: '2025-03-06T12:00:00.000Z' },
    // Outside the window: counted nowhere.
    { status: 'paid', totalCents: 99900, createdAt: '2025-02-01T12:00:00.000Z' },
  ]);
  await withOrigin(placed[0].id, 'instagram', 'black-friday');
  await withOrigin(placed[1].id, 'instagram', 'black-friday');
  await withOrigin(placed[2].id, 'instagram', 'black-friday');
  await withOrigin(placed[3].id, 'whatsapp', null);
  await withOrigin(placed[6].id, 'instagram', 'black-friday');
});

describe('Vendas por origem', () => {
  it('groups the window\'s orders by source and campaign: orders, paid, revenue net of refunds, conversion', async () => {
    expect(await salesByOrigin(window)).toEqual([
      { source: 'instagram', campaign: 'black-friday', created: 3, paid: 2, revenueCents: 15000, rate: 2 / 3 },
      { source: 'direto', campaign: null, created: 2, paid: 1, revenueCents: 7000, rate: 0.5 },
      { source: 'whatsapp', campaign: null, created: 1, paid: 1, revenueCents: 3000, rate: 1 },
    ]);
  });

  it('offers the sources seen as the orders list\'s choices, most used first', async () => {
    expect(await originChoices()).toEqual(['instagram', 'direto', 'whatsapp']);
  });
});

describe('the orders list and CSV by "Origem"', () => {
  it('filters on the source, "direto" meaning none known', async () => {
    const insta = await listOrders(parseOrderQuery({ origin: 'Instagram' }).filters, 1);
    expect(insta.total).toBe(4);
    expect(insta.rows.every((r) => r.originSource === 'instagram' && r.originCampaign === 'black-friday')).toBe(true);
    const direct = await listOrders(parseOrderQuery({ origin: 'direto' }).filters, 1);
    expect(direct.total).toBe(2);
    expect(direct.rows.every((r) => r.originSource === null)).toBe(true);
    expect(parseOrderQuery({ origin: '<>' }).errors).toEqual(['Origem desconhecida: mostrando todas.']);
  });

  it('writes the origin in the export', async () => {
    const rows: string[] = [];
    for await (const batch of ordersForExport(parseOrderQuery({ origin: 'whatsapp' }).filters)) rows.push(...batch.map(orderCsvRow));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/;"whatsapp";;"0,00"\r\n$/);
  });
});
