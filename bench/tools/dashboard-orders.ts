/**
 * Timing of the dashboard's order queries at 100,000 orders (a scratch SQLite file):
 *   npx tsx --conditions=react-server bench/tools/dashboard-orders.ts [count]
 * Prints each query's median time and SQLite's plan. A lab tool, not part of the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'bench.db')}`;
process.env.LOG_LEVEL = 'silent';

const FIRST = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Juliana', 'Camila', 'Beatriz', 'Larissa', 'Fernanda'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'];

async function main() {
  const total = Number(process.argv[2] ?? 100_000);
  const { insertOrders } = await import('@/test/dashboard/fixtures');
  const { listOrders, countOrders, ordersForExport, whereOf } = await import('@/lib/orders/orders-query');
  const { overviewStats } = await import('@/lib/orders/overview');
  const { database } = await import('@/db');
  const { orders } = await import('@/db/schema');

  const now = Date.now();
  const statuses = ['paid', 'paid', 'paid', 'paid', 'paid', 'expired', 'expired', 'canceled', 'refunded', 'pending'] as const;
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const list = Array.from({ length: total }, (_, i) => {
    const createdAt = new Date(now - (total - i) * ((365 * 86_400_000) / total)).toISOString();
    const status = statuses[Math.floor(rnd() * statuses.length)];
    return {
      status,
      method: rnd() < 0.6 ? ('pix' as const) : ('boleto' as const),
      totalCents: 500 + Math.floor(rnd() * 50_000),
      buyerName: `${FIRST[Math.floor(rnd() * FIRST.length)]} ${LAST[Math.floor(rnd() * LAST.length)]}`,
      buyerDocument: String(Math.floor(rnd() * 1e11)).padStart(11, '0'),
      createdAt,
      paidAt: status === 'paid' || status === 'refunded' ? new Date(Date.parse(createdAt) + 600_000).toISOString() : null,
    };
  });
  const t0 = performance.now();
  const inserted = await insertOrders(list);
  console.log(`seeded ${total} orders (+ payments) in ${Math.round(performance.now() - t0)} ms`);
  const sample = inserted[Math.floor(total / 2)];
  const sqlite = (database().db as unknown as { $client: import('better-sqlite3').Database }).$client;
  sqlite.exec('ANALYZE');

  async function time(label: string, fn: () => Promise<unknown>, runs = 7) {
    await fn();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${label.padEnd(58)} median ${ms[Math.floor(runs / 2)].toFixed(2)} ms  max ${ms[runs - 1].toFixed(2)} ms`);
  }

  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(now - 30 * 86_400_000).toISOString().slice(0, 10);
  const lastPage = Math.ceil(total / 25);
  await time('page 1, no filter (count + page)', () => listOrders({}, 1));
  await time(`page ${lastPage} (last), no filter`, () => listOrders({}, lastPage));
  await time('page 1000, no filter', () => listOrders({}, 1000));
  await time('status=paid page 1', () => listOrders({ status: 'paid' }, 1));
  await time('status=pending page 50', () => listOrders({ status: 'pending' }, 50));
  await time('method=boleto + last 30 days page 1', () => listOrders({ method: 'boleto', from: monthAgo, to: today }, 1));
  await time('status=paid + method=pix + 30 days', () => listOrders({ status: 'paid', method: 'pix', from: monthAgo, to: today }, 1));
  await time('search name "Oliveira"', () => listOrders({ q: 'Oliveira' }, 1));
  await time('search name "oliveira" page 20', () => listOrders({ q: 'oliveira' }, 20));
  await time('search document prefix (6 digits)', () => listOrders({ q: sample.buyerDocument.slice(0, 6) }, 1));
  await time('search full document', () => listOrders({ q: sample.buyerDocument }, 1));
  await time('search order id prefix "#xxxxxxxx"', () => listOrders({ q: `#${sample.id.slice(0, 8)}` }, 1));
  await time('search token', () => listOrders({ q: sample.token.slice(0, 12) }, 1));
  await time('count only, no filter', () => countOrders({}));
  await time('overview stats (revenue, 30-day series, counts, conversion)', () => overviewStats(new Date()));
  await time(
    'CSV export walk, all orders (keyset, 1000/batch)',
    async () => {
      let n = 0;
      for await (const b of ordersForExport({})) n += b.length;
      if (n !== total) throw new Error(`export saw ${n}`);
    },
    3,
  );

  const explain = (label: string, filters: Parameters<typeof whereOf>[0]) => {
    const q = database().db.select({ id: orders.id }).from(orders).where(whereOf(filters)).orderBy(orders.createdAt).toSQL();
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql.replace('order by "orders"."created_at"', 'order by "orders"."created_at" desc, rowid desc')} limit 25`).all(...q.params) as { detail: string }[];
    console.log(`plan ${label}: ${plan.map((p) => p.detail).join(' | ')}`);
  };
  explain('no filter', {});
  explain('status', { status: 'paid' });
  explain('method+dates', { method: 'boleto', from: monthAgo, to: today });
  explain('document', { q: '123456' });
  explain('id/token', { q: 'abcdef12' });
  explain('name', { q: 'Oliveira' });
  if (process.env.KEEP_BENCH_DB) console.log(`kept ${process.env.DATABASE_URL}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
