/**
 * Prepared Drizzle statements that also run inside transaction bodies (db/driver.ts).
 *
 * Building a query with Drizzle costs more than SQLite running a one-row statement (BENCHMARKS.md,
 * T2/T3). A statement prepared once per *query runner* skips that: on better-sqlite3 the runner
 * handed to a transaction body is the connection itself, so the statement is built once per
 * process; on libSQL each transaction has its own runner, so it is built once per transaction
 * (correct, and negligible next to a network round trip).
 *
 *   const q = preparedOn(tx, 'payments.by-id', () => tx.select().from(payments).where(eq(payments.id, sql.placeholder('id'))).prepare());
 *   const p = yield* get(bind(q, { id }));
 */

type Values = Record<string, unknown>;
type Prepared<G, A, R> = { get(values?: Values): G; all(values?: Values): A; run(values?: Values): R };

const byRunner = new WeakMap<object, Map<string, unknown>>();

/** The statement `build()` prepares for `runner` (a connection or a transaction), built on first use. */
export function preparedOn<P>(runner: object, key: string, build: () => P): P {
  let statements = byRunner.get(runner);
  if (!statements) {
    statements = new Map();
    byRunner.set(runner, statements);
  }
  let statement = statements.get(key) as P | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}

/** A prepared statement with its values, in the shape `get`/`all`/`run` of db/driver.ts take. */
export function bind<G, A, R>(statement: Prepared<G, A, R>, values: Values): { get(): G; all(): A; run(): R } {
  return { get: () => statement.get(values), all: () => statement.all(values), run: () => statement.run(values) };
}
