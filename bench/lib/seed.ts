/**
 * Orders (each with its item and payment) written straight into an app database file with
 * raw better-sqlite3 in one transaction: 100,000 orders take a few seconds. Used for growth
 * tests (the server's file, while it runs: WAL lets it) and for T3 (a scratch file).
 * The schema is the real one (migrations applied by the server, or by the caller).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

const FIRST = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Juliana', 'Camila', 'Beatriz', 'Larissa', 'Fernanda'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'];
/** Mostly paid, like a real shop's history. */
const STATUSES = ['paid', 'paid', 'paid', 'paid', 'paid', 'expired', 'expired', 'canceled', 'refunded', 'pending'] as const;

export type SeededOrder = { id: string; token: string; paymentId: string; webhookToken: string; status: string; buyerDocument: string };

export type SeedResult = { inserted: number; ms: number; samples: SeededOrder[] };

/** Deterministic pseudo-random numbers (so runs are comparable). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/**
 * Adds `count` orders spread over the past year (newest now), each with one item and one
 * created payment. Returns `sampleCount` orders spread evenly through what was inserted.
 */
export function seedOrders(dbPath: string, count: number, opts: { seed?: number; sampleCount?: number; spanDays?: number } = {}): SeedResult {
  const rnd = lcg(opts.seed ?? 42);
  const sampleEvery = Math.max(1, Math.floor(count / (opts.sampleCount ?? 10)));
  const spanMs = (opts.spanDays ?? 365) * 86_400_000;
  const sqlite = new Database(dbPath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 10000');
  const t0 = performance.now();
  const product = sqlite.prepare('SELECT id, name, price_cents AS price FROM products ORDER BY id LIMIT 1').get() as { id: number; name: string; price: number } | undefined;
  if (!product) throw new Error('seedOrders: the products table is empty (seed the catalog first)');
  const insOrder = sqlite.prepare(
    `INSERT INTO orders (id, token, checkout_key, status, method, total_cents, refunded_cents, buyer_name, buyer_document, buyer_email, created_at, updated_at, paid_at, number)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Every real order has its own number (lib/checkout/order-number.ts), taken from the same
  // counter here: orders without one would give the planner's statistics one huge NULL key on
  // orders_number_idx and turn a digits search (document prefix OR number) into a table scan.
  const takeNumber = sqlite.prepare(
    `INSERT INTO counters (name, value) VALUES ('order_number', 1001)
     ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`,
  );
  const insItem = sqlite.prepare(
    'INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity, line_total_cents) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insPayment = sqlite.prepare(
    `INSERT INTO payments (id, order_id, method, create_state, idempotency_key, provider_id, provider_status, status, amount_cents, refunded_cents, webhook_token, due_date, payable_until, created_at, updated_at, paid_at, refunded_at)
     VALUES (?, ?, ?, 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const samples: SeededOrder[] = [];
  const now = Date.now();
  const insertAll = sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const createdMs = now - spanMs + Math.floor(((i + 1) / count) * spanMs) - Math.floor(rnd() * 60_000);
      const createdAt = new Date(createdMs).toISOString();
      const status = STATUSES[Math.floor(rnd() * STATUSES.length)];
      const method = rnd() < 0.6 ? 'pix' : 'boleto';
      const quantity = 1 + Math.floor(rnd() * 4);
      const total = product.price * quantity;
      const paid = status === 'paid' || status === 'refunded';
      const paidAt = paid ? new Date(createdMs + 600_000).toISOString() : null;
      const refunded = status === 'refunded' ? total : 0;
      const refundedAt = status === 'refunded' ? new Date(createdMs + 86_400_000).toISOString() : null;
      const updatedAt = refundedAt ?? paidAt ?? createdAt;
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      const name = `${FIRST[Math.floor(rnd() * FIRST.length)]} ${LAST[Math.floor(rnd() * LAST.length)]}`;
      const document = String(Math.floor(rnd() * 1e11)).padStart(11, '0');
      const { value: number } = takeNumber.get() as { value: number };
      insOrder.run(id, token, randomUUID(), status, method, total, refunded, name, document, `comprador${i}@example.com`, createdAt, updatedAt, paidAt, number);
      insItem.run(id, product.id, product.name, product.price, quantity, total);
      const paymentId = randomUUID();
      const webhookToken = randomBytes(24).toString('base64url');
      const dueDate = new Date(createdMs + 3 * 86_400_000).toISOString().slice(0, 10);
      const providerStatus =
        method === 'pix'
          ? { paid: 'completed', refunded: 'refunded', pending: 'active' }[status as string] ?? 'canceled'
          : { paid: '4', refunded: '5', pending: '2' }[status as string] ?? '3';
      insPayment.run(paymentId, id, method, randomUUID(), randomUUID(), providerStatus, status, total, refunded, webhookToken, dueDate, dueDate, createdAt, updatedAt, paidAt, refundedAt);
      if (i % sampleEvery === Math.floor(sampleEvery / 2) && samples.length < (opts.sampleCount ?? 10)) {
        samples.push({ id, token, paymentId, webhookToken, status, buyerDocument: document });
      }
    }
  });
  insertAll.immediate();
  sqlite.exec('ANALYZE');
  sqlite.close();
  return { inserted: count, ms: Math.round(performance.now() - t0), samples };
}

export function countRows(dbPath: string, sql: string, ...params: unknown[]): number {
  const sqlite = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite.prepare(sql).get(...params) as Record<string, number> | undefined;
    return Number(row ? Object.values(row)[0] : 0);
  } finally {
    sqlite.close();
  }
}
