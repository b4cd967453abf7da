/**
 * Opens a SQLite database with either driver behind one small interface:
 * - `file:<path>` or a bare path → better-sqlite3 (WAL, foreign keys, busy timeout), synchronous;
 * - `libsql://`, `https://`, `http://` (or driver: 'libsql' with a file: URL) → @libsql/client, async.
 *
 * ## How to write a transaction
 *
 * A write that must be atomic is a generator body handed to `database().transaction(...)`.
 * Every query in it goes through one of the step helpers below, always with `yield*`:
 *
 *   await database().transaction(function* (tx) {
 *     const order = yield* get(tx.select().from(orders).where(eq(orders.id, id)));   // one row or undefined
 *     const items = yield* all(tx.select().from(orderItems).where(...));              // every row
 *     const changed = yield* run(tx.update(orders).set({ status }).where(...));       // rows changed
 *     yield* enqueueEmail(tx, ...);   // a helper that is itself a generator of steps: yield* it too
 *     return changed;
 *   });
 *
 * - Use `tx`, never `db()`, inside the body: only `tx` is the transaction.
 * - No `await` inside (it is a plain generator): better-sqlite3 runs the body as one synchronous
 *   transaction, so nothing interleaves; libSQL runs the same body as one async transaction.
 * - Without `yield*`, `get(q)` only builds a step that nobody runs: the query silently never
 *   happens. The lint rule `balcao/yield-db-steps` (eslint-rules/) fails on that.
 * - Throwing rolls everything back. Side effects outside the database (HTTP, e-mail) never go
 *   in the body: write an outbox row instead.
 * - Hot statements can be prepared once per runner with `preparedQuery` (db/statements.ts):
 *   `yield* get(paymentById.on(tx, { id }))`.
 * - A write whose answer nothing needs (no "rows changed" check) is `yield* write(q)`: on libSQL
 *   the writes in a row travel together with the body's next step (a read, a write that counts
 *   its rows), one round trip for all of them, or in one of their own at its end. An error one
 *   of them raises surfaces at that next step (or at the end), and rolls everything back alike.
 * - Reads that do not depend on each other: `const [a, b] = yield* reads([qa, qb])`, every row
 *   of each, one round trip on libSQL (with any held writes).
 *
 * ## A transaction in one round trip
 *
 * A body whose steps are only held writes, then at most one `reads` as its last step, needs no
 * answer before its end: `database().atomicBatch(body)` sends it as ONE libSQL batch (atomic:
 * all of it or none, one round trip, no interactive transaction holding the lock between trips).
 * A guard that would have read a row first goes into the SQL (a WHERE on the update, an
 * INSERT … SELECT … WHERE EXISTS), and the final `reads` tells what happened. On better-sqlite3
 * it is the same synchronous transaction as `transaction`. Any other step, or a step after the
 * `reads`, is refused (the batch has been sent by then).
 *
 * - Over a local libSQL file, a write outside a transaction (`await db().update(...)`) waits for
 *   the process's open transaction to commit (one writer at a time, see openLibsql): never run
 *   one from inside a body, which is why a body uses `tx` only.
 *
 * ## Where round trips cost: the driver picks the plan

A read path worth writing two ways (one batch where each round trip costs, prepared statements
in turn where none does) hands both to `database().byRoundTrips({ together, inTurn })`: libSQL
runs `together`, better-sqlite3 `inTurn`. Domain code never asks `database().kind`.

## Reads that do not depend on each other
 *
 * `await database().batch([q1, q2, q3])` runs them as one libSQL batch (one round trip on Turso)
 * and, on better-sqlite3, one after the other: each result as `await q` would give it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { cacheCompiledStatements } from '@balcao/server-kit/sqlite-statements';

export type DriverKind = 'better-sqlite3' | 'libsql';

/** How long a write waits for another process's lock on the file before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb<TSchema extends Record<string, unknown> = Record<string, unknown>> = BaseSQLiteDatabase<'sync' | 'async', any, TSchema>;

type Runnable = { get(): unknown; all(): unknown; run(): unknown };
/** A query builder (not a prepared statement): its SQL can travel in a batch. */
export type Buildable = Runnable & { toSQL(): { sql: string; params: unknown[] } };
export type Step =
  | { mode: 'get' | 'all' | 'run'; query: Runnable }
  | { mode: 'write'; query: Buildable }
  | { mode: 'reads'; queries: readonly Buildable[] };
export type TxBody<T, TSchema extends Record<string, unknown>> = (tx: AnyDb<TSchema>) => Generator<Step, T, unknown>;

type Resolved<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** One row (or undefined). */
export function* get<Q extends Runnable>(query: Q): Generator<Step, Resolved<Q['get']>, unknown> {
  return (yield { mode: 'get', query }) as Resolved<Q['get']>;
}
/** All rows. */
export function* all<Q extends Runnable>(query: Q): Generator<Step, Resolved<Q['all']>, unknown> {
  return (yield { mode: 'all', query }) as Resolved<Q['all']>;
}
/** Runs a write; returns the number of rows changed. */
export function* run<Q extends Runnable>(query: Q): Generator<Step, number, unknown> {
  const result = (yield { mode: 'run', query }) as { changes?: number; rowsAffected?: number };
  return Number(result?.changes ?? result?.rowsAffected ?? 0);
}
/** A write whose answer nothing needs: on libSQL it travels with the steps next to it (see the top). */
export function* write<Q extends Buildable>(query: Q): Generator<Step, void, unknown> {
  yield { mode: 'write', query };
}
/** What `reads(queries)` answers: every row of each query, in order. */
export type Rows<Q extends readonly Buildable[]> = { [K in keyof Q]: Resolved<Q[K]['all']> };
/** Reads that do not depend on each other, inside a transaction: every row of each, one round trip on libSQL. */
export function* reads<const Q extends readonly Buildable[]>(queries: Q): Generator<Step, Rows<Q>, unknown> {
  return (yield { mode: 'reads', queries }) as Rows<Q>;
}

function drive<T>(gen: Generator<Step, T, unknown>): T {
  let r = gen.next();
  while (!r.done) {
    const step = r.value;
    let value: unknown;
    try {
      value = step.mode === 'reads' ? step.queries.map((q) => q.all()) : step.query[step.mode === 'write' ? 'run' : step.mode]();
    } catch (e) {
      r = gen.throw(e);
      continue;
    }
    r = gen.next(value);
  }
  return r.value;
}

type Statement = { sql: string; args: unknown[] };
/** Statements in one round trip inside the transaction; their raw answers, in order. */
type SendBatch = (statements: Statement[]) => Promise<unknown[]>;
type Mapped = { statement: Statement; answer(raw: unknown, mode: 'get' | 'all' | 'run'): unknown };

/**
 * A query builder's statement and how its raw answer reads, as Drizzle's own `batch` does it
 * (prepare, then map the batch's result); undefined for anything else (a prepared statement).
 */
function batchable(query: unknown): Mapped | undefined {
  const prepare = (query as { _prepare?: () => unknown })._prepare;
  if (typeof prepare !== 'function') return undefined;
  const p = prepare.call(query) as {
    getQuery?: () => { sql: string; params: unknown[] };
    mapAllResult?: (raw: unknown, fromBatch: boolean) => unknown;
    mapGetResult?: (raw: unknown, fromBatch: boolean) => unknown;
  };
  if (typeof p.getQuery !== 'function' || typeof p.mapAllResult !== 'function' || typeof p.mapGetResult !== 'function') return undefined;
  const { sql, params } = p.getQuery();
  return {
    statement: { sql, args: params },
    answer: (raw, mode) => (mode === 'all' ? p.mapAllResult!(raw, true) : mode === 'get' ? p.mapGetResult!(raw, true) : raw),
  };
}

/** Reads one after the other, where they cannot travel in one batch. */
async function eachRead(queries: readonly Buildable[]): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (const q of queries) rows.push(await q.all());
  return rows;
}

/**
 * Runs a body on libSQL. `sendBatch`: the transaction's batch. Held writes wait for the next
 * step and go in its round trip (or in one of their own at the end); `reads` go together.
 */
async function driveAsync<T>(gen: Generator<Step, T, unknown>, sendBatch?: SendBatch): Promise<T> {
  const held: Statement[] = [];
  /** Sends the held writes and `mapped` in one round trip; the answers of `mapped`. */
  const together = async (mapped: Mapped[], modes: ('get' | 'all' | 'run')[]) => {
    const statements = [...held.splice(0), ...mapped.map((m) => m.statement)];
    const raw = await sendBatch!(statements);
    const mine = raw.slice(raw.length - mapped.length);
    return mapped.map((m, i) => m.answer(mine[i], modes[i]));
  };
  const flush = async () => {
    if (held.length > 0) await together([], []);
  };
  let r = gen.next();
  while (!r.done) {
    const step = r.value;
    let value: unknown;
    try {
      if (!sendBatch) {
        value = step.mode === 'reads' ? await eachRead(step.queries) : await step.query[step.mode === 'write' ? 'run' : step.mode]();
      } else if (step.mode === 'write') {
        const mapped = batchable(step.query);
        if (mapped) held.push(mapped.statement);
        else {
          await flush();
          await step.query.run();
        }
      } else if (step.mode === 'reads') {
        const mapped = step.queries.map(batchable);
        if (mapped.every((m): m is Mapped => m !== undefined)) value = await together(mapped, mapped.map(() => 'all'));
        else {
          await flush();
          value = await eachRead(step.queries);
        }
      } else {
        const mapped = held.length > 0 ? batchable(step.query) : undefined;
        if (mapped) [value] = await together([mapped], [step.mode]);
        else {
          await flush();
          value = await step.query[step.mode]();
        }
      }
    } catch (e) {
      r = gen.throw(e);
      continue;
    }
    r = gen.next(value);
  }
  await flush();
  return r.value;
}

/**
 * The body's steps as they come, refusing what one batch cannot carry (any step but a held write
 * or the final `reads`, anything after that `reads`): better-sqlite3 checks the same contract
 * as libSQL, so a body that passes on one cannot fail on the other.
 */
function* batchSteps<T>(gen: Generator<Step, T, unknown>): Generator<Step, T, unknown> {
  let r = gen.next();
  let readsDone = false;
  while (!r.done) {
    const step = r.value;
    if (readsDone) throw new Error('db/driver: atomicBatch takes no step after its reads (the batch was sent)');
    if (step.mode !== 'write' && step.mode !== 'reads') throw new Error(`db/driver: atomicBatch takes held writes and one final reads, not a ${step.mode} step (use transaction)`);
    readsDone = step.mode === 'reads';
    r = gen.next(yield step);
  }
  return r.value;
}

/**
 * Runs a body of held writes and at most one final `reads` as one batch (see the top): `send`
 * takes every statement at once, atomically, and answers each.
 */
async function driveAsOneBatch<T>(gen: Generator<Step, T, unknown>, send: (statements: Statement[]) => Promise<unknown[]>): Promise<T> {
  const held: Statement[] = [];
  let sent = false;
  let r = gen.next();
  while (!r.done) {
    const step = r.value;
    if (step.mode === 'write') {
      const mapped = batchable(step.query);
      if (!mapped) throw new Error('db/driver: atomicBatch takes query builders only (not a prepared statement)');
      held.push(mapped.statement);
      r = gen.next();
    } else if (step.mode === 'reads') {
      const mapped = step.queries.map(batchable);
      if (!mapped.every((m): m is Mapped => m !== undefined)) throw new Error('db/driver: atomicBatch takes query builders only (not a prepared statement)');
      const raw = await send([...held, ...mapped.map((m) => m.statement)]);
      sent = true;
      const mine = raw.slice(held.length);
      r = gen.next(mapped.map((m, i) => m.answer(mine[i], 'all')));
    } else {
      throw new Error('db/driver: atomicBatch: unreachable (batchSteps refuses this step)');
    }
  }
  if (!sent && held.length > 0) await send(held);
  return r.value;
}

export interface Database<TSchema extends Record<string, unknown>> {
  kind: DriverKind;
  db: AnyDb<TSchema>;
  /** Runs `body` atomically: all its writes or none. */
  transaction<T>(body: TxBody<T, TSchema>): Promise<T>;
  /**
   * Runs a body of held writes and at most one final `reads` atomically, in ONE round trip on
   * libSQL (one batch); on better-sqlite3 exactly as `transaction` (see the top).
   */
  atomicBatch<T>(body: TxBody<T, TSchema>): Promise<T>;
  /** Queries that do not depend on each other, in one round trip on libSQL (in turn on better-sqlite3). */
  batch<U extends BatchItem<'sqlite'>, Q extends Readonly<[U, ...U[]]>>(queries: Q): Promise<BatchResponse<Q>>;
  /**
   * One piece of work written two ways, and the driver picks: `together` (its reads in one
   * batch) where every round trip costs (libSQL: on Turso a network hop, and inside a
   * transaction the write lock held across it); `inTurn` where none does (better-sqlite3, in
   * process: prepared statements one after the other cost least). The domain never asks which
   * driver runs.
   */
  byRoundTrips<T>(plans: { together: () => Promise<T>; inTurn: () => Promise<T> }): Promise<T>;
  /** Applies the Drizzle migrations in `folder`. */
  migrate(folder: string): Promise<void>;
  close(): void;
}

export type OpenOptions<TSchema extends Record<string, unknown>> = {
  url: string;
  authToken?: string;
  schema: TSchema;
  /** Force @libsql/client even for a file: URL (tests keep both drivers in step). */
  driver?: DriverKind;
  /** How long a write waits for another process's lock (5 s unless told; tests make it short). */
  busyTimeoutMs?: number;
};

export function driverFor(url: string): DriverKind {
  return /^(libsql|https?):\/\//i.test(url) ? 'libsql' : 'better-sqlite3';
}

/** `file:./data/x.db` or `./data/x.db` → absolute path; creates the folder. */
export function filePathOf(url: string): string {
  const p = url.replace(/^file:(\/\/)?/, '');
  const abs = path.resolve(p);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  return abs;
}

export function openDatabase<TSchema extends Record<string, unknown>>(opts: OpenOptions<TSchema>): Database<TSchema> {
  const kind = opts.driver ?? driverFor(opts.url);
  return kind === 'libsql' ? openLibsql(opts) : openBetterSqlite(opts);
}

function openBetterSqlite<TSchema extends Record<string, unknown>>(opts: OpenOptions<TSchema>): Database<TSchema> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
  const { drizzle } = require('drizzle-orm/better-sqlite3') as typeof import('drizzle-orm/better-sqlite3');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sqlite = new BetterSqlite(filePathOf(opts.url));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
  cacheCompiledStatements(sqlite);
  const drizzleDb = drizzle(sqlite, { schema: opts.schema });
  const db: AnyDb<TSchema> = drizzleDb;
  return {
    kind: 'better-sqlite3',
    db,
    async transaction<T>(body: TxBody<T, TSchema>) {
      // Synchronous: nothing else runs on this connection until it commits or rolls back.
      const exec = sqlite.transaction(() => drive(body(db)));
      return exec.immediate();
    },
    async atomicBatch<T>(body: TxBody<T, TSchema>) {
      // The same synchronous transaction: its steps cost nothing more one by one.
      // eslint-disable-next-line balcao/yield-db-steps -- a wrapper of the body: the driver drives it
      return sqlite.transaction(() => drive(batchSteps(body(db)))).immediate();
    },
    async batch<U extends BatchItem<'sqlite'>, Q extends Readonly<[U, ...U[]]>>(queries: Q) {
      // Synchronous underneath: in turn costs nothing more than together.
      const results: unknown[] = [];
      for (const query of queries) results.push(await query);
      return results as BatchResponse<Q>;
    },
    byRoundTrips: ({ inTurn }) => inTurn(),
    async migrate(folder: string) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { migrate } = require('drizzle-orm/better-sqlite3/migrator') as typeof import('drizzle-orm/better-sqlite3/migrator');
      migrate(drizzleDb, { migrationsFolder: folder });
    },
    close: () => sqlite.close(),
  };
}

function openLibsql<TSchema extends Record<string, unknown>>(opts: OpenOptions<TSchema>): Database<TSchema> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { createClient } = require('@libsql/client') as typeof import('@libsql/client');
  const { drizzle } = require('drizzle-orm/libsql') as typeof import('drizzle-orm/libsql');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const url = opts.url.startsWith('file:') ? `file:${filePathOf(opts.url)}` : opts.url;
  // The client keeps a pool of connections to a local file (one per concurrent call) and opens
  // more as it goes: a PRAGMA reaches only the connection that ran it. The busy timeout must
  // be the client's option, which every connection it opens gets, or a write meeting another
  // process's lock (a second instance) fails at once with SQLITE_BUSY. Remote URLs ignore it.
  const created = createClient({ url, authToken: opts.authToken, timeout: opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS });
  const wrap = (globalThis as Record<symbol, unknown>)[LIBSQL_CLIENT_WRAPPER] as ((client: LibsqlClient) => LibsqlClient) | undefined;
  const raw = wrap ? wrap(created) : created;
  // One writer at a time per process. Each transaction would get a pooled connection of its
  // own and their steps interleave at every await, so a second BEGIN IMMEDIATE would meet the
  // first's lock; SQLite's busy wait is synchronous and blocks the event loop the first one
  // needs to commit, for the whole timeout, then fails with SQLITE_BUSY. A write outside a
  // transaction (an autocommit UPDATE of a lease, a rate-limit hit) meets the same lock the same
  // way. So transactions and, over a local file, every other write take turns in one queue
  // (`inTurn`); reads never wait (WAL lets them run beside the writer). better-sqlite3 has no
  // such race: its transactions run synchronously. A turn waits only for the ones before it
  // (microseconds each: a body never awaits anything but its own statements).
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };
  const local = url.startsWith('file:');
  const client = local ? oneWriterAtATime(raw, inTurn) : raw;
  const libsql = drizzle(client, { schema: opts.schema });
  const db: AnyDb<TSchema> = libsql;
  let prepared: Promise<void> | undefined;
  // WAL is a property of the file (it persists), so one connection setting it is enough.
  // `synchronous` is per connection and the client has no hook to set it on each: libSQL keeps
  // SQLite's default (FULL, the WAL synced at every commit) where better-sqlite3 runs NORMAL.
  const prepare = () => (prepared ??= local ? client.execute('PRAGMA journal_mode = WAL').then(() => undefined) : Promise.resolve());
  return {
    kind: 'libsql',
    db,
    async transaction<T>(body: TxBody<T, TSchema>) {
      await prepare();
      return inTurn(() => insideTransaction.run(true, () => libsql.transaction((tx) => driveAsync(body(tx), batchOf(tx)), { behavior: 'immediate' })));
    },
    async batch<U extends BatchItem<'sqlite'>, Q extends Readonly<[U, ...U[]]>>(queries: Q) {
      return libsql.batch(queries) as Promise<BatchResponse<Q>>;
    },
    byRoundTrips: ({ together }) => together(),
    async atomicBatch<T>(body: TxBody<T, TSchema>) {
      await prepare();
      if (insideTransaction.getStore()) throw new Error('db/driver: atomicBatch inside a transaction body (use its tx)');
      // A 'write' batch is BEGIN IMMEDIATE … COMMIT around its statements, rolled back whole on
      // any error: one round trip. Over a local file the client takes its turn in the queue.
      // eslint-disable-next-line balcao/yield-db-steps -- a wrapper of the body: the driver drives it
      return driveAsOneBatch(batchSteps(body(db)), (statements) => client.batch(statements as import('@libsql/client').InStatement[], 'write'));
    },
    async migrate(folder: string) {
      await prepare();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { migrate } = require('drizzle-orm/libsql/migrator') as typeof import('drizzle-orm/libsql/migrator');
      await migrate(libsql, { migrationsFolder: folder });
    },
    close: () => client.close(),
  };
}

type LibsqlClient = import('@libsql/client').Client;

/**
 * Where something outside the product may wrap each libSQL client this driver creates (the
 * benchmark's round-trip probe, bench/lib/libsql-probe.ts, installed by a preload or a test).
 * A global symbol, not an import: a preload and a built server's bundle share no module
 * instance, only the process. Nothing in the product sets it, and unset the client is used as
 * created. Not a process-context slot: a preload sets it before any context exists, and it
 * outlives the contexts tests begin and end.
 */
// eslint-disable-next-line no-restricted-syntax -- see above: installed from outside, before and across contexts
export const LIBSQL_CLIENT_WRAPPER = Symbol.for('balcao.db.libsqlClientWrapper');

/** Set while a libSQL transaction runs (its body and its statements' promises). */
const insideTransaction = new AsyncLocalStorage<true>();

/** `select …`: a statement that only reads (WAL runs it beside the writer, no turn needed). */
const READ_ONLY = /^\s*select\b/i;
const sqlText = (stmt: unknown) => (typeof stmt === 'string' ? stmt : Array.isArray(stmt) ? String(stmt[0]) : String((stmt as { sql?: string })?.sql ?? ''));

/** SQLITE_BUSY (or SQLITE_BUSY_*) anywhere in an error's causes: the client's own, or Drizzle's wrapping it. */
function isBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
  }
  return false;
}

/**
 * The client over a local file with every write outside a transaction in the process's one
 * writer queue (see openLibsql), and a connection that met SQLITE_BUSY dropped.
 *
 * Why the drop: libsql 0.5.x's `run()` returns as soon as a step fails and does not reset the
 * statement. A write that failed busy (another process held the lock past the timeout) stays
 * "in progress" on its pooled connection until the garbage collector finalizes it, and every
 * COMMIT on that connection — a transaction's, a batch's — fails meanwhile with "SQLITE_BUSY:
 * cannot commit transaction - SQL statements in progress" (tursodatabase/libsql-client-ts#352,
 * libsql-js#238). The client gives such a connection back to its pool, and its pool is private,
 * so the whole pool is reopened, inside the turn: no transaction holds a connection then.
 */
function oneWriterAtATime(client: LibsqlClient, queue: <T>(work: () => Promise<T>) => Promise<T>): LibsqlClient {
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    // From inside a transaction's body the turn would wait for that same transaction: forever.
    if (insideTransaction.getStore()) return Promise.reject(new Error('db/driver: a write through db() inside a transaction body (use its tx)'));
    return queue(work);
  };
  const dropOnBusy = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isBusy(error)) await client.reconnect();
      throw error;
    }
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'execute')
        return (stmt: unknown, args?: unknown) =>
          READ_ONLY.test(sqlText(stmt)) ? value.call(target, stmt, args) : inTurn(() => dropOnBusy(() => value.call(target, stmt, args)));
      if (prop === 'batch')
        return (stmts: unknown[], mode?: unknown) =>
          stmts.every((s) => READ_ONLY.test(sqlText(s))) ? value.call(target, stmts, mode) : inTurn(() => dropOnBusy(() => value.call(target, stmts, mode)));
      if (prop === 'executeMultiple' || prop === 'migrate') return (arg: unknown) => inTurn(() => dropOnBusy(() => value.call(target, arg)));
      // Called by the driver's transaction, already in its turn: BEGIN IMMEDIATE failing busy.
      if (prop === 'transaction') return (mode?: unknown) => dropOnBusy(() => value.call(target, mode));
      return value.bind(target);
    },
  });
}

/**
 * The libSQL transaction under drizzle's: its `batch` sends the held writes in one round trip,
 * inside the transaction. Drizzle keeps it on the transaction's session (`session.tx`); when a
 * version moves it, the writes simply go one by one (db/driver.test.ts counts them).
 */
function batchOf(tx: unknown): SendBatch | undefined {
  const ltx = (tx as { session?: { tx?: { batch?: unknown } } }).session?.tx as import('@libsql/client').Transaction | undefined;
  if (!ltx || typeof ltx.batch !== 'function') return undefined;
  return (statements) => ltx.batch(statements as import('@libsql/client').InStatement[]);
}
