/**
 * Experiment behind BENCHMARKS.md's advice on the orders page's name search at 100k orders.
 * The statements listOrders sends for a name (captured from the app), timed interleaved on
 * three copies of one seeded database:
 *   A. the schema as shipped;
 *   B. plus an index on buyer_name (a narrow covering index for the COUNT's scan);
 *   C. plus an FTS5 trigram index on buyer_name, queried with MATCH (count + page).
 *   npx tsx --conditions=react-server bench/experiments/name-search.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runExperiment } from '../lib/experiment';
import { installCapture } from '../lib/sql-capture';
import { seedOrders } from '../lib/seed';
import { median, percentile } from '../lib/stats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-name-'));
const dbPath = path.join(dir, 'app.db');
process.env.DATABASE_URL = `file:${dbPath}`;
process.env.LOG_LEVEL = 'silent';

async function main() {
  const { database, ensureMigrated, closeDatabaseForTests } = await import('@/db');
  const { seed } = await import('@/db/seed');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  seedOrders(dbPath, 100_000, { seed: 7 });
  const app = (database().db as unknown as { $client: Database.Database }).$client;
  const capture = installCapture(app);
  const { listOrders } = await import('@/lib/dashboard/orders-query');
  const terms = ['Oliveira', 'Beatriz', 'Xavier'];
  const captured = new Map<string, { sql: string; params: unknown[] }[]>();
  for (const q of terms) captured.set(q, await capture.capture(() => listOrders({ q }, 1)));
  app.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  closeDatabaseForTests();

  const copy = (name: string) => {
    const p = path.join(dir, name);
    fs.copyFileSync(dbPath, p);
    const db = new Database(p);
    db.pragma('journal_mode = WAL');
    return db;
  };
  const a = copy('a.db');
  const b = copy('b.db');
  b.exec('CREATE INDEX orders_buyer_name_idx ON orders (buyer_name); ANALYZE');
  const c = copy('c.db');
  c.exec(`CREATE VIRTUAL TABLE orders_name_fts USING fts5(buyer_name, content='orders', content_rowid='rowid', tokenize='trigram');
          INSERT INTO orders_name_fts(orders_name_fts) VALUES ('rebuild');`);
  const ftsCount = c.prepare('SELECT count(*) FROM orders_name_fts WHERE orders_name_fts MATCH ?').pluck();
  const ftsPage = c.prepare(
    `SELECT id, status, method, total_cents, refunded_cents, buyer_name, buyer_document, buyer_email, late_payment, created_at, paid_at
     FROM orders WHERE rowid IN (SELECT rowid FROM orders_name_fts WHERE orders_name_fts MATCH ?)
     ORDER BY created_at DESC, rowid DESC LIMIT 25 OFFSET 0`,
  );
  const plan = (db: Database.Database, s: { sql: string; params: unknown[] }) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params) as { detail: string }[]).map((p) => p.detail).join(' | ');

  for (const q of terms) {
    const stmts = captured.get(q)!;
    const run = (db: Database.Database) => stmts.map((s) => db.prepare(s.sql).all(...s.params));
    const match = `"${q.replace(/"/g, '""')}"`;
    const variants: [string, () => unknown][] = [
      ['A as shipped', () => run(a)],
      ['B + index (buyer_name)', () => run(b)],
      ['C FTS5 trigram MATCH', () => [ftsCount.get(match), ftsPage.all(match)]],
    ];
    const ms = variants.map(() => [] as number[]);
    for (let i = 0; i < 5; i++) variants.forEach(([, fn]) => fn());
    for (let i = 0; i < 30; i++) {
      variants.forEach(([, fn], k) => {
        const t = performance.now();
        fn();
        ms[k].push(performance.now() - t);
      });
    }
    console.log(`q=${q}: ${ftsCount.get(match)} matches`);
    variants.forEach(([label], k) => console.log(`  ${label.padEnd(26)} p50 ${median(ms[k]).toFixed(2)} ms  p95 ${percentile(ms[k], 95).toFixed(2)} ms`));
    if (q === terms[0]) {
      stmts.forEach((s) => console.log(`  plan A: ${plan(a, s)}`));
      stmts.forEach((s) => console.log(`  plan B: ${plan(b, s)}`));
    }
  }
  for (const db of [a, b, c]) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
runExperiment(main);
