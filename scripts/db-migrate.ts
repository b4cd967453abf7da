// npm run db:migrate — applies db/migrations to DATABASE_URL (the server also does it at start).
import { database, ensureMigrated } from '@/db';
import { endProcessContext } from '@/lib/process/context';
import { env } from '@/lib/config/env';

async function main() {
  const { databaseUrl } = env();
  await ensureMigrated();
  console.log(`migrations applied to ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')} (${database().kind})`);
  endProcessContext();
}

main().catch((e) => {
  console.error(`db:migrate failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
