import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { get, openDatabase, reads, run, write, type DriverKind } from './driver';
import { MIGRATIONS_FOLDER } from './index';
import * as schema from './schema';
import { installRoundTripProbe } from '../bench/lib/libsql-probe';

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((d) => d.close()));

function fresh(driver: DriverKind, busyTimeoutMs?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-driver-'));
  const d = openDatabase({ url: `file:${path.join(dir, 'nested', 'x.db')}`, schema, driver, busyTimeoutMs });
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

describe.each(['better-sqlite3', 'libsql'] as const)('batch and held writes on %s', (driver) => {
  const product = (slug: string) => ({ slug, name: slug, description: '', priceCents: 100, imagePath: '/x.png' });

  it('atomicBatch: held writes then one final reads, all or none; any other step is refused before anything is written', async () => {
    const d = fresh(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    const slugsNow = async () => (await d.db.select({ slug: schema.products.slug }).from(schema.products)).map((r) => r.slug).sort();
    const [rows] = await d.atomicBatch(function* (tx) {
      yield* write(tx.insert(schema.products).values(product('a')));
      yield* write(tx.update(schema.products).set({ name: 'A' }).where(eq(schema.products.slug, 'a')));
      return yield* reads([tx.select({ name: schema.products.name }).from(schema.products)]);
    });
    expect(rows).toEqual([{ name: 'A' }]);
    // A unique violation in the last write: the first one is not kept either.
    await expect(
      d.atomicBatch(function* (tx) {
        yield* write(tx.insert(schema.products).values(product('b')));
        yield* write(tx.insert(schema.products).values(product('a')));
      }),
    ).rejects.toThrow();
    expect(await slugsNow()).toEqual(['a']);
    // A step that needs its answer before the end is a transaction's, not a batch's.
    await expect(
      d.atomicBatch(function* (tx) {
        yield* write(tx.insert(schema.products).values(product('c')));
        yield* get(tx.select().from(schema.products));
      }),
    ).rejects.toThrow(/atomicBatch takes held writes/);
    expect(await slugsNow()).toEqual(['a']);
  });

  it('batch: each result as the query alone gives it, in order', async () => {
    const d = fresh(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    await d.db.insert(schema.products).values([product('a'), product('b')]);
    const [one, all, none] = await d.batch([
      d.db.select({ slug: schema.products.slug }).from(schema.products).where(eq(schema.products.slug, 'a')),
      d.db.select({ slug: schema.products.slug }).from(schema.products).orderBy(schema.products.slug),
      d.db.select().from(schema.products).where(eq(schema.products.slug, 'z')),
    ]);
    expect(one).toEqual([{ slug: 'a' }]);
    expect(all).toEqual([{ slug: 'a' }, { slug: 'b' }]);
    expect(none).toEqual([]);
  });

  it('held writes are seen by the reads after them and roll back with the body, the failing one included', async () => {
    const d = fresh(driver);
    await d.migrate(MIGRATIONS_FOLDER);
    const seen = await d.transaction(function* (tx) {
      yield* write(tx.insert(schema.products).values(product('a')));
      yield* write(tx.insert(schema.products).values(product('b')));
      const rows = yield* get(tx.select({ n: sql<number>`count(*)` }).from(schema.products));
      yield* write(tx.update(schema.products).set({ name: 'A' }).where(eq(schema.products.slug, 'a')));
      const [names, counted] = yield* reads([tx.select({ name: schema.products.name }).from(schema.products).orderBy(schema.products.slug), tx.select({ n: sql<number>`count(*)` }).from(schema.products)] as const);
      const changed = yield* run(tx.update(schema.products).set({ name: 'B' }).where(eq(schema.products.slug, 'b')));
      return [rows?.n, names.map((r) => r.name), counted[0].n, changed];
    });
    expect(seen).toEqual([2, ['A', 'b'], 2, 1]);
    expect((await d.db.select({ name: schema.products.name }).from(schema.products).orderBy(schema.products.slug)).map((r) => r.name)).toEqual(['A', 'B']);
    await expect(
      d.transaction(function* (tx) {
        yield* write(tx.insert(schema.products).values(product('c')));
        yield* write(tx.insert(schema.products).values(product('a'))); // unique violation, found at the end
      }),
    ).rejects.toThrow();
    expect((await d.db.select().from(schema.products)).map((r) => r.slug).sort()).toEqual(['a', 'b']);
  });
});

describe('libsql over a local file', () => {
  it('gives every pooled connection the busy timeout, not only the first one', async () => {
    // Another process (a second instance) holding the write lock makes a connection without a
    // busy timeout fail at once with SQLITE_BUSY. @libsql/client opens a connection per
    // concurrent call, so three at once are three connections; each must wait like the first.
    const d = fresh('libsql');
    await d.migrate(MIGRATIONS_FOLDER);
    const timeouts = await Promise.all(Array.from({ length: 3 }, () => d.db.all(sql`PRAGMA busy_timeout`)));
    expect(timeouts.map((rows) => Object.values((rows as Record<string, number>[])[0])[0])).toEqual([5000, 5000, 5000]);
  });

  it('runs concurrent transactions of one process one after the other, not against each other', async () => {
    // Two requests of one server each open a transaction: on two pooled connections their
    // steps interleave at every await, and the second BEGIN IMMEDIATE meets the first one's
    // lock. SQLite's busy wait is synchronous: it would block the event loop that the first
    // transaction needs to commit, for the whole busy timeout, and then fail.
    const d = fresh('libsql');
    await d.migrate(MIGRATIONS_FOLDER);
    const started = Date.now();
    const bodies = Array.from({ length: 4 }, (_, k) =>
      d.transaction(function* (tx) {
        for (let i = 0; i < 5; i++) yield* run(tx.insert(schema.products).values({ slug: `p${k}-${i}`, name: 'x', description: '', priceCents: 100, imagePath: '/x.png' }));
        return k;
      }),
    );
    expect(await Promise.all(bodies)).toEqual([0, 1, 2, 3]);
    // Well under one busy timeout (5 s), which a blocked event loop would have waited through.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect((await d.db.select().from(schema.products)).length).toBe(20);
  });
});

describe('libsql over a local file: one writer at a time, a busy connection dropped', () => {
  const product = (slug: string) => ({ slug, name: slug, description: '', priceCents: 100, imagePath: '/x.png' });
  const slugs = async (d: ReturnType<typeof fresh>) => (await d.db.select({ slug: schema.products.slug }).from(schema.products).orderBy(schema.products.id)).map((r) => r.slug);

  it('a write outside a transaction, issued while one is open, waits for it instead of meeting its lock', async () => {
    // The serverless e2e's stall: a request's autocommit write (a lease, a rate-limit hit) landed
    // between another request's transaction steps, on another pooled connection. SQLite's busy
    // wait is synchronous, so it blocked the event loop the transaction needed to commit, until
    // the timeout, then failed with SQLITE_BUSY (and left its statement in progress).
    const uninstall = installRoundTripProbe('delay:20'); // each round trip waits 20 ms: the transaction spans timers
    const d = fresh('libsql', 300);
    uninstall();
    await d.migrate(MIGRATIONS_FOLDER);
    const open = d.transaction(function* (tx) {
      yield* run(tx.insert(schema.products).values(product('in-1')));
      yield* write(tx.insert(schema.products).values(product('in-2')));
      yield* get(tx.select().from(schema.products).where(eq(schema.products.slug, 'in-1')));
    });
    // Its BEGIN is at 20 ms, its first step at 40 ms: another request's write and read at 30 ms.
    await new Promise((r) => setTimeout(r, 30));
    const outside = d.db.insert(schema.products).values(product('outside')).then(() => 'written', (e: Error) => `failed: ${e.message}`);
    const seen = slugs(d); // reads do not wait for the writer (WAL): the state before it
    await open;
    expect(await outside).toBe('written');
    expect(await seen).toEqual([]);
    expect(await slugs(d)).toEqual(['in-1', 'in-2', 'outside']);
  });

  it('a write through db() inside a transaction body fails at once instead of waiting for that transaction', async () => {
    const d = fresh('libsql', 300);
    await d.migrate(MIGRATIONS_FOLDER);
    await expect(
      d.transaction(function* (tx) {
        yield* run(tx.insert(schema.products).values(product('a')));
        yield* run(d.db.insert(schema.products).values(product('b'))); // the mistake: db, not tx
      }),
    ).rejects.toSatisfy((e: Error) => /inside a transaction body/.test(String((e.cause as Error | undefined)?.message ?? e.message)));
    expect(await slugs(d)).toEqual([]);
  });

  it('after a write failed busy on another process\'s lock, the next batch and transaction still commit', async () => {
    // libsql 0.5.x leaves a statement that failed busy in progress on its connection, and the
    // client hands that connection back to its pool: every COMMIT there then failed with
    // "SQLITE_BUSY: cannot commit transaction - SQL statements in progress".
    const d = fresh('libsql', 100);
    await d.migrate(MIGRATIONS_FOLDER);
    await d.db.insert(schema.products).values(product('a'));
    const file = (await d.db.all<{ file: string }>(sql`select file from pragma_database_list where name = 'main'`))[0].file;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Libsql = require('libsql') as new (path: string) => { exec(sql: string): void; close(): void };
    const other = new Libsql(file); // another instance of the app on the same file
    other.exec('BEGIN IMMEDIATE');
    const busy = (e: unknown) => /SQLITE_BUSY/.test(`${(e as Error).message} ${(e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code}`);
    await expect(d.db.insert(schema.products).values(product('b'))).rejects.toSatisfy(busy);
    await expect(d.transaction(function* (tx) {
      yield* run(tx.insert(schema.products).values(product('c')));
    })).rejects.toSatisfy(busy);
    other.exec('COMMIT');
    other.close();

    const [rows] = await d.batch([d.db.select({ slug: schema.products.slug }).from(schema.products)]);
    expect(rows.map((r) => r.slug)).toEqual(['a']);
    await d.transaction(function* (tx) {
      yield* run(tx.insert(schema.products).values(product('d')));
    });
    await d.db.insert(schema.products).values(product('e'));
    expect(await slugs(d)).toEqual(['a', 'd', 'e']);
  });
});

describe('the round-trip probe, wrapped around the libSQL client from outside the driver', () => {
  it('count: one line per round trip — a statement, a transaction\'s begin, each step and its commit; unset, nothing', async () => {
    const lines: string[] = [];
    const toStderr = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (String(chunk).startsWith('db-rt ') ? lines.push(String(chunk)) > 0 : toStderr(chunk))) as typeof process.stderr.write;
    let uninstall = () => {};
    try {
      uninstall = installRoundTripProbe('count,delay:5');
      const d = fresh('libsql');
      await d.migrate(MIGRATIONS_FOLDER);
      lines.length = 0;
      const started = Date.now();
      await d.db.select().from(schema.products).where(eq(schema.products.id, 1));
      await d.transaction(function* (tx) {
        yield* get(tx.select().from(schema.products).where(eq(schema.products.id, 1)));
        yield* run(tx.update(schema.products).set({ name: 'x' }).where(eq(schema.products.id, 1)));
      });
      expect(lines.map((l) => l.split(' ')[2])).toEqual(['execute', 'begin', 'tx-execute', 'tx-execute', 'commit']);
      expect(lines[0]).toMatch(/^db-rt \d+ execute select "id", "slug"/);

      // Held writes: three in a row travel with the read that follows them (one batch inside
      // the transaction), the last one alone at the end; reads together are one batch too.
      lines.length = 0;
      const got = await d.transaction(function* (tx) {
        for (const slug of ['w1', 'w2', 'w3']) yield* write(tx.insert(schema.products).values({ slug, name: slug, description: '', priceCents: 1, imagePath: '/x.png' }));
        const w1 = yield* get(tx.select({ slug: schema.products.slug }).from(schema.products).where(eq(schema.products.slug, 'w1')));
        const [two, none] = yield* reads([
          tx.select({ slug: schema.products.slug }).from(schema.products).where(eq(schema.products.slug, 'w2')),
          tx.select().from(schema.orders),
        ] as const);
        yield* write(tx.update(schema.products).set({ name: 'y' }).where(eq(schema.products.slug, 'w1')));
        return { w1, two, none };
      });
      expect(lines.map((l) => l.split(' ')[2])).toEqual(['begin', 'tx-batch', 'tx-batch', 'tx-batch', 'commit']);
      expect(got).toEqual({ w1: { slug: 'w1' }, two: [{ slug: 'w2' }], none: [] });
      lines.length = 0;
      await d.batch([d.db.select().from(schema.products), d.db.select().from(schema.orders)]);
      expect(lines.map((l) => l.split(' ')[2])).toEqual(['batch']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 5);

      // atomicBatch: the held writes and the final reads, one round trip (no begin, no commit).
      lines.length = 0;
      const [after] = await d.atomicBatch(function* (tx) {
        yield* write(tx.update(schema.products).set({ name: 'z' }).where(eq(schema.products.slug, 'w2')));
        yield* write(tx.insert(schema.products).values({ slug: 'w4', name: 'w4', description: '', priceCents: 1, imagePath: '/x.png' }));
        return yield* reads([tx.select({ name: schema.products.name }).from(schema.products).where(eq(schema.products.slug, 'w2'))]);
      });
      expect(lines.map((l) => l.split(' ')[2])).toEqual(['batch']);
      expect(after).toEqual([{ name: 'z' }]);


      uninstall();
      expect(fs.readFileSync(path.join(__dirname, 'driver.ts'), 'utf8')).not.toMatch(/BENCH_|probeRoundTrips/);
      const quiet = fresh('libsql');
      await quiet.migrate(MIGRATIONS_FOLDER);
      lines.length = 0;
      await quiet.db.select().from(schema.products);
      expect(lines).toEqual([]);

    } finally {
      process.stderr.write = toStderr;
      uninstall();
    }
  });
});
