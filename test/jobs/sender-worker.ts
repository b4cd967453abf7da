/**
 * Another server instance's senders, for lib/server/after-pass.test.ts: opens the databases named
 * by DATABASE_URL (its own connections), prints "ready", waits for the go line, then for
 * `ms` milliseconds runs what the cron route and the in-process workers run — the whole outbox
 * drained into the mail catcher and a webhook worker pass — over and over.
 * Prints one JSON line: {"passes": n}.
 * Run: node --conditions=react-server --import tsx sender-worker.ts <ms>
 */
import { startProcessContext } from '@/lib/process/context';
import { sql } from 'drizzle-orm';
import { database } from '@/db';
import { drainOutbox } from '@/lib/email/worker';
import { catcherTransport } from '@/lib/email/transport';
import { runWebhookWorkerOnce } from '@/lib/outbound-events/delivery/webhook-worker';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const ms = Number(process.argv[2]);
  startProcessContext();
  await database().db.run(sql`select 1`);
  await readyForTheStart();
  const stopAt = Date.now() + ms;
  let passes = 0;
  while (Date.now() < stopAt) {
    await Promise.all([drainOutbox({ transport: catcherTransport }), runWebhookWorkerOnce()]);
    passes++;
  }
  process.stdout.write(`${JSON.stringify({ passes })}\n`);
  database().close();
}

void main();
