/**
 * Prepared statements for hot paths, built once per connection (both drivers): Drizzle then
 * skips building the SQL on every call, which is most of its cost on a 10 µs indexed lookup
 * (BENCHMARKS.md, T3). Keyed by the connection object, so tests that reopen the database get
 * fresh statements. Nothing is evicted: keys must come from a finite set (fixed names, or the
 * orders list's filter shapes). With libSQL a prepared query keeps its SQL and parameters
 * ready, and the client sends them on each run.
 */
import { preparedOn } from './bound';
import { database } from './index';

/** The statement `build()` prepares on the current connection, built on first use. */
export function preparedStatement<T>(key: string, build: () => T): T {
  return preparedOn(database(), key, build);
}
