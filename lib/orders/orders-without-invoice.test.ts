/** "Sem NF-e" on the orders list and its CSV export: paid orders without an authorised or processing invoice. */
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orderInvoices } from '@/db/schema';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';
import { orderQueryString, parseOrderQuery } from './order-filters';
import { listOrders, ordersForExport } from './orders-query';

let o: InsertedOrder[];
const at = (h: number) => new Date(Date.parse('2025-04-01T12:00:00.000Z') - h * 3_600_000).toISOString();

beforeAll(async () => {
  o = await insertOrders([
    { createdAt: at(0), status: 'paid', method: 'pix', buyerName: 'Sem nota', buyerDocument: '10000000001' },
    { createdAt: at(1), status: 'paid', method: 'pix', buyerName: 'Autorizada', buyerDocument: '10000000002' },
    { createdAt: at(2), status: 'paid', method: 'pix', buyerName: 'Em processamento', buyerDocument: '10000000003' },
    { createdAt: at(3), status: 'paid', method: 'pix', buyerName: 'Rejeitada', buyerDocument: '10000000004' },
    { createdAt: at(4), status: 'pending', method: 'pix', buyerName: 'Não pago', buyerDocument: '10000000005' },
    { createdAt: at(5), status: 'paid', method: 'boleto', buyerName: 'Rejeitada e depois autorizada', buyerDocument: '10000000006' },
  ]);
  const invoice = (i: number, attempt: number, invoiceStatus: 'authorized' | 'processing' | 'rejected') => ({
    orderId: o[i].id,
    attempt,
    dedupeKey: `nfe:${o[i].id}:${attempt}`,
    reference: `${o[i].id}-${attempt}`,
    nextAttemptAt: at(0),
    invoiceStatus,
  });
  await database().db.insert(orderInvoices).values([invoice(1, 1, 'authorized'), invoice(2, 1, 'processing'), invoice(3, 1, 'rejected'), invoice(5, 1, 'rejected'), invoice(5, 2, 'authorized')]);
});

describe('the "Sem NF-e" filter', () => {
  it('reads ?nfe=sem, writes it back, and refuses anything else with a message', () => {
    expect(parseOrderQuery({ nfe: 'sem' })).toEqual({ filters: { withoutInvoice: true }, page: 1, errors: [] });
    expect(orderQueryString({ withoutInvoice: true, method: 'pix' })).toBe('method=pix&nfe=sem');
    expect(parseOrderQuery({ nfe: 'talvez' })).toEqual({ filters: {}, page: 1, errors: ['Filtro de NF-e desconhecido: mostrando todos.'] });
  });

  it('lists the paid orders with no authorised or processing invoice (a rejected one counts as none)', async () => {
    const { rows, total } = await listOrders({ withoutInvoice: true }, 1);
    expect(rows.map((r) => r.buyerName)).toEqual(['Sem nota', 'Rejeitada']);
    expect(total).toBe(2);
    expect((await listOrders({ withoutInvoice: true, method: 'boleto' }, 1)).rows).toEqual([]);
  });

  it('exports the same orders', async () => {
    const names: string[] = [];
    for await (const batch of ordersForExport({ withoutInvoice: true })) names.push(...batch.map((r) => r.buyerName));
    expect(names).toEqual(['Sem nota', 'Rejeitada']);
  });
});
