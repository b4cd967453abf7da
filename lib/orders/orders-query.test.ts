import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderFilters } from './order-filters';
import { countOrders, listOrders, ordersForExport, PAGE_SIZE } from './orders-query';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';

// 60 orders, one every hour back from 2025-03-10 12:00 UTC, with a few special ones.
const base = Date.parse('2025-03-10T12:00:00.000Z');
let all: InsertedOrder[];

beforeAll(async () => {
  const list = Array.from({ length: 60 }, (_, i) => ({
    createdAt: new Date(base - i * 3_600_000).toISOString(),
    status: (['pending', 'paid', 'expired', 'canceled', 'refunded'] as const)[i % 5],
    method: i % 3 === 0 ? ('boleto' as const) : ('pix' as const),
    buyerName: i === 7 ? 'João Gonçalves' : i === 8 ? 'Ana 50% Off' : `Comprador ${String.fromCharCode(65 + (i % 26))}`,
    buyerDocument: i === 7 ? '52998224725' : i === 8 ? '11222333000181' : String(10_000_000_000 + i),
  }));
  // Two orders at the same instant: the later insert comes first.
  list.push({ createdAt: '2025-03-20T00:00:00.000Z', status: 'paid', method: 'pix', buyerName: 'Empate Um', buyerDocument: '99999999901' });
  list.push({ createdAt: '2025-03-20T00:00:00.000Z', status: 'paid', method: 'pix', buyerName: 'Empate Dois', buyerDocument: '99999999902' });
  all = await insertOrders(list);
});

const ids = async (filters: OrderFilters, page = 1) => (await listOrders(filters, page)).rows.map((r) => r.id);

describe('listOrders', () => {
  it('a search with control characters (a NUL from ?q=%00abc) finds like the text without them, never throws', async () => {
    for (const q of ['\u0000Gonçalves', 'Gon\u0000çalves\u0007', '\u0000', '\u0000529982']) {
      const found = await listOrders({ q }, 1);
      expect(found.rows.length).toBeLessThanOrEqual(PAGE_SIZE);
    }
    expect((await listOrders({ q: '\u0000Gonçalves' }, 1)).rows.map((r) => r.buyerName)).toEqual(['João Gonçalves']);
    const batches: unknown[] = [];
    for await (const batch of ordersForExport({ q: 'Jo\u0000ão' })) batches.push(...batch);
    expect(batches).toHaveLength(1);
  });

  it('lists newest first, ties broken by insertion (latest first), 25 per page', async () => {
    const p1 = await listOrders({}, 1);
    expect(p1.total).toBe(62);
    expect(p1.pageCount).toBe(3);
    expect(p1.rows).toHaveLength(PAGE_SIZE);
    expect(p1.rows[0].buyerName).toBe('Empate Dois');
    expect(p1.rows[1].buyerName).toBe('Empate Um');
    expect(p1.rows[2].id).toBe(all[0].id);
    const created = p1.rows.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('pages through every order exactly once', async () => {
    const seen = [...(await ids({}, 1)), ...(await ids({}, 2)), ...(await ids({}, 3))];
    expect(seen).toHaveLength(62);
    expect(new Set(seen).size).toBe(62);
  });

  it('shows the last page for a page past the end', async () => {
    const r = await listOrders({}, 99);
    expect(r.page).toBe(3);
    expect(r.rows).toHaveLength(12);
  });

  it('filters by status and method together', async () => {
    const r = await listOrders({ status: 'paid', method: 'pix' }, 1);
    const expected = all.filter((o) => o.status === 'paid' && o.method === 'pix');
    expect(r.total).toBe(expected.length);
    expect(new Set(r.rows.map((x) => x.id))).toEqual(new Set(expected.map((o) => o.id)));
  });

  it('filters by São Paulo dates, inclusive', async () => {
    // 2025-03-10 in São Paulo = [03:00Z on the 10th, 03:00Z on the 11th): i = 0..9 (12:00Z back to 03:00Z).
    const r = await listOrders({ from: '2025-03-10', to: '2025-03-10' }, 1);
    expect(r.total).toBe(10);
    expect(r.rows.map((x) => x.id)).toEqual(all.slice(0, 10).map((o) => o.id));
    const r2 = await listOrders({ to: '2025-03-09' }, 1);
    expect(r2.total).toBe(50);
    expect(await countOrders({ from: '2025-03-21' })).toBe(0);
  });

  it('searches the buyer name, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(await ids({ q: 'joão gonçalves' })).toEqual([all[7].id]);
    expect(await ids({ q: 'GONÇALVES' })).toEqual([all[7].id]); // the trigram index folds case beyond ASCII
    expect(await ids({ q: 'nçal' })).toEqual([all[7].id]); // contains, not only whole words
    expect(await ids({ q: 'Jo' })).toContain(all[7].id); // under 3 characters: the LIKE scan
    expect(await ids({ q: 'João' })).toEqual([all[7].id]);
    expect(await ids({ q: '50%' })).toEqual([all[8].id]); // neither document nor id: a name search, % taken literally
    expect(await ids({ q: '% off' })).toEqual([all[8].id]);
    expect(await ids({ q: '_' })).toEqual([]);
    expect(await ids({ q: '"OR 1' })).toEqual([]); // FTS operators and quotes are text, not syntax
  });

  it('keeps the name index in step when an order is renamed or deleted', async () => {
    const { orders } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    const { db } = await import('@/db');
    const target = all[7];
    await db().update(orders).set({ buyerName: 'Zuleica Trigrama' }).where(eq(orders.id, target.id));
    expect(await ids({ q: 'gonçalves' })).toEqual([]);
    expect(await ids({ q: 'trigrama' })).toEqual([target.id]);
    await db().update(orders).set({ buyerName: target.buyerName }).where(eq(orders.id, target.id));
    expect(await ids({ q: 'gonçalves' })).toEqual([target.id]);
  });

  it('searches the document by prefix, masked or not', async () => {
    expect(await ids({ q: '529.982.247-25' })).toEqual([all[7].id]);
    expect(await ids({ q: '11.222.333/0001-81' })).toEqual([all[8].id]);
    expect(await ids({ q: '529982' })).toEqual([all[7].id]);
  });

  it('searches the order id by prefix and the token by prefix or pasted link', async () => {
    const o = all[33];
    expect(await ids({ q: `#${o.id.slice(0, 8)}` })).toEqual([o.id]);
    expect(await ids({ q: o.id.toUpperCase() })).toEqual([o.id]);
    expect(await ids({ q: o.token.slice(0, 16) })).toContain(o.id);
    expect(await ids({ q: `http://localhost:3000/orders/${o.token}` })).toEqual([o.id]);
  });

  it('combines a search with filters', async () => {
    expect(await ids({ q: 'Comprador', status: 'pending', method: 'boleto' })).toEqual(
      all.filter((o) => o.buyerName.startsWith('Comprador') && o.status === 'pending' && o.method === 'boleto').map((o) => o.id),
    );
  });
});

describe('listOrders: a name search with more matches than the count cap', () => {
  // With a cap of 10 and pages of 5, "Comprador" (58 orders) is a long search: counted up to the
  // cap and paged by walking the orders newest first. It must show what the exact way shows.
  const exactIds = async (filters: OrderFilters) => (await listOrders(filters, 1, 1000)).rows.map((r) => r.id);
  const walkAll = async (filters: OrderFilters) => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const p = await listOrders(filters, page, 5, 10);
      expect(p).toMatchObject({ totalIsLowerBound: true, total: 10, page });
      seen.push(...p.rows.map((r) => r.id));
      if (!p.hasNext) return { seen, last: p };
      expect(p.pageCount).toBe(page + 1);
    }
  };

  it('says "more than the cap" and pages through every match once, newest first', async () => {
    const filters = { q: 'Comprador' };
    const { seen, last } = await walkAll(filters);
    expect(seen).toEqual(await exactIds(filters));
    expect(seen).toHaveLength(58);
    expect(last.rows).toHaveLength(3);
    expect(last.pageCount).toBe(last.page);
  });

  it('keeps the other filters, and the short-name (LIKE) search', async () => {
    for (const filters of [{ q: 'comprador', status: 'paid' as const }, { q: 'Co' }, { q: 'dor', method: 'pix' as const }]) {
      const exact = await exactIds(filters);
      if (exact.length > 10) expect((await walkAll(filters)).seen).toEqual(exact);
      else expect(await listOrders(filters, 1, 5, 10)).toMatchObject({ totalIsLowerBound: false, total: exact.length });
    }
  });

  it('counts exactly up to the cap, and shows the last page for a page past the end', async () => {
    const few = await listOrders({ q: 'Comprador', status: 'paid', method: 'boleto' }, 1, 5, 10);
    expect(few.totalIsLowerBound).toBe(false);
    expect(few.total).toBe(all.filter((o) => o.buyerName.startsWith('Comprador') && o.status === 'paid' && o.method === 'boleto').length);
    const past = await listOrders({ q: 'Comprador' }, 99, 5, 10);
    expect(past).toMatchObject({ totalIsLowerBound: false, total: 58, page: 12, pageCount: 12, hasNext: false });
    expect(past.rows).toHaveLength(3);
  });
});

describe('ordersForExport', () => {
  it('walks every matching order once, newest first, in batches', async () => {
    const seen: string[] = [];
    let batches = 0;
    for await (const b of ordersForExport({}, 7)) {
      batches++;
      seen.push(...b.map((r) => r.id));
    }
    expect(batches).toBe(9);
    expect(seen).toEqual([...(await ids({}, 1)), ...(await ids({}, 2)), ...(await ids({}, 3))]);
  });
  it('applies the filters', async () => {
    const seen: string[] = [];
    for await (const b of ordersForExport({ status: 'refunded' }, 5)) seen.push(...b.map((r) => r.id));
    expect(seen).toHaveLength(all.filter((o) => o.status === 'refunded').length);
  });
});
