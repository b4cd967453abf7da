/**
 * Both drivers stay in step: the same migrations and the app's own queries — checkout-style
 * inserts in one transaction, the buyer's status by token, the merchant's filtered orders
 * page and CSV walk, applyObservation's transaction (yield* get/run, ON CONFLICT DO NOTHING
 * dedupe, optimistic version check) — run against better-sqlite3 and against @libsql/client
 * (a local libSQL file, the client Vercel/Turso deployments use) and must give the same
 * results. `@/db` is pointed at the database under test, so the real functions run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { get, openDatabase, run, type Database, type DriverKind } from './driver';
import * as schema from './schema';

const current = vi.hoisted(() => ({ database: undefined as unknown }));
vi.mock('@/db', async (importOriginal) => {
  const original = await importOriginal<typeof import('./index')>();
  return {
    ...original,
    database: () => current.database,
    db: () => (current.database as Database<typeof schema>).db,
    ensureMigrated: () => (current.database as Database<typeof schema>).migrate(original.MIGRATIONS_FOLDER),
  };
});

// Imported after the mock is declared (vi.mock is hoisted above these anyway).
import { MIGRATIONS_FOLDER } from './index';
import { isEmpty, seed } from './seed';
import { orderStatusByToken } from '@/lib/orders/queries';
import { countOrders, listOrders, ordersForExport } from '@/lib/orders/orders-query';
import { applyObservation } from '@/lib/payments/apply';
import { dedupe, insertEvent, type PaymentEventType } from '@/lib/payments/events';

const opened: Database<typeof schema>[] = [];
afterAll(() => opened.forEach((d) => d.close()));

function fresh(driver: DriverKind): Database<typeof schema> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `balcao-parity-${driver}-`));
  const d = openDatabase({ url: `file:${path.join(dir, 'app.db')}`, schema, driver });
  opened.push(d);
  current.database = d;
  return d;
}

const FIXED_NOW = new Date('2025-06-10T15:00:00.000Z');
const TOKEN = 'tok_parity_0123456789abcdef';
const NAMES = ['Maria Souza', 'João Lima', 'Ana Costa', 'Pedro Alves', 'Maria Clara'];
const DOCS = ['52998224725', '39053344705', '11222333000181', '16899535009', '52998224725'];

/** 40 orders over 20 days, all states and both methods; order 0 has the token above and a payment. */
function* placeOrders(tx: (typeof opened)[number]['db'], productIds: number[]) {
  const statuses = ['pending', 'paid', 'refunded', 'canceled', 'expired'] as const;
  let inserted = 0;
  for (let i = 0; i < 40; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const created = new Date(Date.UTC(2025, 5, 1 + Math.floor(i / 2), 12 + (i % 2), 0, 0)).toISOString();
    const qty = 1 + (i % 3);
    const unit = 1990 + i * 10;
    inserted += yield* run(
      tx.insert(schema.orders).values({
        id,
        token: i === 0 ? TOKEN : `tok_${String(i).padStart(20, '0')}`,
        checkoutKey: `ck-${i}`,
        status: i === 0 ? 'pending' : statuses[i % 5],
        method: i % 2 ? 'boleto' : 'pix',
        totalCents: unit * qty,
        refundedCents: statuses[i % 5] === 'refunded' && i !== 0 ? unit : 0,
        buyerName: NAMES[i % 5],
        buyerDocument: DOCS[i % 5],
        buyerEmail: `buyer${i}@example.com`,
        createdAt: created,
        updatedAt: created,
        paidAt: statuses[i % 5] === 'paid' && i !== 0 ? created : null,
      }),
    );
    yield* run(
      tx.insert(schema.orderItems).values({
        orderId: id,
        productId: productIds[i % productIds.length],
        name: `Produto ${i % productIds.length}`,
        unitPriceCents: unit,
        quantity: qty,
        lineTotalCents: unit * qty,
      }),
    );
  }
  const order = yield* get(tx.select({ id: schema.orders.id, totalCents: schema.orders.totalCents }).from(schema.orders).where(eq(schema.orders.token, TOKEN)));
  yield* run(
    tx.insert(schema.payments).values({
      id: 'pay-0',
      orderId: order!.id,
      method: 'pix',
      createState: 'created',
      idempotencyKey: 'idem-0',
      providerId: 'prov-0',
      providerStatus: 'active',
      amountCents: order!.totalCents,
      webhookToken: 'whk-0',
      createdAt: '2025-06-01T12:00:00.000Z',
      updatedAt: '2025-06-01T12:00:00.000Z',
    }),
  );
  return inserted;
}

async function scenario(driver: DriverKind) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FIXED_NOW);
  try {
    const d = fresh(driver);
    expect(d.kind).toBe(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    await d.migrate(MIGRATIONS_FOLDER); // idempotent
    const tables = (await d.db.all(sql`select name from sqlite_master where type in ('table','index') and name not like 'sqlite_%' order by name`)) as { name: string }[];

    const wasEmpty = await isEmpty(d);
    const seeded = await seed(d, { demoMerchant: false });
    const products = await d.db.select({ id: schema.products.id, slug: schema.products.slug, priceCents: schema.products.priceCents }).from(schema.products).orderBy(schema.products.id);

    const inserted = await d.transaction((tx) => placeOrders(tx, products.map((p) => p.id)));

    // A failing body leaves nothing behind.
    const rollback = await d
      .transaction(function* (tx) {
        yield* run(tx.update(schema.orders).set({ buyerName: 'changed' }).where(eq(schema.orders.token, TOKEN)));
        yield* run(tx.insert(schema.orders).values({ id: 'dup', token: TOKEN, checkoutKey: 'x', method: 'pix', totalCents: 1, buyerName: 'x', buyerDocument: 'x', buyerEmail: 'x' }));
      })
      .then(
        () => 'committed',
        () => 'rolled back',
      );

    // Dedupe: the second insert with the same key changes nothing (ON CONFLICT DO NOTHING → 0 rows).
    const dedupeCounts = await d.transaction(function* (tx) {
      const row = { paymentId: 'pay-0', orderId: '00000000-0000-4000-8000-000000000000', type: 'note' as PaymentEventType, source: 'reconcile' as const, dedupeKey: 'parity:once' };
      const first = yield* run(insertEvent(tx, row));
      const second = yield* run(insertEvent(tx, row));
      return [first, second];
    });

    const statusBefore = await orderStatusByToken(TOKEN);
    const unknownToken = await orderStatusByToken('tok_does_not_exist_000000');

    const paid = { method: 'pix' as const, providerStatus: 'completed', observed: 'paid' as const, paidAt: '2025-06-10T14:59:00.000Z', artifacts: {} };
    const applied = await applyObservation('pay-0', paid, 'webhook');
    const replayed = await applyObservation('pay-0', paid, 'webhook');
    const stale = await applyObservation('pay-0', { ...paid, providerStatus: 'active', observed: 'pending' }, 'reconcile');
    const refunded = await applyObservation('pay-0', { ...paid, providerStatus: 'refunded', observed: 'refunded' }, 'reconcile');
    const missing = await applyObservation('no-such-payment', paid, 'webhook');
    const statusAfter = await orderStatusByToken(TOKEN);
    const events = await d.db
      .select({ type: schema.paymentEvents.type, from: schema.paymentEvents.fromStatus, to: schema.paymentEvents.toStatus, key: schema.paymentEvents.dedupeKey })
      .from(schema.paymentEvents)
      .orderBy(schema.paymentEvents.id);
    // The e-mail rows the one writer adds in the same transaction (INSERT … SELECT … ON CONFLICT DO NOTHING).
    const emails = await d.db
      .select({ key: schema.emailOutbox.dedupeKey, kind: schema.emailOutbox.kind, status: schema.emailOutbox.status, recipient: schema.emailOutbox.recipient })
      .from(schema.emailOutbox)
      .orderBy(schema.emailOutbox.id);
    const statusEvents = await d.db.select({ n: count() }).from(schema.paymentEvents).where(eq(schema.paymentEvents.dedupeKey, dedupe.status('pay-0', 'paid')));

    const pages = {
      all: await listOrders({}, 1),
      page2: await listOrders({}, 2),
      pastEnd: await listOrders({}, 99),
      paid: await listOrders({ status: 'paid' }, 1),
      pixInRange: await listOrders({ method: 'pix', from: '2025-06-03', to: '2025-06-08' }, 1),
      byName: await listOrders({ q: 'Maria' }, 1),
      byDocument: await listOrders({ q: '529.982' }, 1),
      nothing: await listOrders({ status: 'expired', method: 'pix', q: 'zzz' }, 1),
    };
    const counts = { all: await countOrders({}), boleto: await countOrders({ method: 'boleto' }) };
    const exported: string[] = [];
    for await (const batch of ordersForExport({ status: 'paid' }, 3)) exported.push(...batch.map((r) => r.id));

    return { tables: tables.map((t) => t.name), wasEmpty, seeded, products, inserted, rollback, dedupeCounts, statusBefore, unknownToken, applied, replayed, stale, refunded, missing, statusAfter, events, emails, statusEvents, pages, counts, exported };
  } finally {
    vi.useRealTimers();
  }
}

describe('better-sqlite3 and libSQL give the same results', () => {
  let better: Awaited<ReturnType<typeof scenario>>;
  let libsql: Awaited<ReturnType<typeof scenario>>;

  it('runs the scenario on better-sqlite3', async () => {
    better = await scenario('better-sqlite3');
    // The scenario means something on its own (both drivers being wrong alike must fail).
    expect(better.tables).toEqual(expect.arrayContaining(['orders', 'payments', 'payment_events', 'webhook_deliveries', 'orders_status_created_idx']));
    expect(better.wasEmpty).toBe(true);
    expect(better.products.length).toBeGreaterThan(0);
    expect(better.inserted).toBe(40);
    expect(better.rollback).toBe('rolled back');
    expect(better.dedupeCounts).toEqual([1, 0]);
    expect(better.statusBefore).toEqual({ status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2025-06-01T12:00:00.000Z', fulfillment: null });
    expect(better.unknownToken).toBeNull();
    expect(better.applied).toMatchObject({ found: true, changed: true, from: 'pending', status: 'paid', steps: ['paid'] });
    expect(better.replayed).toMatchObject({ found: true, changed: false });
    expect(better.stale).toMatchObject({ changed: false, status: 'paid' });
    expect(better.refunded).toMatchObject({ changed: true, status: 'refunded' });
    expect(better.missing).toEqual({ found: false, changed: false, steps: [] });
    expect(better.statusAfter).toMatchObject({ status: 'refunded', paid_at: '2025-06-10T14:59:00.000Z', updated_at: FIXED_NOW.toISOString() });
    expect(better.statusAfter!.refunded_cents).toBeGreaterThan(0);
    expect(better.statusEvents).toEqual([{ n: 1 }]);
    expect(better.emails.map((e) => [e.key.replace(/^email:[^:]+:/, ''), e.kind, e.status])).toEqual([
      ['paid', 'paid', 'pending'],
      ['refunded', 'refunded', 'pending'],
    ]);
    expect(better.pages.all).toMatchObject({ total: 40, page: 1, pageCount: 2 });
    expect(better.pages.all.rows).toHaveLength(25);
    expect(better.pages.all.rows[0].createdAt > better.pages.all.rows[24].createdAt).toBe(true);
    expect(better.pages.page2.rows).toHaveLength(15);
    expect(better.pages.pastEnd.page).toBe(2);
    expect(better.pages.paid.rows.every((r) => r.status === 'paid')).toBe(true);
    expect(better.pages.pixInRange.total).toBeGreaterThan(0);
    expect(better.pages.pixInRange.rows.every((r) => r.method === 'pix' && r.createdAt >= '2025-06-03' && r.createdAt < '2025-06-09')).toBe(true);
    expect(better.pages.byName.rows.every((r) => r.buyerName.startsWith('Maria'))).toBe(true);
    expect(better.pages.byName.total).toBe(16);
    expect(better.pages.byDocument.rows.every((r) => r.buyerDocument === '52998224725')).toBe(true);
    expect(better.pages.nothing.total).toBe(0);
    expect(better.counts).toEqual({ all: 40, boleto: 20 });
    expect(better.exported).toHaveLength(better.pages.paid.total);
  });

  it('runs the same scenario on libSQL with identical results', async () => {
    libsql = await scenario('libsql');
    expect(libsql).toEqual(better);
  });
});
