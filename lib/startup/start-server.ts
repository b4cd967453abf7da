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
import { installPeerAddressStamp } from '@/lib/security/peer-address';
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
  }
  if (config.publicDemo && (await limitDemoMerchant(database()))) log.warn('public demo: the demo merchant is now a limited demonstration account');
  if (config.email.mode === 'off') {
    log.warn('E-mails are off: SMTP_URL is not set, so shoppers get no e-mails (they wait in the outbox and go out once SMTP_URL is set). See docs/deploy.md, "E-mail".');
  }
  await startBackgroundWork();
  log.info({ provider: config.usingSandbox ? 'sandbox' : 'external', sandboxEnabled: config.sandboxEnabled }, 'balcao ready');
}

/**
 * Background jobs of one Node host: the embedded sandbox's worker (clock-driven transitions
 * and webhook deliveries), the in-process reconciliation and the e-mail outbox worker; all
 * stop on SIGTERM/SIGINT.
 */
async function startBackgroundWork(): Promise<void> {
  const { installShutdownHandlers, onShutdown } = await import('@/lib/server/shutdown');
  const { startSandboxWorker, stopSandboxWorker } = await import('@/lib/embedded-provider');
  const { startReconcileScheduler, stopReconcileScheduler } = await import('@/lib/payments/reconcile');
  const { startOutboxWorker, stopOutboxWorker } = await import('@/lib/email/worker');
  const { startWebhookWorker, stopWebhookWorker } = await import('@/lib/api/webhook-worker');
  startSandboxWorker();
  startWebhookWorker();
  startReconcileScheduler();
  startOutboxWorker({ beforeDrain: async () => (await import('@/lib/checkout-drafts/scan')).runDraftScan() });
  onShutdown('reconcile-scheduler', stopReconcileScheduler);
  onShutdown('email-worker', stopOutboxWorker);
  onShutdown('webhook-worker', stopWebhookWorker);
  onShutdown('sandbox-worker', stopSandboxWorker);
  installShutdownHandlers();
}
