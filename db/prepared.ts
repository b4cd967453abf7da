/**
 * Prepared statements for hot paths, built once per connection (both drivers): Drizzle then
 * skips building the SQL on every call, which is most of its cost on a 10 µs indexed lookup
 * (BENCHMARKS.md, T3). Keyed by the connection object, so tests that reopen the database get
 * fresh statements. Nothing is evicted: keys must come from a finite set (fixed names, or the
 * orders list's filter shapes). With libSQL a prepared query keeps its SQL and parameters
 * ready, and the client sends them on each run.
 */
import { database } from './index';

const cache = new WeakMap<object, Map<string, unknown>>();

/** The statement `build()` prepares on the current connection, built on first use. */
export function preparedStatement<T>(key: string, build: () => T): T {
  const owner = database();
  let statements = cache.get(owner);
  if (!statements) {
    statements = new Map();
    cache.set(owner, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}
