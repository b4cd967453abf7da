/**
 * The orders list runs one prepared statement per filter *shape* (which filters are present),
 * with the values bound. These tests check, on both drivers, that every shape answers exactly
 * the orders a plain JavaScript filter over the fixture gives (in order, page by page), that
 * one shape's statement is never reused for another (shapes and values change from call to
 * call), and that the shape key covers everything that changes the SQL text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DriverKind } from '@/db/driver';
import * as schema from '@/db/schema';

const current = vi.hoisted(() => ({ database: undefined as unknown }));
vi.mock('@/db', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/db')>();
  return {
    ...original,
    database: () => current.database,
    db: () => (current.database as Database<typeof schema>).db,
    ensureMigrated: () => (current.database as Database<typeof schema>).migrate(original.MIGRATIONS_FOLDER),
  };
});

import { db } from '@/db';
import type { OrderFilters } from './order-filters';
import { planSearch } from './order-search';
import { countOrders, filterParams, filterShape, listOrders, ordersForExport, whereOf } from './orders-query';
import { insertOrders, type FixtureOrder, type InsertedOrder } from '@/test/dashboard/fixtures';

const NAMES = ['Maria Silva', 'João Gonçalves', 'Ana Joana', 'Pedro Silva Jr', 'Ana 50% Off', 'Zé', 'Comprador Teste'];
const STATUSES = ['pending', 'paid', 'expired', 'canceled', 'refunded'] as const;
const base = Date.parse('2025-03-10T12:00:00.000Z');

/** 90 orders, one every 2 hours back from 2025-03-10 12:00 UTC (7.5 days), plus two at the same instant. */
function fixture(): FixtureOrder[] {
  const list: FixtureOrder[] = Array.from({ length: 90 }, (_, i) => ({
    id: `aaaa${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
    token: `tkgrp${i % 4}x${String(i).padStart(4, '0')}pad0123456789`,
    createdAt: new Date(base - i * 2 * 3_600_000).toISOString(),
    status: STATUSES[i % 5],
    method: i % 3 === 0 ? 'boleto' : 'pix',
    buyerName: NAMES[i % NAMES.length],
    buyerDocument: i % 7 === 0 ? '52998224725' : String(10_000_000_000 + i * 13),
  }));
  list.push({ id: 'bbbb0001-0000-4000-8000-000000000000', token: 'tkgrp9x9001pad0123456789', createdAt: '2025-03-08T12:00:00.000Z', status: 'paid', method: 'pix', buyerName: 'Empate Um', buyerDocument: '99999999901' });
  list.push({ id: 'bbbb0002-0000-4000-8000-000000000000', token: 'tkgrp9x9002pad0123456789', createdAt: '2025-03-08T12:00:00.000Z', status: 'paid', method: 'pix', buyerName: 'Empate Dois', buyerDocument: '99999999902' });
  return list;
}

/** São Paulo has had no daylight saving time since 2019: a day there is [03:00Z, 03:00Z next day). */
const spDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00.000-03:00`)).toISOString();
const spNextDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00.000-03:00`) + 86_400_000).toISOString();

/** What each filter means, in plain JavaScript (the search's reading comes from planSearch, tested on its own). */
function matcher(filters: OrderFilters): (o: InsertedOrder) => boolean {
  const plan = filters.q ? planSearch(filters.q) : null;
  const nameText = plan?.nameText?.toLowerCase();
  return (o) =>
    (!filters.status || o.status === filters.status) &&
    (!filters.method || o.method === filters.method) &&
    (!filters.from || o.createdAt >= spDayStart(filters.from)) &&
    (!filters.to || o.createdAt < spNextDayStart(filters.to)) &&
    (!plan ||
      (!!plan.documentPrefix && o.buyerDocument.startsWith(plan.documentPrefix)) ||
      (!!plan.idPrefix && o.id.startsWith(plan.idPrefix)) ||
      (!!plan.tokenPrefix && o.token.startsWith(plan.tokenPrefix)) ||
      (!!nameText && o.buyerName.toLowerCase().includes(nameText)));
}

/** Newest first; at the same instant the later insert first (rowid). */
function expectedIds(all: InsertedOrder[], filters: OrderFilters): string[] {
  const match = matcher(filters);
  return all
    .map((o, rowid) => ({ o, rowid }))
    .filter(({ o }) => match(o))
    .sort((a, b) => (a.o.createdAt === b.o.createdAt ? b.rowid - a.rowid : a.o.createdAt < b.o.createdAt ? 1 : -1))
    .map(({ o }) => o.id);
}

async function allPages(filters: OrderFilters, pageSize: number) {
  const first = await listOrders(filters, 1, pageSize);
  const ids = first.rows.map((r) => r.id);
  for (let page = 2; page <= first.pageCount; page++) {
    const next = await listOrders(filters, page, pageSize);
    expect(next.total).toBe(first.total);
    ids.push(...next.rows.map((r) => r.id));
  }
  return { total: first.total, ids };
}

const SEARCHES = [
  undefined,
  'silva', // a name, through the trigram index
  'Jo', // a name under 3 characters: the LIKE scan
  'gonç', // a name with a non-ASCII letter
  '50%', // LIKE/FTS syntax taken as text
  '529.982', // a masked document prefix
  '529982', // digits: document or id prefix
  '#aaaa004', // an order id prefix
  'tkgrp2x0', // a token prefix
  'http://localhost:3000/orders/tkgrp1x0005pad0123456789', // a pasted buyer link
];

/** Every combination: the shapes in turn, and within a shape different values. */
function allCombinations(): OrderFilters[] {
  const out: OrderFilters[] = [];
  for (const status of [undefined, 'paid', 'pending'] as const)
    for (const method of [undefined, 'boleto', 'pix'] as const)
      for (const from of [undefined, '2025-03-07'])
        for (const to of [undefined, '2025-03-09'])
          for (const q of SEARCHES) {
            const f: OrderFilters = {};
            if (status) f.status = status;
            if (method) f.method = method;
            if (from) f.from = from;
            if (to) f.to = to;
            if (q) f.q = q;
            out.push(f);
          }
  return out;
}

const opened: Database<typeof schema>[] = [];
afterAll(() => opened.forEach((d) => d.close()));

describe.each(['better-sqlite3', 'libsql'] as DriverKind[])('orders list by filter shape on %s', (driver) => {
  let all: InsertedOrder[];

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `balcao-shapes-${driver}-`));
    const d = openDatabase({ url: `file:${path.join(dir, 'app.db')}`, schema, driver });
    opened.push(d);
    current.database = d;
    all = await insertOrders(fixture());
  });

  it('answers every shape with exactly the matching orders, in order, on every page', async () => {
    const combos = allCombinations();
    let nonEmpty = 0;
    for (const filters of combos) {
      const expected = expectedIds(all, filters);
      if (expected.length) nonEmpty++;
      for (const pageSize of [25, 7]) {
        const got = await allPages(filters, pageSize);
        expect({ filters, pageSize, ...got }).toEqual({ filters, pageSize, total: expected.length, ids: expected });
      }
      expect(await countOrders(filters)).toBe(expected.length);
    }
    // The fixture makes the combinations mean something: most find orders, some find none.
    expect(nonEmpty).toBeGreaterThan(combos.length / 2);
    expect(nonEmpty).toBeLessThan(combos.length);
  });

  it('never reuses a statement across shapes or values, in any order', async () => {
    const sequence: OrderFilters[] = [
      { status: 'paid' },
      {},
      { status: 'pending' },
      { method: 'boleto' },
      { status: 'paid', method: 'boleto' },
      {},
      { q: 'silva' },
      { q: 'Jo' },
      { q: 'silva', status: 'paid' },
      { q: 'maria' },
      { q: '529982' },
      { q: '529.982' },
      { q: '#aaaa001' },
      { from: '2025-03-09' },
      { to: '2025-03-09' },
      { from: '2025-03-05', to: '2025-03-06' },
      { status: 'paid' },
      {},
    ];
    for (let round = 0; round < 2; round++) {
      for (const filters of round ? [...sequence].reverse() : sequence) {
        const expected = expectedIds(all, filters);
        const page = await listOrders(filters, 1);
        expect({ filters, total: page.total, ids: page.rows.map((r) => r.id) }).toEqual({ filters, total: expected.length, ids: expected.slice(0, 25) });
      }
    }
  });

  it('returns the same row values as the table holds', async () => {
    const page = await listOrders({ q: 'Empate' }, 1);
    expect(page.rows).toEqual([
      expect.objectContaining({ id: 'bbbb0002-0000-4000-8000-000000000000', status: 'paid', method: 'pix', buyerName: 'Empate Dois', buyerDocument: '99999999902', latePayment: false, createdAt: '2025-03-08T12:00:00.000Z', paidAt: '2025-03-08T12:00:00.000Z' }),
      expect.objectContaining({ id: 'bbbb0001-0000-4000-8000-000000000000', buyerName: 'Empate Um', totalCents: 1000, refundedCents: 0 }),
    ]);
    expect(typeof page.rows[0].latePayment).toBe('boolean');
  });

  it('exports the same orders as the list for a shape', async () => {
    for (const filters of [{}, { status: 'paid' as const, q: 'silva' }, { method: 'pix' as const, from: '2025-03-06', to: '2025-03-08' }]) {
      const exported: string[] = [];
      for await (const batch of ordersForExport(filters, 4)) exported.push(...batch.map((r) => r.id));
      expect(exported).toEqual(expectedIds(all, filters));
    }
  });
});

describe('filter shape', () => {
  it('is the same key exactly when the SQL text is the same', () => {
    const combos = [
      ...allCombinations(),
      { q: 'Ana' },
      { q: 'cafe' }, // id prefix or name
      { q: 'abcdef12' }, // id or token prefix
      { q: '#' + 'f'.repeat(8) },
      { status: 'canceled' as const, q: 'x' },
    ];
    const textByKey = new Map<string, string>();
    const keyByText = new Map<string, string>();
    for (const filters of combos) {
      const key = filterShape(filterParams(filters));
      const text = db().select({ n: sql`1` }).from(schema.orders).where(whereOf(filters)).toSQL().sql;
      expect(textByKey.get(key) ?? text, JSON.stringify(filters)).toBe(text);
      expect(keyByText.get(text) ?? key, JSON.stringify(filters)).toBe(key);
      textByKey.set(key, text);
      keyByText.set(text, key);
    }
    expect(textByKey.size).toBeGreaterThan(40);
  });

  it('binds values, never writes them into the SQL', () => {
    const q = db().select({ n: sql`1` }).from(schema.orders).where(whereOf({ status: 'paid', from: '2025-03-01', q: "O'Brien" })).toSQL();
    expect(q.sql).not.toMatch(/paid|2025|Brien/);
    expect(q.params).toEqual(['paid', '2025-03-01T03:00:00.000Z', '"O\'Brien"']);
  });
});
