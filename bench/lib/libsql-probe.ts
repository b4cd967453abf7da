/**
 * T15's probe of the libSQL path, kept out of the product: db/driver.ts only offers a place
 * (LIBSQL_CLIENT_WRAPPER) where something outside may wrap each client it creates. The bench's
 * server takes it through a preload (libsql-probe-preload.ts, reading BENCH_LIBSQL_PROBE);
 * tests call installRoundTripProbe.
 */
import { LIBSQL_CLIENT_WRAPPER } from '../../db/driver';

type LibsqlClient = import('@libsql/client').Client;

/**
 * Every libSQL client created from now on goes through the probe `spec` (see probeRoundTrips);
 * returns the uninstall. An empty spec installs nothing.
 */
export function installRoundTripProbe(spec: string | undefined): () => void {
  const slot = globalThis as Record<symbol, unknown>;
  const before = slot[LIBSQL_CLIENT_WRAPPER];
  if (spec) slot[LIBSQL_CLIENT_WRAPPER] = (client: LibsqlClient) => probeRoundTrips(client, spec);
  return () => {
    if (before === undefined) delete slot[LIBSQL_CLIENT_WRAPPER];
    else slot[LIBSQL_CLIENT_WRAPPER] = before;
  };
}

/**
 * The benchmark's probe of the libSQL path: `count` prints one line per database round trip to stderr (`db-rt <epoch ms>
 * <what> <sql>`: a statement, a batch, a transaction's begin, commit or rollback), `delay:<ms>` waits
 * that long before each one (a Turso region away), `count,delay:10` both. Unset, the client is
 * returned untouched: no cost at all.
 */
export function probeRoundTrips(client: LibsqlClient, probe: string | undefined): LibsqlClient {
  if (!probe) return client;
  const count = probe.split(',').includes('count');
  const delayMs = Number(/delay:(\d+)/.exec(probe)?.[1] ?? 0);
  const sqlOf = (stmt: unknown) => (typeof stmt === 'string' ? stmt : String((stmt as { sql?: string })?.sql ?? '')).replace(/\s+/g, ' ').slice(0, 160);
  const trip = async (what: string, sql = '') => {
    if (count) process.stderr.write(`db-rt ${Date.now()} ${what} ${sql}\n`);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  };
  type Tx = Awaited<ReturnType<LibsqlClient['transaction']>>;
  const wrapTx = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'execute') return async (stmt: unknown) => (await trip('tx-execute', sqlOf(stmt)), value.call(target, stmt));
        if (prop === 'batch') return async (stmts: unknown[]) => (await trip('tx-batch', stmts.map(sqlOf).join(' ; ')), value.call(target, stmts));
        if (prop === 'commit' || prop === 'rollback') return async () => (await trip(String(prop)), value.call(target));
        return value.bind(target);
      },
    });
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'execute') return async (stmt: unknown, args?: unknown) => (await trip('execute', sqlOf(stmt)), value.call(target, stmt, args));
      if (prop === 'batch') return async (stmts: unknown[], mode?: unknown) => (await trip('batch', stmts.map(sqlOf).join(' ; ')), value.call(target, stmts, mode));
      if (prop === 'transaction') return async (mode?: unknown) => (await trip('begin'), wrapTx(await value.call(target, mode)));
      return value.bind(target);
    },
  });
}
