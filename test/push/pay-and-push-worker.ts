/**
 * Another server instance, for lib/push/push.test.ts (started by raceWorkers): opens the shop
 * database named by DATABASE_URL, says "ready", waits for "go", then applies "paid" to the
 * payment (as a webhook would) and runs the push sender over and over for `ms` milliseconds.
 * Prints one JSON line: {"passes": n}.
 * Run: node --conditions=react-server --import tsx pay-and-push-worker.ts <payment id> <ms>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { runPushSenderOnce } from '@/lib/push/sender';

async function main() {
  const [paymentId, ms] = process.argv.slice(2);
  startProcessContext();
  await database().db.select().from(orders).limit(1);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  await applyObservation(paymentId, { method: 'pix', providerStatus: 'completed', observed: chargeStateOf('pix', 'completed'), artifacts: {} }, 'webhook');
  const stopAt = Date.now() + Number(ms);
  let passes = 0;
  while (Date.now() < stopAt) {
    await runPushSenderOnce();
    passes++;
  }
  process.stdout.write(`${JSON.stringify({ passes })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
