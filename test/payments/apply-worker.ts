/**
 * One instance applying provider reads, for the interleaving property test
 * (lib/payments/apply-interleavings.test.ts; started by raceWorkers, test/worker-process.ts):
 * opens the shop database named by DATABASE_URL, says "ready", waits for "go" on stdin, then
 * applies its list of observations in order through the real applyObservation. Prints one JSON
 * line: how many changed something.
 * Run: node --conditions=react-server --import tsx apply-worker.ts '<json [[paymentId, status], …]>'
 */
import { database } from '@/db';
import { orders } from '@/db/schema';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const plan = JSON.parse(process.argv[2]) as [string, string][];
  await database().db.select().from(orders).limit(1); // connected and every module loaded before the start
  await readyForTheStart();
  let changed = 0;
  for (const [paymentId, status] of plan) {
    const r = await applyObservation(paymentId, { method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} }, 'webhook');
    if (r.changed) changed++;
  }
  process.stdout.write(`${JSON.stringify({ ok: true, changed })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: 'crash', message: String(e) })}\n`);
  process.exit(1);
});
