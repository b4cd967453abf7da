/**
 * One shop process issuing an order's NF-e, for emission.test.ts: opens the shop database named
 * by DATABASE_URL and the Bling sandbox's file beside SANDBOX_DATABASE_URL (its own connections,
 * as another server instance would), on the clock instant given. With "crash-sales-order" or
 * "crash-note" it dies right after Bling answered that create, before anything is written here.
 * Prints one JSON line.
 * Run: node --conditions=react-server --import tsx emit-crash-worker.ts <nowMs> <crash-sales-order|crash-note|run>
 */
import { database } from '@/db';
import { sendDueInvoices } from '@/lib/nfe/emission';
import { startBlingContext } from './bling';

async function main() {
  const [nowMs, mode] = process.argv.slice(2);
  let t = Number(nowMs);
  const clock = { now: () => t, advance: (ms: number) => void (t += ms), sleep: async (ms: number) => void (t += ms) };
  const { target } = startBlingContext(clock);
  const done = await sendDueInvoices({
    now: clock.now,
    sleep: clock.sleep,
    target: target(),
    afterCreate: (what) => {
      if (mode === `crash-${what}`) process.exit(3);
    },
  });
  process.stdout.write(`${JSON.stringify({ done })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
