/**
 * A server instance running the subscriptions' cycle pass, for the race test in
 * lib/subscriptions/cycles-race.test.ts: its own connection to the database named by
 * DATABASE_URL and its own in-memory provider (an order placed twice would show as two orders or
 * two payments in the shared database). Prints "ready", waits for the go line, runs `passes`
 * passes at the shop's clock `nowMs`, and prints one JSON line with what it did.
 * Run: node --conditions=react-server --import tsx cycle-worker.ts <nowMs> <passes>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { paymentProvider } from '@/lib/payments/provider';
import { runCyclePass } from '@/lib/subscriptions/cycles';
import { getSettings } from '@/lib/payment-settings/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [nowMs, passes] = process.argv.slice(2).map(Number);
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  await getSettings();
  await readyForTheStart();
  const totals = { claimed: 0, placed: 0 };
  for (let i = 0; i < passes; i++) {
    const r = await runCyclePass({ now: nowMs });
    totals.claimed += r.claimed;
    totals.placed += r.placed;
  }
  process.stdout.write(`${JSON.stringify(totals)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
