/**
 * The sandbox's own SQLite database (SANDBOX_DATABASE_URL), separate from the shop's.
 * better-sqlite3, synchronous: every state change is one `immediate` transaction with no
 * await inside, so nothing interleaves and a failed request leaves no partial write.
 * The schema is created on open (CREATE … IF NOT EXISTS): the sandbox needs no migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { cacheCompiledStatements } from '@balcao/server-kit/sqlite-statements';

export type SqliteDb = BetterSqlite3.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS customers (
  owner TEXT PRIMARY KEY,
  balance_cents INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS payments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('boleto', 'pix')),
  owner TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('empty', 'active', 'canceled', 'paid', 'refunded')),
  scenario TEXT NOT NULL CHECK (scenario IN ('approved', 'refused', 'pending')),
  amount_cents INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  last_payable_date TEXT NOT NULL,
  fields_json TEXT NOT NULL,
  notification_url TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  activate_at INTEGER NOT NULL,
  outcome_at INTEGER,
  expires_at INTEGER NOT NULL,
  registered_at INTEGER,
  barcode TEXT UNIQUE,
  payload_id INTEGER,
  pix_code TEXT UNIQUE,
  pix_image TEXT,
  paid_at INTEGER,
  paid_cents INTEGER,
  canceled_at INTEGER,
  cancel_reason TEXT,
  refunded_at INTEGER,
  refunded_cents INTEGER,
  refund_json TEXT
);
CREATE INDEX IF NOT EXISTS payments_owner ON payments (owner, seq);
CREATE INDEX IF NOT EXISTS payments_due ON payments (status, activate_at, outcome_at, expires_at);
-- The clock's tick looks up active charges by each of their deadlines: a search, however many are open.
CREATE INDEX IF NOT EXISTS payments_active_expiry ON payments (status, expires_at);
CREATE INDEX IF NOT EXISTS payments_active_outcome ON payments (status, outcome_at);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  owner TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  headers_json TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner, key)
);
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_payment ON events (payment_id, created_at);
CREATE TABLE IF NOT EXISTS deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL REFERENCES events (id),
  payment_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'dropped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  lease_until INTEGER,
  last_status_code INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deliveries_pending ON deliveries (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS deliveries_owner ON deliveries (owner, id);
CREATE TABLE IF NOT EXISTS delivery_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL REFERENCES deliveries (id),
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed', 'dropped', 'duplicate')),
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS delivery_attempts_delivery ON delivery_attempts (delivery_id, id);
`;

/** `file:./data/sandbox.db` or `./data/sandbox.db` → absolute path (folder created). */
export function sandboxFilePath(url: string): string {
  if (/^(libsql|https?):\/\//i.test(url)) {
    throw new Error(
      'SANDBOX_DATABASE_URL: the embedded sandbox keeps its state in a local SQLite file; use file:<path> (remote libSQL is for the shop database only)',
    );
  }
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  const p = url.replace(/^file:(\/\/)?/, '');
  const abs = path.resolve(p);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  return abs;
}

/** Opens (and creates when needed) the sandbox database. */
export function openSandboxDb(url: string): SqliteDb {
  const db = new BetterSqlite3(sandboxFilePath(url));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  return cacheCompiledStatements(db);
}

/** Runs `fn` as one IMMEDIATE transaction: all of its writes or none. `fn` must be synchronous. */
export function inTransaction<T>(db: SqliteDb, fn: () => T): T {
  return db.transaction(fn).immediate();
}

export function getMeta(db: SqliteDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: SqliteDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
