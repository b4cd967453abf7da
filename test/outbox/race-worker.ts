/**
 * Another server instance's outbox sender, for lib/outbox/outbox.test.ts (started by
 * raceWorkers): opens the database named by DATABASE_URL, says "ready", waits for "go", then
 * drains the test channel (each send takes `delayMs`, `batch` rows claimed at a time) until
 * nothing is due. Prints one JSON line: {"sent": n}.
 * Run: node --conditions=react-server --import tsx race-worker.ts <batch> <delayMs>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { drainChannel } from '@/lib/outbox/outbox';
import { testChannel, testOutbox } from './test-channel';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [batch, delayMs] = process.argv.slice(2).map(Number);
  startProcessContext();
  await database().db.select().from(testOutbox).limit(1);
  await readyForTheStart();
  const { sent } = await drainChannel(testChannel({ batch, delayMs }));
  process.stdout.write(`${JSON.stringify({ sent })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
