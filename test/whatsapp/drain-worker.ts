/**
 * One server instance's WhatsApp sender in its own process (lib/whatsapp/whatsapp.test.ts, started
 * by raceWorkers): connects, says "ready", waits for "go", makes one pass, prints `{"sent": n}`.
 * Both processes send through the embedded sandbox's one SQLite file, as the app would.
 * Run: node --conditions=react-server --import tsx drain-worker.ts
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { whatsappOutbox } from '@/db/schema';
import { drainWhatsapp } from '@/lib/whatsapp/sender';
import { whatsappSandbox } from '@/lib/whatsapp/sandbox';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  startProcessContext();
  await database().db.select().from(whatsappOutbox).limit(1);
  whatsappSandbox();
  await readyForTheStart();
  const r = await drainWhatsapp();
  process.stdout.write(`${JSON.stringify({ sent: r.sent })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ sent: -1, error: String(e) })}\n`);
  process.exit(1);
});
