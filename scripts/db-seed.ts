// npm run db:seed — the catalog (its illustrations stored as photos) and shop settings; the demo merchant only with the embedded sandbox.
// Runs under the react-server condition: the photo pipeline is server-only.
import { database, ensureMigrated } from '@/db';
import { endProcessContext } from '@/lib/process/context';
import { DEMO_MERCHANT, seed } from '@/db/seed';
import { env } from '@/lib/config/env';

async function main() {
  const config = env();
  await ensureMigrated();
  const result = await seed(database(), { demoMerchant: config.usingSandbox, demoRole: config.publicDemo ? 'demo' : 'owner' });
  console.log(`seeded ${result.products} products`);
  const { seedDemoPhotos, backfillPhotoFormats } = await import('@/lib/catalog/photo-backfill');
  console.log(`seeded ${await seedDemoPhotos()} photos; derived the missing formats of ${await backfillPhotoFormats()}`);
  if (result.merchant) console.log(`demo merchant: ${DEMO_MERCHANT.email} / ${DEMO_MERCHANT.password}`);
  else console.log('real provider configured: no demo merchant; create one with npm run merchant:create');
  endProcessContext();
}

main().catch((e) => {
  console.error(`db:seed failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
