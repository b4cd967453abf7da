/**
 * The sandbox's labels in SQLite (better-sqlite3, synchronous, like the payment sandbox's
 * database): one row per label, the balance and the code serial in `meta`. A write touches
 * only its own row, so the store's cost does not grow with the number of labels, and a crash
 * leaves each row old or new. `file` null keeps it in memory (tests). The schema is created on
 * open: the sandbox needs no migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export type StoredLabel = {
  id: string;
  protocol: string;
  serviceId: number;
  priceCents: number;
  status: 'pending' | 'paid' | 'generated';
  tracking: string | null;
  fromText: string;
  toText: string;
  createdAt: number;
  generatedAt: number | null;
  /** Steps moved by the simulator ("Avançar entrega"), on top of the clock's. */
  manualSteps: number;
  deliveryDays: number;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS labels (
  id TEXT PRIMARY KEY,
  protocol TEXT NOT NULL,
  service_id INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'generated')),
  tracking TEXT UNIQUE,
  from_text TEXT NOT NULL,
  to_text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  generated_at INTEGER,
  manual_steps INTEGER NOT NULL DEFAULT 0,
  delivery_days INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS labels_created ON labels (status, created_at);
`;

type Row = {
  id: string;
  protocol: string;
  service_id: number;
  price_cents: number;
  status: StoredLabel['status'];
  tracking: string | null;
  from_text: string;
  to_text: string;
  created_at: number;
  generated_at: number | null;
  manual_steps: number;
  delivery_days: number;
};

const labelOf = (r: Row): StoredLabel => ({
  id: r.id,
  protocol: r.protocol,
  serviceId: r.service_id,
  priceCents: r.price_cents,
  status: r.status,
  tracking: r.tracking,
  fromText: r.from_text,
  toText: r.to_text,
  createdAt: r.created_at,
  generatedAt: r.generated_at,
  manualSteps: r.manual_steps,
  deliveryDays: r.delivery_days,
});

/** The labels, read and written one row at a time (a Map's reading surface, for the tests and the simulator). */
export class LabelStore {
  readonly db: BetterSqlite3.Database;

  constructor(file: string | null) {
    if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new BetterSqlite3(file ?? ':memory:');
    if (file) this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  get(id: string): StoredLabel | undefined {
    const row = this.db.prepare('SELECT * FROM labels WHERE id = ?').get(id) as Row | undefined;
    return row ? labelOf(row) : undefined;
  }

  byIdOrTracking(key: string): StoredLabel | undefined {
    const row = this.db.prepare('SELECT * FROM labels WHERE id = ? OR tracking = ?').get(key, key) as Row | undefined;
    return row ? labelOf(row) : undefined;
  }

  set(id: string, l: StoredLabel): this {
    this.db
      .prepare(
        `INSERT INTO labels (id, protocol, service_id, price_cents, status, tracking, from_text, to_text, created_at, generated_at, manual_steps, delivery_days)
         VALUES (@id, @protocol, @serviceId, @priceCents, @status, @tracking, @fromText, @toText, @createdAt, @generatedAt, @manualSteps, @deliveryDays)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, tracking = excluded.tracking, generated_at = excluded.generated_at, manual_steps = excluded.manual_steps`,
      )
      .run({ ...l, id });
    return this;
  }

  /** Newest first, at most `limit`. */
  values(limit = 1_000_000): IterableIterator<StoredLabel> {
    return (this.db.prepare('SELECT * FROM labels ORDER BY created_at DESC, rowid DESC LIMIT ?').all(limit) as Row[]).map(labelOf)[Symbol.iterator]();
  }

  get size(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM labels').get() as { n: number }).n;
  }

  /** Carts never checked out, older than `before`: nobody will pay them. */
  dropPendingBefore(before: number): number {
    return this.db.prepare("DELETE FROM labels WHERE status = 'pending' AND created_at < ?").run(before).changes;
  }

  meta(key: 'balance_cents' | 'serial'): number | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: number } | undefined;
    return row?.value;
  }

  setMeta(key: 'balance_cents' | 'serial', value: number): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** `fn` as one IMMEDIATE transaction (synchronous): all of its writes or none. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
    this.db.close();
  }
}
