/**
 * One tab's "Marcar como enviados" in its own process, for bulk-ship.test.ts (started by
 * raceWorkers, test/worker-process.ts): opens the shop database named by DATABASE_URL, says
 * "ready", waits for "go" on stdin, then ships the orders given as `<orderId>=<code>` pairs
 * through the real shipSelected. Prints one JSON line: the report.
 * Run: node --conditions=react-server --import tsx bulk-ship-worker.ts <orderId>=<code>...
 */
import { database } from '@/db';
import { orders } from '@/db/schema';
import { checkBulkShip, shipSelected } from '@/lib/fulfilment/bulk-ship';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const rows = process.argv.slice(2).map((pair) => {
    const [orderId, code] = pair.split('=');
    return { orderId, code };
  });
  const checked = checkBulkShip({ carrier: 'Correios', rows });
  if (!checked.ok) throw new Error(JSON.stringify(checked));
  await database().db.select().from(orders).limit(1); // connected and every module loaded before the start
  await readyForTheStart();
  const report = await shipSelected(checked.rows, `tab-${process.pid}@loja.com`);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
