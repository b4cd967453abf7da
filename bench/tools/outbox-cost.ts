/**
 * What the e-mail outbox adds to the webhook route's state change (T2) and to charge creation
 * (T4), side by side in one run: each case runs with the outbox write on and off, interleaved
 * (the order alternates every iteration), in-process against the embedded sandbox.
 *   - T2 core: applyObservation of a "paid" read to a pending Pix payment (the transaction a
 *     state-changing webhook runs after its fetch-back; with the outbox it also writes the
 *     "paid" e-mail row, one INSERT … SELECT);
 *   - T2 duplicate: the same read applied to an already-paid payment (what almost every
 *     delivery of a storm does): no state change, so no outbox write either way;
 *   - T4: placeOrder for a Pix (order + items + payment in one transaction, the create call to
 *     the sandbox, then the stored charge; with the outbox it also writes the instructions row).
 * "Off" is the merchant's e-mail switches turned off (Configurações → E-mails): the same
 * transaction runs the same INSERT … SELECT, which then selects no row, so the difference is the
 * row's write. The worker is not running here (a real server sends the row right after, off the request).
 *   npx tsx --conditions=react-server bench/tools/outbox-cost.ts [--iterations=300]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { runExperiment } from '../lib/experiment';
import { median, percentile } from '../lib/stats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-outbox-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL = `file:${path.join(dir, 'sandbox.db')}`;
process.env.APP_URL = 'http://127.0.0.1:3279';
process.env.LOG_LEVEL = 'warn';
process.env.RATE_LIMIT_CHECKOUT_PER_MIN = '1000000';
process.env.UNPAID_ORDERS_PER_DOCUMENT = '1000000';
process.env.EMAILS_PER_RECIPIENT_PER_DAY = '1000000';

const iterations = Number(process.argv.find((a) => a.startsWith('--iterations='))?.split('=')[1] ?? 300);

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  const { emailSettings } = await import('@/db/schema');
  const { applyObservation } = await import('@/lib/payments/apply');
  const { placeOrder } = await import('@/lib/checkout/place-order');
  const { insertOrderWithPayment, productIdBySlug } = await import('@/test/payments/db');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const setEmailsOn = async (on: boolean) => {
    const values = { sendInstructions: on, sendPaid: on, sendReminders: on, sendRefunded: on, sendEnded: on };
    await database().db.insert(emailSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: emailSettings.id, set: values });
  };
  const cafe = await productIdBySlug('cafe-especial-250g');
  const paidRead = { method: 'pix' as const, providerStatus: 'completed', observed: 'paid' as const, artifacts: {} };

  const samples: Record<string, { on: number[]; off: number[] }> = { 't2-state-change': { on: [], off: [] }, 't2-duplicate': { on: [], off: [] }, 't4-place-pix': { on: [], off: [] } };
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const input = () => ({
    checkoutKey: randomUUID(),
    method: 'pix' as const,
    items: [{ productId: cafe, quantity: 1 }],
    buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' },
  });

  // Warm-up: statements prepared, the sandbox's tables touched.
  for (let i = 0; i < 20; i++) {
    const { payment } = await insertOrderWithPayment({ method: 'pix' });
    await applyObservation(payment.id, paidRead, 'webhook');
    await placeOrder(input());
  }

  for (let i = 0; i < iterations; i++) {
    const modes = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const mode of modes) {
      await setEmailsOn(mode === 'on');
      const { payment } = await insertOrderWithPayment({ method: 'pix' });
      samples['t2-state-change'][mode].push(await time(() => applyObservation(payment.id, paidRead, 'webhook')));
      samples['t2-duplicate'][mode].push(await time(() => applyObservation(payment.id, paidRead, 'webhook')));
      samples['t4-place-pix'][mode].push(
        await time(async () => {
          const r = await placeOrder(input());
          if (!r.ok) throw new Error(r.error);
        }),
      );
    }
  }
  await setEmailsOn(true);

  const fmt = (n: number) => n.toFixed(3);
  console.log(`iterations per mode: ${iterations} (interleaved)\n`);
  console.log('case              | median off (ms) | median on (ms) | added (ms) | p95 off | p95 on');
  for (const [name, s] of Object.entries(samples)) {
    const mOff = median(s.off);
    const mOn = median(s.on);
    console.log(`${name.padEnd(17)} | ${fmt(mOff).padStart(15)} | ${fmt(mOn).padStart(14)} | ${fmt(mOn - mOff).padStart(10)} | ${fmt(percentile(s.off, 95))} | ${fmt(percentile(s.on, 95))}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

runExperiment(main);
