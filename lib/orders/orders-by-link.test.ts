/** The orders list and the CSV, narrowed to one payment link (own database: other files count every order). */
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { createLink } from '@/lib/links/links';
import { newId, randomToken } from '@/lib/security/tokens';
import { prepareDatabase } from '@/test/payments/db';
import { countOrders, listOrders, ordersForExport } from './orders-query';

let bolo: string;
let aula: string;
const boloOrders: string[] = [];

async function addOrder(linkId: string | null, status: 'pending' | 'paid', buyerName: string, at: number) {
  const id = newId();
  await database().db.insert(orders).values({ id, token: randomToken(), checkoutKey: newId(), method: 'pix', status, totalCents: 15000, buyerName, buyerDocument: '52998224725', buyerEmail: 'a@example.com', paymentLinkId: linkId, createdAt: new Date(Date.parse('2025-05-01T12:00:00Z') + at * 60_000).toISOString() });
  return id;
}

beforeAll(async () => {
  await prepareDatabase();
  const common = { description: null, amountCents: 15000, minAmountCents: null, methods: 'both' as const, pixDiscount: true, expiresOn: null, maxPayments: null };
  bolo = (await createLink({ ...common, title: 'Bolo de cenoura' }, 'demo@balcao.dev')).id;
  aula = (await createLink({ ...common, title: 'Aula de violão' }, 'demo@balcao.dev')).id;
  boloOrders.push(await addOrder(bolo, 'paid', 'Ana Souza', 1));
  await addOrder(aula, 'paid', 'Bruno Lima', 2);
  await addOrder(null, 'paid', 'Carla Dias', 3);
  boloOrders.push(await addOrder(bolo, 'pending', 'Davi Rocha', 4));
});

describe('orders of one payment link', () => {
  it("lists and counts only the link's orders, combined with other filters", async () => {
    const page = await listOrders({ link: bolo });
    expect(page.rows.map((r) => r.id)).toEqual([...boloOrders].reverse());
    expect(page.rows.every((r) => r.paymentLinkId === bolo)).toBe(true);
    expect(await countOrders({ link: bolo, status: 'paid' })).toBe(1);
    expect(await countOrders({ link: bolo, q: 'Davi' })).toBe(1);
    expect(await countOrders({})).toBe(4);
  });

  it("carries each order's link title into the export (empty for a catalog order)", async () => {
    const rows = [];
    for await (const batch of ordersForExport({})) rows.push(...batch);
    expect(rows.map((r) => [r.buyerName, r.linkTitle])).toEqual([
      ['Davi Rocha', 'Bolo de cenoura'],
      ['Carla Dias', null],
      ['Bruno Lima', 'Aula de violão'],
      ['Ana Souza', 'Bolo de cenoura'],
    ]);
    const onlyAula = [];
    for await (const batch of ordersForExport({ link: aula })) onlyAula.push(...batch);
    expect(onlyAula.map((r) => r.buyerName)).toEqual(['Bruno Lima']);
  });
});
