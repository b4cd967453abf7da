/**
 * A merchant's click in its own process, for apply-move.test.ts: opens the shop database named
 * by DATABASE_URL (its own connection, as another server instance would), waits for the race's
 * start, then makes `clicks` concurrent "Confirmar envio" of one order.
 * Prints one JSON line: the results.
 * Run: node --conditions=react-server --import tsx move-worker.ts <orderId> <clicks> <code>
 */
import { database } from '@/db';
import { getEmailSettings } from '@/lib/email/settings';
import { applyFulfilmentMove } from '@/lib/fulfilment/apply-move';
import { parseTracking } from '@/lib/fulfilment/tracking';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [orderId, clicks, code] = process.argv.slice(2);
  const tracking = parseTracking({ carrier: 'Correios', code });
  if (!tracking.ok) throw new Error('bad code');
  await getEmailSettings(); // opens the connection before the start line
  await readyForTheStart();
  const results = await Promise.all(
    Array.from({ length: Number(clicks) }, () => applyFulfilmentMove(orderId, { move: 'ship', tracking: tracking.value }, `tab-${process.pid}@loja.com`)),
  );
  process.stdout.write(`${JSON.stringify(results)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify([{ ok: false, error: `error: ${String(e)}` }])}\n`);
  process.exit(1);
});
