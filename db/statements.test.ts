import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, test } from 'vitest';
import { get, openDatabase, run, type Database, type DriverKind } from './driver';
import { MIGRATIONS_FOLDER } from './index';
import * as schema from './schema';
import { cacheCompiledStatements } from '@balcao/server-kit/sqlite-statements';
import { oncePerRunner, preparedQuery } from './statements';

function fresh(max?: number) {
  const db = cacheCompiledStatements(new BetterSqlite3(':memory:'), max);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  db.prepare('INSERT INTO t (name) VALUES (?)').run('ana');
  db.prepare('INSERT INTO t (name) VALUES (?)').run('bia');
  return db;
}

describe('cacheCompiledStatements', () => {
  test('the same SQL text gives the same compiled statement, other texts their own', () => {
    const db = fresh();
    const a = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(db.prepare('SELECT name FROM t WHERE id = ?')).toBe(a);
    expect(db.prepare('SELECT id FROM t WHERE id = ?')).not.toBe(a);
    expect(a.get(2)).toEqual({ name: 'bia' });
  });

  test('a statement comes back in its default mode whatever the last user left on', () => {
    const db = fresh();
    const q = 'SELECT id, name FROM t ORDER BY id';
    expect(db.prepare(q).raw().all()).toEqual([[1, 'ana'], [2, 'bia']]);
    expect(db.prepare(q).all()).toEqual([{ id: 1, name: 'ana' }, { id: 2, name: 'bia' }]);
    expect(db.prepare(q).pluck().all()).toEqual([1, 2]);
    expect(db.prepare(q).get()).toEqual({ id: 1, name: 'ana' });
    // Writers have no modes and are reused too.
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
  });

  test('a statement still iterating is not handed out: a fresh one is compiled', () => {
    const db = fresh();
    const q = 'SELECT name FROM t ORDER BY id';
    const names: string[] = [];
    for (const row of db.prepare(q).iterate() as Iterable<{ name: string }>) {
      const inner = db.prepare(q);
      expect(inner.busy).toBe(false);
      names.push(`${row.name}:${(inner.all() as { name: string }[]).length}`);
    }
    expect(names).toEqual(['ana:2', 'bia:2']);
  });

  test('bounded: the least recently used text is dropped beyond the limit', () => {
    const db = fresh(2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a); // a is now the most recent
    db.prepare('SELECT 3'); // drops b
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  test('a cached statement follows a schema change', () => {
    const db = fresh();
    const q = 'SELECT * FROM t WHERE id = 1';
    expect(db.prepare(q).get()).toEqual({ id: 1, name: 'ana' });
    db.exec("ALTER TABLE t ADD COLUMN city TEXT NOT NULL DEFAULT 'Recife'");
    expect(db.prepare(q).get()).toEqual({ id: 1, name: 'ana', city: 'Recife' });
  });

  test('pragmas, transactions and Drizzle (objects and raw rows for the same text) keep working', () => {
    const client = fresh();
    client.pragma('user_version = 7');
    expect(client.pragma('user_version', { simple: true })).toBe(7);
    client.transaction(() => client.prepare('INSERT INTO t (name) VALUES (?)').run('caio')).immediate();
    const t = sqliteTable('t', { id: integer('id').primaryKey(), name: text('name').notNull() });
    const db = drizzle(client);
    for (let i = 0; i < 3; i++) {
      expect(db.select().from(t).where(eq(t.id, 3)).all()).toEqual([{ id: 3, name: 'caio' }]);
      expect(db.all(sql`select "id", "name" from "t" where "t"."id" = ${3}`)).toEqual([{ id: 3, name: 'caio' }]);
      expect(db.select({ name: t.name }).from(t).where(eq(t.id, 1)).get()).toEqual({ name: 'ana' });
    }
  });
});

const opened: Database<typeof schema>[] = [];
afterAll(() => opened.forEach((d) => d.close()));

async function connect(driver: DriverKind, file?: string) {
  const url = `file:${file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), `balcao-statements-${driver}-`)), 'app.db')}`;
  const d = openDatabase({ url, schema, driver });
  opened.push(d);
  await d.migrate(MIGRATIONS_FOLDER);
  return { d, file: url.slice('file:'.length) };
}

type Db = Database<typeof schema>['db'];

describe('oncePerRunner', () => {
  it('builds once per runner', () => {
    const a = {};
    const b = {};
    let builds = 0;
    const perRunner = oncePerRunner((_runner: object) => ({ n: ++builds }));
    expect(perRunner(a)).toBe(perRunner(a));
    expect(perRunner(b)).not.toBe(perRunner(a));
    expect(builds).toBe(2);
  });
});

describe.each(['better-sqlite3', 'libsql'] as const)('preparedQuery (%s)', (driver) => {
  it('builds once per connection and runs with each call’s values; a reopened connection gets its own', async () => {
    let builds = 0;
    const bySlug = preparedQuery((db: Db) => {
      builds++;
      return db.select({ name: schema.products.name }).from(schema.products).where(eq(schema.products.slug, sql.placeholder('slug'))).prepare();
    });
    const { d, file } = await connect(driver);
    await d.db.insert(schema.products).values([
      { slug: 'cafe', name: 'Café', description: 'Grãos', priceCents: 100, imagePath: '/cafe.png' },
      { slug: 'cha', name: 'Chá', description: 'Folhas', priceCents: 200, imagePath: '/cha.png' },
    ]);
    const cafe = await bySlug.on(d.db, { slug: 'cafe' }).get();
    // Typed by Drizzle, no cast: a wrong column would not compile.
    expect(cafe?.name).toBe('Café');
    expect(await bySlug.on(d.db, { slug: 'cha' }).all()).toEqual([{ name: 'Chá' }]);
    expect(await bySlug.on(d.db, { slug: 'nada' }).get()).toBeUndefined();
    expect(builds).toBe(1);

    d.close();
    const again = await connect(driver, file);
    expect(await bySlug.on(again.d.db, { slug: 'cha' }).get()).toEqual({ name: 'Chá' });
    expect(builds).toBe(2);
  });

  it('runs inside a transaction body with new values on every call, and rolls back with it', async () => {
    const { d } = await connect(driver);
    const byId = preparedQuery((tx: Db) => tx.select().from(schema.products).where(eq(schema.products.id, sql.placeholder('id'))).prepare());
    const rename = preparedQuery((tx: Db) =>
      tx.update(schema.products).set({ name: sql`${sql.placeholder('name')}` }).where(eq(schema.products.id, sql.placeholder('id'))).prepare(),
    );
    await d.db.insert(schema.products).values([
      { id: 1, slug: 'a', name: 'Caneca', description: 'x', priceCents: 500, imagePath: '/a.svg' },
      { id: 2, slug: 'b', name: 'Camiseta', description: 'y', priceCents: 900, imagePath: '/b.svg' },
    ]);
    const names = await d.transaction(function* (tx) {
      const one = yield* get(byId.on(tx, { id: 1 }));
      const changed = yield* run(rename.on(tx, { id: 2, name: 'Boné' }));
      const two = yield* get(byId.on(tx, { id: 2 }));
      return [one?.name, changed, two?.name];
    });
    expect(names).toEqual(['Caneca', 1, 'Boné']);
    await expect(
      d.transaction(function* (tx) {
        yield* run(rename.on(tx, { id: 1, name: 'Perdido' }));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const after = await d.transaction(function* (tx) {
      return (yield* get(byId.on(tx, { id: 1 })))?.name;
    });
    expect(after).toBe('Caneca');
  });
});
