/**
 * One reader of an order's expiry in its own process, for the coupon give-back race
 * (lib/coupons/claim.test.ts; started by raceWorkers, test/worker-process.ts): a webhook's
 * fetch-back, the order's "Reconciliar" or the reconciliation sweep, as different server
 * instances would run them at once. The provider is an in-memory fake holding the one charge as
 * the test's own fake has it (passed as JSON), so every process reads the same expired charge.
 * Says "ready", waits for "go" on stdin, then prints one JSON line.
 * Run: node --conditions=react-server --import tsx expiry-worker.ts <webhook|order|sweep> <orderId> <pix row JSON>
 */
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { payments } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { reconcileAll, reconcileOrder } from '@/lib/payments/reconcile';
import { syncPayment } from '@/lib/payments/sync';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [mode, orderId, pixJson] = process.argv.slice(2);
  const fake = new FakePaymentProvider();
  const pix = JSON.parse(pixJson);
  fake.pix.set(pix.id, pix);
  startProcessContext([paymentProvider.provide(fake)]);
  const [payment] = await database().db.select().from(payments).where(eq(payments.orderId, orderId));
  await readyForTheStart();
  if (mode === 'webhook') await syncPayment(payment, 'webhook');
  else if (mode === 'order') await reconcileOrder(orderId);
  else await reconcileAll();
  process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: 'crash', message: String(e) })}\n`);
  process.exit(1);
});
