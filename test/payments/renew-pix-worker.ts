/**
 * One buyer in its own process, for the race of "Gerar novo Pix" on a limited payment link
 * (lib/payments/attempt-terms.test.ts; started by raceWorkers, test/worker-process.ts): opens
 * the shop database named by DATABASE_URL, says "ready", waits for "go" on stdin, then asks a
 * new Pix for its expired order through the real newPixAttempt (with an in-memory provider).
 * Prints one JSON line: the result.
 * Run: node --conditions=react-server --import tsx renew-pix-worker.ts <orderToken>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { newPixAttempt } from '@/lib/payments/attempts';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [token] = process.argv.slice(2);
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  await database().db.select().from(orders).limit(1); // connected and every module loaded before the start
  await readyForTheStart();
  const result = await newPixAttempt(token);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: 'crash', message: String(e) })}\n`);
  process.exit(1);
});
