/**
 * A bounded cache of compiled statements for one better-sqlite3 connection.
 *
 * Drizzle (and plain `db.prepare(sql).get()` code) compiles the SQL on every call; SQLite's
 * compile costs ~10 µs for a one-row lookup and more for a join — often more than running
 * the statement. With this cache a SQL text is compiled once per connection and reused,
 * which is what better-sqlite3 recommends. Safe because:
 * - a statement is handed out again only in its default mode: raw/pluck/expand are reset on
 *   every hit (Drizzle turns raw on right before each use when it wants it);
 * - a statement still running (an open iterate()) is never handed out: a fresh one is compiled;
 * - SQLite recompiles a cached statement by itself when the schema changed (migrations).
 * Least recently used texts are dropped beyond `max` (the app's dynamic queries have a
 * finite number of shapes; their values are bound parameters, not part of the text).
 */
import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';

export const STATEMENT_CACHE_SIZE = 500;

const installed = new WeakSet<object>();

export function cacheStatements(db: BetterSqliteDatabase, max = STATEMENT_CACHE_SIZE): BetterSqliteDatabase {
  if (installed.has(db)) return db;
  installed.add(db);
  const compile = db.prepare.bind(db) as (source: string) => Statement;
  const cache = new Map<string, Statement>();
  const prepare = (source: string): Statement => {
    const hit = cache.get(source);
    if (hit && !hit.busy) {
      cache.delete(source); // most recently used goes last
      cache.set(source, hit);
      if (hit.reader) hit.raw(false).pluck(false).expand(false);
      return hit;
    }
    const fresh = compile(source);
    if (!hit) {
      cache.set(source, fresh);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
    }
    return fresh;
  };
  db.prepare = prepare as BetterSqliteDatabase['prepare'];
  return db;
}
