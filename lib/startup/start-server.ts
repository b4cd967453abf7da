/**
 * The top of the app's wiring: what the server does once at start (instrumentation.ts →
 * register(), Node.js runtime). It may import any module; no module imports it. It
 * is the first to use the process context (configuration, connections, caches:
 * lib/process/context.ts), so everything it starts lives there; it stamps every request with its socket's peer address (lib/security/peer-address.ts),
 * validates the configuration (one clear line and exit on error), applies migrations,
 * seeds an empty database when asked, then starts the background work.
 */
import { database, ensureMigrated } from '@/db';
import { isEmpty, limitDemoMerchant, seed } from '@/db/seed';
import { env, EnvError } from '@/lib/config/env';
import { installPeerAddressStamp } from '@/lib/security';
import { logger } from '@/lib/server/log';

export async function startServer(): Promise<void> {
  // Before any request: rate limits read the socket's peer from this stamp (TRUSTED_PROXY_HOPS).
  installPeerAddressStamp();
  let config;
  try {
    config = env();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(`balcao: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const log = logger();
  if (config.authSecretIsDefault) log.warn('AUTH_SECRET is not set: using the development secret (never in production)');

  await ensureMigrated();
  if (config.seedOnEmpty && (await isEmpty(database()))) {
    const result = await seed(database(), { demoMerchant: config.usingSandbox, demoRole: config.publicDemo ? 'demo' : 'owner' });
    log.info({ result }, 'seeded an empty database');
    // The illustrations as real photos (every width and format), before the first page is served.
    const photos = await (await import('@/lib/catalog/photo-backfill')).seedDemoPhotos();
    log.info({ photos }, 'seeded the demo photos');
    // NF-e: connected to the embedded Bling sandbox, as the carrier sandbox is on (docs/reference.md).
    if (await (await import('@/lib/nfe/embedded-connection')).connectEmbeddedBling()) log.info('connected to the embedded Bling sandbox');
  }
  if (config.publicDemo && (await limitDemoMerchant(database()))) log.warn('public demo: the demo merchant is now a limited demonstration account');
  if (config.email.mode === 'off') {
    log.warn('E-mails are off: SMTP_URL is not set, so shoppers get no e-mails (they wait in the outbox and go out once SMTP_URL is set). See docs/deploy.md, "E-mail".');
  }
  // Every request delivers the outbox rows it wrote right after its response, on any host.
  (await import('@/lib/jobs/after-pass-deliverers')).installAfterPass();
  if (config.backgroundWorkers) {
    await startBackgroundWork();
    // Photos stored before AVIF and JPEG were derived get them, in the background: a page
    // lists only the formats a photo has, so it is right before and after.
    void import('@/lib/catalog/photo-backfill')
      .then((m) => m.backfillPhotoFormats())
      .then((n) => (n > 0 ? log.info({ photos: n }, 'derived the missing photo formats') : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'deriving the missing photo formats failed'));
  }
  else log.info('BACKGROUND_WORKERS=off: no interval runs in this process; e-mails and webhooks leave after each response, reminders and reconciliation with the cron route');
  log.info({ provider: config.usingSandbox ? 'sandbox' : 'external', sandboxEnabled: config.sandboxEnabled }, 'balcao ready');
}

/**
 * The background jobs of one Node host (lib/jobs: the one list the cron route also runs; on
 * unless BACKGROUND_WORKERS=off, the default on Vercel): the net under each request's
 * after-pass. Then the signal listeners that stop them.
 */
async function startBackgroundWork(): Promise<void> {
  const { startBackgroundJobs } = await import('@/lib/jobs/jobs');
  const { installShutdownHandlers } = await import('@/lib/server/shutdown');
  await startBackgroundJobs();
  installShutdownHandlers();
}
