/**
 * Statements compiled once per better-sqlite3 connection.
 *
 * `cacheCompiledStatements(sqlite)`: every better-sqlite3 connection keeps its compiled SQL.
 * Drizzle (and plain `db.prepare(sql).get()` code) compiles the SQL on every call, and compiling
 * often costs more than running the statement (BENCHMARKS.md, T2/T3). A SQL text is compiled once per connection and reused, as better-sqlite3
 * recommends. Safe because a statement is handed out again only in its default mode
 * (raw/pluck/expand reset on every hit; Drizzle turns raw on right before each use when it
 * wants it), a statement still running (an open iterate()) is never handed out (a fresh one
 * is compiled), and SQLite recompiles a cached statement by itself when the schema changed.
 * Least recently used texts are dropped beyond `max` (the app's dynamic queries have a finite
 * number of shapes; their values are bound parameters, not part of the text).
 */
import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';

export const STATEMENT_CACHE_SIZE = 500;

const installed = new WeakSet<object>();

export function cacheCompiledStatements(db: BetterSqliteDatabase, max = STATEMENT_CACHE_SIZE): BetterSqliteDatabase {
  if (installed.has(db)) return db;
  installed.add(db);
  const compile = db.prepare.bind(db);
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
