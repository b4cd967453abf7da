/**
 * The body of a pay-and-send worker, another server instance started by raceWorkers
 * (test/worker-process.ts) for the outbox senders whose row the paying transaction writes (Web
 * Push, the ad pixels): opens the shop database named by DATABASE_URL, says "ready", waits for
 * "go", then applies "paid" to the payment (as a webhook would) and runs `sendOnce` over and over
 * for `ms` milliseconds. Prints one JSON line: {"passes": n}, or {"error"} when it failed.
 * The worker's arguments: <payment id> <ms>.
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { readyForTheStart } from '@/test/race-start';

async function payThenSend(sendOnce: () => Promise<unknown>) {
  const [paymentId, ms] = process.argv.slice(2);
  startProcessContext();
  await database().db.select().from(orders).limit(1);
  await readyForTheStart();
  await applyObservation(paymentId, { method: 'pix', providerStatus: 'completed', observed: chargeStateOf('pix', 'completed'), artifacts: {} }, 'webhook');
  const stopAt = Date.now() + Number(ms);
  let passes = 0;
  while (Date.now() < stopAt) {
    await sendOnce();
    passes++;
  }
  process.stdout.write(`${JSON.stringify({ passes })}\n`);
  database().close();
}

export function runPayAndSendWorker(sendOnce: () => Promise<unknown>): void {
  payThenSend(sendOnce).catch((e) => {
    process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
    process.exit(1);
  });
}
