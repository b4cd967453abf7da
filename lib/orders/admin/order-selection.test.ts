import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { fulfilmentOrder } from '@/test/fulfilment/orders';
import { asSearchParams, EMPTY_SELECTION, parseSelection, selectedOrderIds, SELECTION_MAX } from './order-selection';

const A = '0b6f3c1e-2a4d-4e8f-9a1b-3c5d7e9f1a2b';
const B = '1c7a4d2f-3b5e-4f9a-8b2c-4d6e8f0a2b3c';

beforeAll(prepareDatabase);
beforeEach(clearOrders);

describe('parseSelection', () => {
  it('the checked rows: UUIDs only, each once, lower case', () => {
    const p = new URLSearchParams([['selecao', '1'], ['pedido', A], ['pedido', A.toUpperCase()], ['pedido', 'x'], ['pedido', B]]);
    expect(parseSelection(p)).toEqual({ ok: true, selection: { ids: [A, B] } });
  });

  it('nothing checked, or more than the limit, is refused in Portuguese', () => {
    expect(parseSelection(new URLSearchParams('selecao=1'))).toEqual({ ok: false, error: EMPTY_SELECTION });
    const many = new URLSearchParams(Array.from({ length: SELECTION_MAX + 1 }, (_, i) => ['pedido', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`]));
    expect(parseSelection(many)).toMatchObject({ ok: false, error: `Selecione até ${SELECTION_MAX} pedidos por vez.` });
  });

  it('"todos": the A enviar list, or the list\'s filters (the rows checked beside it do not narrow it)', () => {
    expect(parseSelection(asSearchParams({ todos: '1', view: 'a-enviar', pedido: [A] }))).toEqual({ ok: true, selection: { toShip: true } });
    expect(parseSelection(asSearchParams({ todos: '1', status: 'paid', fulfillment: 'unfulfilled' }))).toEqual({
      ok: true,
      selection: { filters: { status: 'paid', fulfillment: 'unfulfilled' } },
    });
  });
});

describe('selectedOrderIds', () => {
  it('"todos" of A enviar: the paid orders to send, oldest first; a filter: newest first', async () => {
    const newer = (await fulfilmentOrder()).order;
    const older = (await fulfilmentOrder()).order;
    await fulfilmentOrder({ method: 'pickup' });
    await database().db.update(orders).set({ paidAt: '2020-01-01T00:00:00.000Z' }).where(eq(orders.id, older.id));
    expect(await selectedOrderIds({ toShip: true }, 'owner')).toEqual({ ok: true, ids: [older.id, newer.id] });
    const all = await selectedOrderIds({ filters: { status: 'paid' } }, 'owner');
    expect(all.ok && all.ids).toHaveLength(3);
  });

  it('a role that may not search buyers cannot select by a buyer\'s name', async () => {
    await fulfilmentOrder();
    expect(await selectedOrderIds({ filters: { q: 'Maria' } }, 'demo')).toMatchObject({ ok: false });
  });
});
