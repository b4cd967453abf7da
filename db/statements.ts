/**
 * Statements compiled once and reused — the one place for it, at two levels:
 *
 * 1. `cacheCompiledStatements(sqlite)` (@balcao/server-kit/sqlite-statements, shared with the
 *    sandbox): every better-sqlite3 connection keeps its compiled SQL.
 *
 * 2. `preparedQuery(build)`: a Drizzle prepared query for a hot path, built once per query
 *    runner. Building a query with Drizzle costs more than SQLite running a one-row statement.
 *    On better-sqlite3 the runner handed to a transaction body is the
 *    connection itself, so the query is built once per process; on libSQL each transaction has
 *    its own runner, so once per transaction (correct, and negligible next to a round trip).
 *    Keyed by the runner object, so tests that reopen the database get fresh statements.
 *
 *      const paymentById = preparedQuery((db: Tx) => db.select().from(payments).where(eq(payments.id, sql.placeholder('id'))).prepare());
 *      const p = await paymentById.on(db(), { id }).get();          // on the connection
 *      const p = yield* get(paymentById.on(tx, { id }));            // inside a transaction body
 *
 *    Rows are typed by Drizzle (awaited on both drivers); values are the placeholders by name.
 *
 *    A bound query also travels in a libSQL batch like a query builder (its SQL with the values
 *    filled in): a held `write` of it inside a transaction, or a step of `atomicBatch`.
 */
import { fillPlaceholders } from 'drizzle-orm';

export type Values = Record<string, unknown>;

/** What Drizzle's `.prepare()` gives on either driver: rows now (better-sqlite3) or as a promise (libSQL). */
type DrizzlePrepared<G, A, R> = { get(values?: Values): G; all(values?: Values): A; run(values?: Values): R };

/** What Drizzle's prepared query also has, and a batch needs (db/driver.ts `batchable`). */
type BatchablePrepared = {
  getQuery(): { sql: string; params: unknown[] };
  mapAllResult(raw: unknown, fromBatch: boolean): unknown;
  mapGetResult(raw: unknown, fromBatch: boolean): unknown;
};

/** A prepared query with its values: awaited directly, or yielded in a transaction body (`yield* get(...)`). */
export type BoundQuery<G, A, R> = { get(): G; all(): A; run(): R; toSQL(): { sql: string; params: unknown[] } };

export type PreparedQuery<Runner extends object, G, A, R> = {
  /** The query on `runner` (the connection, or a transaction's `tx`) with the placeholders' values. */
  on(runner: Runner, values: Values): BoundQuery<G, A, R>;
};

/** `build(runner)` once per runner (a connection, or a libSQL transaction), then the same value. */
export function oncePerRunner<Runner extends object, T>(build: (runner: Runner) => T): (runner: Runner) => T {
  const built = new WeakMap<Runner, T>();
  return (runner) => {
    const hit = built.get(runner);
    if (hit !== undefined) return hit;
    const value = build(runner);
    built.set(runner, value);
    return value;
  };
}

/**
 * A statement with its values. A class, not an object of closures: the hot paths call it per
 * request, and fresh closures per call cost more per lookup than the statement itself.
 */
class Bound<G, A, R> implements BoundQuery<G, A, R> {
  constructor(
    private readonly statement: DrizzlePrepared<G, A, R>,
    private readonly values: Values,
  ) {}
  get(): G {
    return this.statement.get(this.values);
  }
  all(): A {
    return this.statement.all(this.values);
  }
  run(): R {
    return this.statement.run(this.values);
  }
  /** The statement's SQL and its values, as a query builder's `toSQL()`. */
  toSQL(): { sql: string; params: unknown[] } {
    const q = (this.statement as unknown as BatchablePrepared).getQuery();
    return { sql: q.sql, params: fillPlaceholders(q.params, this.values) };
  }
  /** What db/driver.ts reads of a query builder to send it in a batch and map its answer. */
  _prepare(): BatchablePrepared {
    const statement = this.statement as unknown as BatchablePrepared;
    return {
      getQuery: () => this.toSQL(),
      mapAllResult: (raw, fromBatch) => statement.mapAllResult(raw, fromBatch),
      mapGetResult: (raw, fromBatch) => statement.mapGetResult(raw, fromBatch),
    };
  }
}

export function preparedQuery<Runner extends object, G, A, R>(build: (runner: Runner) => DrizzlePrepared<G, A, R>): PreparedQuery<Runner, G, A, R> {
  const statementOn = oncePerRunner(build);
  return { on: (runner, values) => new Bound(statementOn(runner), values) };
}
