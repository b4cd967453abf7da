/**
 * One server instance's abandoned-checkout scan in its own process (lib/checkout/drafts/reminders.test.ts,
 * started by raceWorkers): connects, says "ready", waits for "go", runs the scan at the clock
 * given, prints `{"written": n}`.
 * Run: node --conditions=react-server --import tsx scan-worker.ts <nowMs>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { checkoutDrafts } from '@/db/schema';
import { enqueueDueDraftReminders } from '@/lib/checkout/drafts/reminders';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const now = Number(process.argv[2]);
  startProcessContext();
  await database().db.select().from(checkoutDrafts).limit(1);
  await readyForTheStart();
  const written = await enqueueDueDraftReminders(now, now);
  process.stdout.write(`${JSON.stringify({ written })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ written: -1, error: String(e) })}\n`);
  process.exit(1);
});
