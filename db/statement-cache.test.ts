import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, test } from 'vitest';
import { cacheStatements } from './statement-cache';

function fresh(max?: number) {
  const db = cacheStatements(new BetterSqlite3(':memory:'), max);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  db.prepare('INSERT INTO t (name) VALUES (?)').run('ana');
  db.prepare('INSERT INTO t (name) VALUES (?)').run('bia');
  return db;
}

describe('cacheStatements', () => {
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
