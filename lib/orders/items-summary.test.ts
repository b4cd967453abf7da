import { describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderItems } from '@/db/schema';
import { insertOrders } from '@/test/dashboard/fixtures';
import { itemsSummaryOf } from './items-summary';
import { itemsSummary } from './items-summary-text';

describe('itemsSummary', () => {
  it.each([
    [[{ name: 'Café especial 250 g', quantity: 1 }], 'Café especial 250 g'],
    [[{ name: 'Café especial 250 g', quantity: 2 }], '2 × Café especial 250 g'],
    [
      [
        { name: 'Moedor manual', quantity: 1 },
        { name: 'Filtro', quantity: 3 },
        { name: 'Caneca', quantity: 1 },
      ],
      'Moedor manual +2',
    ],
    [[], '—'],
  ])('%j → %s', (lines, text) => {
    expect(itemsSummary(lines)).toBe(text);
  });

  it('reads one page of orders in one query, first line first', async () => {
    const [a, b, c] = await insertOrders([{}, {}, {}]);
    await database().db.insert(orderItems).values([
      { orderId: a.id, name: 'Moedor manual', unitPriceCents: 100, quantity: 1, lineTotalCents: 100 },
      { orderId: a.id, name: 'Filtro', unitPriceCents: 100, quantity: 1, lineTotalCents: 100 },
      { orderId: b.id, name: 'Caneca', unitPriceCents: 100, quantity: 3, lineTotalCents: 300 },
    ]);
    const m = await itemsSummaryOf([a.id, b.id, c.id]);
    expect(Object.fromEntries(m)).toEqual({ [a.id]: 'Moedor manual +1', [b.id]: '3 × Caneca' });
    expect((await itemsSummaryOf([])).size).toBe(0);
  });
});
