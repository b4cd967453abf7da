/**
 * The Bling sandbox's own SQLite database (a file beside the payment sandbox's, or memory):
 * authorisation codes, tokens, contacts, sales orders and notes. Rows keep their JSON as Bling
 * would answer it; the columns are what the sandbox looks things up by.
 */
import Database from 'better-sqlite3';

export type Db = Database.Database;

export function openStore(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // A file from before the sales orders led to notes: its table (unused then, numbers unique) goes.
  const columns = db.prepare("SELECT name FROM pragma_table_info('sales_orders')").all() as { name: string }[];
  if (columns.length > 0 && !columns.some((c) => c.name === 'note_id')) db.exec('DROP TABLE sales_orders');
  db.exec(`
    CREATE TABLE IF NOT EXISTS codes (code TEXT PRIMARY KEY, client_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS tokens (access TEXT PRIMARY KEY, refresh TEXT NOT NULL UNIQUE, client_id TEXT NOT NULL,
      access_expires_at INTEGER NOT NULL, refresh_expires_at INTEGER NOT NULL, refreshed INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS contacts (id INTEGER PRIMARY KEY, document TEXT NOT NULL, json TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS sales_orders (id INTEGER PRIMARY KEY, store_number TEXT NOT NULL, json TEXT NOT NULL, note_id INTEGER);
    CREATE INDEX IF NOT EXISTS sales_orders_store_number ON sales_orders(store_number);
    CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, number INTEGER NOT NULL, series INTEGER NOT NULL,
      store_ref TEXT, situation INTEGER NOT NULL, access_key TEXT, protocol TEXT, json TEXT NOT NULL,
      sent_at INTEGER, authorize_at INTEGER, authorized_at INTEGER, canceled_at INTEGER, reason TEXT, doc_token TEXT NOT NULL UNIQUE);
    CREATE INDEX IF NOT EXISTS notes_ref ON notes(store_ref);
    CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
  `);
  return db;
}

/** The next value of a counter (note numbers per series, ids). */
export function nextValue(db: Db, name: string, start: number): number {
  // One statement: two processes sharing the file never get the same value.
  return (db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value').get(name, start) as { value: number }).value;
}
