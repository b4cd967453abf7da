/**
 * One buyer in its own process, for the link and coupon races (lib/links/place.test.ts,
 * lib/coupons/claim.test.ts; started by raceWorkers, test/worker-process.ts): opens the shop
 * database named by DATABASE_URL (its own connection, as a second server instance would), says
 * "ready", waits for "go" on stdin (sent to every buyer at once), then pays the link, with the
 * coupon when one is named, through the real placeOrder (with an in-memory provider). Prints one
 * JSON line: the placeOrder result.
 * Run: node --conditions=react-server --import tsx link-buyer-worker.ts <linkId> <document> [coupon]
 */
import { randomUUID } from 'node:crypto';
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder } from '@/lib/checkout/place-order';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [linkId, document, coupon] = process.argv.slice(2);
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  await database().db.select().from(orders).limit(1); // connected and every module loaded before the start
  await readyForTheStart();
  const result = await placeOrder({
    checkoutKey: randomUUID(),
    method: 'pix',
    link: { id: linkId },
    ...(coupon ? { coupon } : {}),
    buyer: { name: `Comprador ${process.pid}`, document, email: 'comprador@example.com' },
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, error: 'crash', message: String(e) })}\n`);
  process.exit(1);
});
