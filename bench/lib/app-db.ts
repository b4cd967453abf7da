/**
 * Looks into the server's app database file (better-sqlite3, WAL: safe while it runs): read-only,
 * except `markShipped`, which sets up a page to measure.
 */
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

/**
 * Marks a paid delivery order shipped with a Correios code, as the merchant's "Marcar como
 * enviado" leaves it, so that T5 can measure the order page with its tracking block. Written
 * straight to the file (the move's own rules are tested in lib/fulfilment; here only the page counts).
 */
export function markShipped(dbPath: string, orderToken: string, trackingCode = 'AB123456785BR'): void {
  const db = new Database(dbPath, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const r = db
      .prepare(
        `UPDATE orders SET fulfillment_status = 'shipped', fulfillment_carrier = 'Correios', tracking_code = ?,
           tracking_url = ?, shipped_at = ?, fulfillment_by = 'bench@balcao.dev'
         WHERE token = ? AND status = 'paid' AND shipping_method = 'delivery'`,
      )
      .run(trackingCode, `https://rastreamento.correios.com.br/app/index.php?objetos=${trackingCode}`, new Date().toISOString(), orderToken);
    if (r.changes !== 1) throw new Error(`order ${orderToken.slice(0, 6)}… is not a paid delivery order`);
  } finally {
    db.close();
  }
}
