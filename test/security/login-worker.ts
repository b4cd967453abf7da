/**
 * One server process's sign-in attempts, for rate-limit.test.ts: opens the shop database named
 * by DATABASE_URL (its own connection, as a second `next start` would), then tries to sign in
 * `tries` times with a wrong password from one address (both processes run at once). Prints one JSON line: how many attempts were checked
 * (refused for the password) and how many were stopped by the rate limit.
 * Run: node --conditions=react-server --import tsx login-worker.ts <email> <ip> <tries>
 */
import { startProcessContext } from '@/lib/process/context';
import { database } from '@/db';
import { users } from '@/db/schema';
import { authorizeLogin, LoginRateLimitedError } from '@/lib/auth/login';

async function main() {
  const [email, ip, tries] = process.argv.slice(2);
  startProcessContext();
  await database().db.select().from(users).limit(1); // connected before the first attempt
  let checked = 0;
  let limited = 0;
  for (let i = 0; i < Number(tries); i++) {
    try {
      await authorizeLogin({ email, password: 'senha-errada-123' }, { 'x-forwarded-for': ip });
      checked++;
    } catch (e) {
      if (!(e instanceof LoginRateLimitedError)) throw e;
      limited++;
    }
  }
  process.stdout.write(`${JSON.stringify({ checked, limited })}\n`);
  database().close();
}

main().catch((e) => {
  process.stdout.write(`${JSON.stringify({ error: String(e) })}\n`);
  process.exit(1);
});
