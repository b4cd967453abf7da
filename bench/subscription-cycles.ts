/**
 * The subscriptions' cycle job under a busy day: N active subscriptions (10,000 unless told) whose
 * next cycle is due on the same day, run through the cron's time-boxed passes
 * (lib/subscriptions/cycles.ts `runCyclePass`, with the share of CRON_BUDGET_MS the job list gives
 * it) until nothing is left. Every cycle becomes one order with one charge in the embedded
 * sandbox (in process, its own database), so the figure includes placing the orders. Reports
 * each pass's time (none may overrun its budget by more than one cycle's work), the passes
 * needed, cycles per second, the process's CPU time per cycle (less sensitive to a busy machine
 * than the wall time) and the load average beside them, and checks exactly once (one cycle row
 * and one order per subscription).
 *
 *   npx tsx --conditions=react-server bench/subscription-cycles.ts [--count=10000] [--budget-ms=<share>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const COUNT = Number(arg('count') ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-subs-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL = `file:${path.join(dir, 'sandbox.db')}`;
process.env.LOG_LEVEL = 'silent';
process.env.UNPAID_ORDERS_PER_DOCUMENT = String(COUNT + 1);
process.env.EMAILS_PER_RECIPIENT_PER_DAY = String(COUNT + 1);

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  const { sql } = await import('drizzle-orm');
  const { saoPauloDate, addDays } = await import('@balcao/br/dates');
  const { BACKGROUND_JOBS, CRON_BUDGET_MS } = await import('@/lib/jobs/jobs');
  const { runCyclePass } = await import('@/lib/subscriptions/cycles');
  const { cycleCheckoutKey } = await import('@/lib/subscriptions/keys');
  const share = BACKGROUND_JOBS.find((j) => j.name === 'subscription-cycles')?.pass?.shareMs ?? 1000;
  const budgetMs = Number(arg('budget-ms') ?? share);
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const { db } = database();
  const [product] = await db.all<{ id: number; variant: number; price: number }>(sql`SELECT p.id, v.id AS variant, p.price_cents AS price FROM products p JOIN product_variants v ON v.product_id = p.id WHERE p.slug = 'clube-do-cafe'`);

  // Cycle 1 of each falls tomorrow (a Pix cycle is created one day ahead: today).
  const now = Date.now();
  const today = saoPauloDate(new Date(now));
  const tomorrow = addDays(today, 1);
  const [y, m, d] = tomorrow.split('-').map(Number);
  const prev = new Date(Date.UTC(y, m - 2, 1));
  const start = `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(d, new Date(Date.UTC(y, m - 1, 0)).getUTCDate())).padStart(2, '0')}`;
  const t0 = performance.now();
  const raw = new BetterSqlite(path.join(dir, 'app.db'));
  raw.pragma('busy_timeout = 5000');
  raw.transaction(() => {
    const ins = raw.prepare(
      `INSERT INTO subscriptions (id, token, status, product_id, variant_id, quantity, unit_price_cents, interval_months, anchor_day, start_date, method, buyer_name, buyer_document, buyer_email, shipping_method, zip, street, number, neighborhood, city, state, next_cycle, next_create_on, activated_at)
       VALUES (?, ?, 'active', ?, ?, 1, ?, 1, ?, ?, 'pix', ?, '52998224725', ?, 'delivery', '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP', 1, ?, ?)`,
    );
    for (let i = 0; i < COUNT; i++) ins.run(`bench-${i}`, `tok-bench-${i}-xxxxxxxxxxxxxxxx`, product.id, product.variant, product.price, d, start, `Assinante ${i} Silva`, `assinante${i}@example.com`, today, new Date(now).toISOString());
  })();
  raw.close();
  const seededMs = performance.now() - t0;

  const passes: { ms: number; claimed: number; placed: number; left: number }[] = [];
  const load0 = os.loadavg()[0];
  const cpu0 = process.cpuUsage();
  const began = performance.now();
  for (let i = 0; i < 100_000; i++) {
    const t = performance.now();
    const r = await runCyclePass({ deadlineMs: budgetMs, now });
    passes.push({ ms: Math.round(performance.now() - t), claimed: r.claimed, placed: r.placed, left: r.left });
    if (r.left === 0) break;
  }
  const totalMs = performance.now() - began;
  const cpu = process.cpuUsage(cpu0);
  const load1 = os.loadavg()[0];
  const [check] = await db.all<{ cycles: number; orders: number; payments: number; created: number }>(sql`SELECT
      (SELECT count(*) FROM subscription_cycles WHERE cycle = 1) AS cycles,
      (SELECT count(*) FROM subscription_cycles c JOIN orders o ON o.id = c.order_id WHERE c.cycle = 1) AS orders,
      (SELECT count(*) FROM payments p JOIN subscription_cycles c ON c.order_id = p.order_id WHERE c.cycle = 1) AS payments,
      (SELECT count(*) FROM payments p JOIN subscription_cycles c ON c.order_id = p.order_id WHERE c.cycle = 1 AND p.create_state = 'created') AS created`);
  const keyOk = cycleCheckoutKey('bench-0', 1) === (await db.all<{ k: string }>(sql`SELECT checkout_key AS k FROM subscription_cycles WHERE subscription_id = 'bench-0'`))[0]?.k;
  const worst = Math.max(...passes.map((p) => p.ms));
  const sorted = passes.map((p) => p.ms).sort((a, b) => a - b);
  const placing = passes.filter((p) => p.placed > 0).length;
  const report = {
    subscriptions: COUNT,
    cronBudgetMs: CRON_BUDGET_MS,
    passBudgetMs: budgetMs,
    passes: passes.length,
    worstPassMs: worst,
    medianPassMs: sorted[Math.floor(sorted.length / 2)],
    passesOverShareBy10pc: passes.filter((p) => p.ms > budgetMs * 1.1).length,
    passesOnlyClaiming: passes.length - placing,
    firstPass: passes[0],
    cyclesPerSecond: Math.round((check.orders / totalMs) * 1000),
    totalSeconds: Math.round(totalMs / 100) / 10,
    cpuMsPerCycle: Math.round(((cpu.user + cpu.system) / 1000 / COUNT) * 10) / 10,
    loadAverage: `${load0.toFixed(1)} → ${load1.toFixed(1)} (1 min, ${os.cpus().length} CPUs)`,
    exactlyOnce: check.cycles === COUNT && check.orders === COUNT && check.payments === COUNT && keyOk,
    chargesCreated: check.created,
    seededMs: Math.round(seededMs),
  };
  console.log(JSON.stringify(report, null, 2));
  database().close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
