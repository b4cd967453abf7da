import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { get, openDatabase, run, type DriverKind } from './driver';
import { MIGRATIONS_FOLDER } from './index';
import * as schema from './schema';

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((d) => d.close()));

function fresh(driver: DriverKind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-driver-'));
  const d = openDatabase({ url: `file:${path.join(dir, 'nested', 'x.db')}`, schema, driver });
  opened.push(d);
  return d;
}

describe.each(['better-sqlite3', 'libsql'] as const)('database on %s', (driver) => {
  it('applies the migrations to an empty file (creating its folder) and is idempotent', async () => {
    const d = fresh(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    await d.migrate(MIGRATIONS_FOLDER);
    const tables = (await d.db.all(sql`select name from sqlite_master where type='table' order by name`)) as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['orders', 'order_items', 'payments', 'payment_events', 'products', 'users', 'merchant_settings', 'webhook_deliveries']),
    );
  });

  it('runs a transaction body atomically: all writes or none', async () => {
    const d = fresh(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    const insert = (tx: typeof d.db, slug: string) =>
      tx.insert(schema.products).values({ slug, name: slug, description: '', priceCents: 100, imagePath: '/x.png' });

    const n = await d.transaction(function* (tx) {
      yield* run(insert(tx, 'a'));
      const row = yield* get(tx.select().from(schema.products).where(eq(schema.products.slug, 'a')));
      return row ? 1 : 0;
    });
    expect(n).toBe(1);

    await expect(
      d.transaction(function* (tx) {
        yield* run(insert(tx, 'b'));
        yield* run(insert(tx, 'a')); // unique violation: the whole body rolls back
      }),
    ).rejects.toThrow();
    const rows = await d.db.select().from(schema.products);
    expect(rows.map((r) => r.slug)).toEqual(['a']);
  });
});
