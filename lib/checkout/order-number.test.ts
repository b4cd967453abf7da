import { randomUUID } from 'node:crypto';
import { insertProduct } from '@/test/catalog/products';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database, MIGRATIONS_FOLDER } from '@/db';
import { openDatabase } from '@/db/driver';
import * as schema from '@/db/schema';
import { orders } from '@/db/schema';
import { planSearch } from '@/lib/orders/order-search';
import { listOrders } from '@/lib/orders/orders-query';
import { placeOrder } from '@/lib/checkout/place-order';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { TEST_ADDRESS } from '@/test/payments/place';
import { orderLabel } from '@/lib/orders/format';
import { FIRST_ORDER_NUMBER, nextOrderNumber } from './order-number';
import { raceWorkers } from '@/test/worker-process';

const WORKER = 'test/catalog/checkout-worker.ts';

let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f), { clearOrders: false });

async function newProduct(): Promise<number> {
  const slug = `numero-${randomUUID().slice(0, 8)}`;
  return insertProduct({ slug, name: `Produto ${slug}`, description: '', priceCents: 2000, imagePath: '', stock: null });
}

async function buy(productId: number) {
  return placeOrder({
    checkoutKey: randomUUID(),
    method: 'pix',
    items: [{ productId, quantity: 1 }],
    buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
    delivery: TEST_ADDRESS,
  });
}

async function numberOf(token: string): Promise<number | null> {
  const [row] = await database().db.select({ number: orders.number }).from(orders).where(eq(orders.token, token));
  return row.number;
}

describe('order numbers', () => {
  it('placeOrder gives each order the next number, and a refused create never frees its number', async () => {
    const product = await newProduct();
    const first = await buy(product);
    if (!first.ok) throw new Error(first.error);
    const a = (await numberOf(first.orderToken))!;
    expect(a).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);

    // The provider refuses the next create: its order's rows are deleted, its number stays spent.
    fake.failNext('createPix', apiError('validation', { field: 'payer.document', status: 400 }));
    expect((await buy(product)).ok).toBe(false);

    const third = await buy(product);
    if (!third.ok) throw new Error(third.error);
    expect(await numberOf(third.orderToken)).toBe(a + 2);
  });

  it('a transaction that rolls back after taking a number does not hand it out again', async () => {
    const taken = await database().transaction(function* (tx) {
      return yield* nextOrderNumber(tx);
    });
    await expect(
      database().transaction(function* (tx) {
        yield* nextOrderNumber(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const next = await database().transaction(function* (tx) {
      return yield* nextOrderNumber(tx);
    });
    // The rolled-back bump is undone with its transaction: numbers stay consecutive.
    expect(next).toBe(taken + 1);
  });

  it('is what people read, and what the orders search finds', async () => {
    expect(orderLabel({ id: '3f2a9c1b-0000-4000-8000-000000000001', number: 1042 })).toBe('#1042');
    expect(orderLabel({ id: '3f2a9c1b-0000-4000-8000-000000000001', number: null })).toBe('#3F2A9C1B');
    expect(planSearch('#1042')).toMatchObject({ number: 1042 });
    expect(planSearch('1042')).toMatchObject({ number: 1042 });
    expect(planSearch('529.982.247-25')?.number).toBeUndefined();

    const product = await newProduct();
    const placed = await buy(product);
    if (!placed.ok) throw new Error(placed.error);
    const n = (await numberOf(placed.orderToken))!;
    for (const q of [`#${n}`, String(n)]) {
      const page = await listOrders({ q }, 1);
      expect(page.rows.map((r) => r.number), q).toContain(n);
    }
    expect((await listOrders({ q: `#${n + 1_000_000}` }, 1)).rows).toHaveLength(0);
  });

  it('two processes placing orders at once get unique, consecutive numbers', async () => {
    const product = await newProduct();
    const before = (await database().db.select({ max: sql<number | null>`max(${orders.number})` }).from(orders))[0].max ?? FIRST_ORDER_NUMBER - 1;
    const perProcess = 10;
    const results = (await raceWorkers<{ ok: boolean }[]>(WORKER, [[product, perProcess], [product, perProcess]])).flat();
    expect(results.filter((r) => r.ok)).toHaveLength(2 * perProcess);
    const numbers = (await database().db.select({ number: orders.number }).from(orders).where(sql`${orders.number} > ${before}`)).map((r) => r.number!);
    numbers.sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 2 * perProcess }, (_, i) => before + 1 + i));
  }, 60_000);
});

describe('migration 0009: orders that existed before numbers', () => {
  it('numbers them by creation time from #1001 and sets the counter after them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-numbers-'));
    // The migrations as they were before this one.
    const before = path.join(dir, 'migrations');
    fs.cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.startsWith('0009_'));
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalPath, JSON.stringify(journal));

    const d = openDatabase({ url: `file:${path.join(dir, 'app.db')}`, schema });
    try {
      await d.migrate(before);
      const insert = (id: string, createdAt: string) =>
        d.db.run(
          sql`INSERT INTO orders (id, token, checkout_key, method, total_cents, buyer_name, buyer_document, buyer_email, created_at) VALUES (${id}, ${`t-${id}`}, ${`k-${id}`}, 'pix', 1000, 'Ana', '52998224725', 'a@example.com', ${createdAt})`,
        );
      await insert('c', '2025-01-03T00:00:00.000Z');
      await insert('a', '2025-01-01T00:00:00.000Z');
      await insert('b', '2025-01-02T00:00:00.000Z');
      await d.migrate(MIGRATIONS_FOLDER);
      const rows = (await d.db.select({ id: orders.id, number: orders.number }).from(orders).orderBy(orders.id)) as { id: string; number: number }[];
      expect(rows).toEqual([
        { id: 'a', number: 1001 },
        { id: 'b', number: 1002 },
        { id: 'c', number: 1003 },
      ]);
      const next = await d.transaction(function* (tx) {
        return yield* nextOrderNumber(tx);
      });
      expect(next).toBe(1004);
      // A shop with no orders starts at #1001.
      const empty = openDatabase({ url: `file:${path.join(dir, 'empty.db')}`, schema });
      await empty.migrate(MIGRATIONS_FOLDER);
      expect(await empty.transaction(function* (tx) {
        return yield* nextOrderNumber(tx);
      })).toBe(FIRST_ORDER_NUMBER);
      empty.close();
    } finally {
      d.close();
    }
  });
});
