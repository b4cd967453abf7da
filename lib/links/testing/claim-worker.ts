/**
 * One buyer in its own process, for place.test.ts: opens the shop database named by
 * DATABASE_URL (its own connection, as a second server instance would), waits for the shared
 * start instant, then takes a place on the link and writes its order in one transaction.
 * Prints one JSON line: {"ok": true, "orderId"} or {"ok": false, "reason"}.
 * Run: node --conditions=react-server --import tsx claim-worker.ts <linkId> <startAtMs>
 */
import { database } from '@/db';
import { run } from '@/db/driver';
import { orders } from '@/db/schema';
import { saoPauloDate } from '@/lib/br/dates';
import { newId, randomToken } from '@/lib/payments/ids';
import { claimLinkPlace } from '../place';

async function main() {
  const [linkId, startAt] = process.argv.slice(2);
  const d = database();
  await d.transaction(function* (tx) {
    yield* run(tx.select().from(orders).limit(0)); // opens the connection before the start line
  });
  while (Date.now() < Number(startAt)) {
    /* spin: every process leaves the line within a millisecond of the others */
  }
  const orderId = newId();
  const result = await d.transaction(function* (tx) {
    const place = yield* claimLinkPlace(tx, linkId, saoPauloDate());
    if (!place.ok) return place;
    yield* run(
      tx.insert(orders).values({
        id: orderId,
        token: randomToken(),
        checkoutKey: newId(),
        method: 'pix',
        totalCents: place.link.amountCents ?? 500,
        buyerName: `Comprador ${process.pid}`,
        buyerDocument: '52998224725',
        buyerEmail: 'comprador@example.com',
        paymentLinkId: linkId,
      }),
    );
    return { ok: true as const, orderId };
  });
  process.stdout.write(`${JSON.stringify(result.ok ? { ok: true, orderId } : { ok: false, reason: result.reason })}\n`);
  d.close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ ok: false, reason: 'error', message: String(e) })}\n`);
  process.exit(1);
});
