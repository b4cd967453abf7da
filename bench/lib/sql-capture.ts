/**
 * Records the SQL and parameters that app code sends to a better-sqlite3 connection, so the
 * very same statements can be replayed through raw prepared statements (T3). Wraps
 * `prepare` once; the per-call cost of the wrapper is a closure call (nanoseconds).
 */
import type BetterSqlite3 from 'better-sqlite3';

export type Captured = { sql: string; params: unknown[] };

export function installCapture(client: BetterSqlite3.Database) {
  let recording: Captured[] | null = null;
  const wrapped = new WeakSet<object>();
  const original = client.prepare.bind(client);
  (client as unknown as { prepare: (sql: string) => BetterSqlite3.Statement }).prepare = (sql: string) => {
    const stmt = original(sql);
    if (wrapped.has(stmt)) return stmt; // a statement cache hands the same object back: wrap it once
    wrapped.add(stmt);
    const target = stmt as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['all', 'get', 'run', 'iterate', 'values']) {
      const fn = target[method];
      if (typeof fn !== 'function') continue;
      const bound = fn.bind(stmt);
      target[method] = (...params: unknown[]) => {
        recording?.push({ sql, params });
        return bound(...params);
      };
    }
    return stmt;
  };
  return {
    /** The statements `fn` ran, in order. */
    async capture(fn: () => Promise<unknown>): Promise<Captured[]> {
      const list: Captured[] = [];
      recording = list;
      try {
        await fn();
      } finally {
        recording = null;
      }
      return list;
    },
  };
}
