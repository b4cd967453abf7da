/** Read-only looks into the server's app database file (better-sqlite3, WAL: safe while it runs). */
import Database from 'better-sqlite3';

export type PaymentRow = {
  id: string;
  order_id: string;
  status: string;
  provider_id: string | null;
  pix_code: string | null;
  digitable_line: string | null;
  webhook_token: string;
  create_state: string;
};

export function withDb<T>(dbPath: string, fn: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export function paymentOfOrder(dbPath: string, orderToken: string): PaymentRow {
  const row = withDb(dbPath, (db) =>
    db
      .prepare(
        `SELECT p.id, p.order_id, p.status, p.provider_id, p.pix_code, p.digitable_line, p.webhook_token, p.create_state
         FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ?`,
      )
      .get(orderToken),
  ) as PaymentRow | undefined;
  if (!row) throw new Error(`no payment for order token ${orderToken.slice(0, 6)}…`);
  return row;
}

/** A long-lived read-only handle for tight polling (T6). */
export function openReadonly(dbPath: string): Database.Database {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}
