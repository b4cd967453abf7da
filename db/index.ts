/**
 * The shop's database connection: opened lazily on first use (never at import, so
 * `next build` needs no database), one per process even when Next loads this module in
 * several bundles (cached on globalThis).
 */
import path from 'node:path';
import { env } from '@/lib/config/env';
import { openDatabase, type AnyDb, type Database } from './driver';
import * as schema from './schema';
import { processSlot } from '@/lib/process/context';

export type AppSchema = typeof schema;
export type AppDatabase = Database<AppSchema>;
/** The app database as a transaction body (or a query) sees it. */
export type Tx = AnyDb<AppSchema>;
export { schema };

const connection = processSlot<{ url: string; database: AppDatabase; migrated?: Promise<void> }>('db', { close: (c) => c.database.close() });

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

/** The app database (connects on first call). */
export function database(): AppDatabase {
  const { databaseUrl, databaseAuthToken, databaseDriver } = env();
  const key = `${databaseDriver ?? ''}|${databaseUrl}`;
  const current = connection.get();
  if (current && current.url === key) return current.database;
  current?.database.close();
  const database = openDatabase({ url: databaseUrl, authToken: databaseAuthToken, driver: databaseDriver, schema });
  connection.set({ url: key, database });
  return database;
}

/** Shorthand for queries: `await db().select()...`. */
export function db() {
  return database().db;
}

/** Applies pending migrations once per process. */
export function ensureMigrated(): Promise<void> {
  const d = database();
  const h = connection.get()!;
  h.migrated ??= d.migrate(MIGRATIONS_FOLDER);
  return h.migrated;
}
