/**
 * A buyer's download in its own process, for digital-access.test.ts: opens the shop database
 * named by DATABASE_URL (its own connection, as another server instance would), waits for the
 * race's start, then makes `uses` concurrent uses of one signed link ("Baixar" pressed);
 * with `seeks`, each use that opened a session then asks for that many ranges in it, as a
 * video player does. Prints one JSON line: the results (without the bytes).
 * Run: node --conditions=react-server --import tsx use-worker.ts <token> <uses> [seeks]
 */
import { database } from '@/db';
import { getEmailSettings } from '@/lib/email/settings';
import { openDigitalAccess, resumeDigitalSession } from '@/lib/fulfilment/digital-access';
import { readyForTheStart } from '@/test/race-start';

async function main() {
  const [token, uses, seeks = '0'] = process.argv.slice(2);
  await getEmailSettings(); // opens the connection before the start line
  await readyForTheStart();
  const results = await Promise.all(
    Array.from({ length: Number(uses) }, async () => {
      const r = await openDigitalAccess(token);
      if (!r.ok) return { ok: false, error: r.error };
      const seen = await Promise.all(Array.from({ length: Number(seeks) }, () => resumeDigitalSession(token, r.session)));
      return { ok: true, use: r.use, seeks: seen.filter((s) => s.ok).length };
    }),
  );
  process.stdout.write(`${JSON.stringify(results)}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify([{ ok: false, error: `error: ${String(e)}` }])}\n`);
  process.exit(1);
});
