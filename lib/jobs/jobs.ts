/**
 * The background jobs, listed once. A Node host runs each one's loop in its own process
 * (lib/startup/start-server.ts → `startBackgroundJobs`); a host where no process stays up
 * between requests (Vercel) runs each one's `pass` from the cron route (GET|POST
 * /api/cron/reconcile → lib/jobs/cron.ts), in this order: reconciliation first, so that the
 * e-mails and webhook events it causes go out in the same run. A new job is added here and only
 * here (jobs.test.ts fails when the start-up or the cron route runs a worker of its own).
 *
 * Each job's modules are imported when it starts or runs, not with this list.
 */
import { onShutdown } from '@/lib/server/shutdown';

/** What the cron's answer sums: payments checked and changed by reconciliation. */
export type PassCounts = { checked: number; changed: number };
/** What a pass did: the counts where it counts payments, and how much work it `left` for the next run. */
export type PassResult = Partial<PassCounts> & { left: number };

/**
 * A job's pass for the cron route: `run` may start work for `budgetMs` (the job's share of the
 * cron's time box), then says what it left, under `left` in the cron's answer.
 */
export type CronPass = {
  readonly left: 'payments' | 'tracking' | 'emails' | 'webhooks' | 'pixels' | 'pushes';
  /** Of CRON_BUDGET_MS, how long this job may start work. */
  readonly shareMs: number;
  readonly run: (budgetMs: number) => Promise<PassResult>;
};

/**
 * The cron route's time box: a function's limit is a few tens of seconds (Vercel: 10 s on Hobby
 * by default), so each run does a bounded chunk, reports what it left, and the next run continues
 * (reconciliation takes the least recently checked first, the outbox the longest due).
 */
export const CRON_BUDGET_MS = 10_000;

export type BackgroundJob = {
  /** Its name among the shutdown steps (lib/server/shutdown.ts). */
  readonly name: string;
  /** Starts the job's loop in this process. Idempotent; a no-op where the job is off. */
  start(): Promise<void>;
  /** Stops the loop and waits for the pass in progress (SIGTERM/SIGINT). */
  stop(): Promise<void>;
  /** One bounded pass, for the cron route; null when the job needs none there (the comment says why). */
  readonly pass: CronPass | null;
};

/** The abandoned checkouts' reminders and deletions (lib/checkout/drafts/scan.ts), before the outbox drains. */
const runDraftScan = async () => (await import('@/lib/checkout/drafts/scan')).runDraftScan();

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  {
    // Reads the provider for the payments whose state may have moved (RECONCILE_INTERVAL_SECONDS).
    name: 'reconcile-scheduler',
    start: async () => (await import('@/lib/payments/reconcile')).startReconcileScheduler(),
    stop: async () => (await import('@/lib/payments/reconcile')).stopReconcileScheduler(),
    pass: {
      left: 'payments',
      shareMs: 4_000,
      run: async (budgetMs) => (await import('@/lib/payments/reconcile')).reconcileAll({ deadlineMs: budgetMs }),
    },
  },
  {
    // Melhor Envio's tracking of the shipped orders with a label: "delivered" → "Entregue" (its
    // e-mail then goes out with the outbox below), on the reconciliation's interval.
    name: 'carrier-tracking',
    start: async () => (await import('@/lib/fulfilment/carrier-tracking')).startTrackingLoop(),
    stop: async () => (await import('@/lib/fulfilment/carrier-tracking')).stopTrackingLoop(),
    pass: {
      left: 'tracking',
      shareMs: 1_000,
      run: async (budgetMs) => {
        const r = await (await import('@/lib/fulfilment/carrier-tracking')).readCarrierTracking({ deadlineMs: budgetMs });
        return { left: r.left };
      },
    },
  },
  {
    // The e-mail outbox: reminders that fell due (unpaid orders', then abandoned checkouts', which
    // also deletes the drafts past their time), then the queued e-mails (none when e-mails are off).
    name: 'email-worker',
    start: async () => (await import('@/lib/email/worker')).startOutboxWorker({ beforeDrain: runDraftScan }),
    stop: async () => (await import('@/lib/email/worker')).stopOutboxWorker(),
    pass: {
      left: 'emails',
      shareMs: 2_500,
      run: async (budgetMs) => {
        const { env } = await import('@/lib/config/env');
        if (env().email.mode === 'off') return { left: 0 };
        const { enqueueDueReminders } = await import('@/lib/email/reminders');
        const { drainOutbox, outboxWorkLeft } = await import('@/lib/email/worker');
        await enqueueDueReminders();
        await runDraftScan();
        // Reminders, and what no after-pass sent (a lost instance, a failed attempt's retry).
        // drainOutbox reads 0 as "no deadline": at least 1 ms.
        const emails = await drainOutbox({ deadlineMs: Math.max(1, budgetMs) });
        const { logger } = await import('@/lib/server/log');
        if (emails.sent + emails.failed + emails.retry > 0) logger().info({ emails }, 'cron: e-mails sent');
        return { left: await outboxWorkLeft() };
      },
    },
  },
  {
    // The merchant's outbound webhooks (Integrações → endpoints): fan-out, then the deliveries due.
    name: 'webhook-worker',
    start: async () => (await import('@/lib/public-api/webhook-worker')).startWebhookWorker(),
    stop: async () => (await import('@/lib/public-api/webhook-worker')).stopWebhookWorker(),
    pass: {
      left: 'webhooks',
      shareMs: 2_000,
      run: async () => {
        const { runWebhookWorkerOnce, webhookWorkLeft } = await import('@/lib/public-api/webhook-worker');
        await runWebhookWorkerOnce();
        return { left: await webhookWorkLeft() };
      },
    },
  },
  {
    // The ad pixels' server events (Integrações → Meta Pixel, Google Analytics 4): the rows due
    // (a quarter second each for them and the pushes: a few small POSTs).
    name: 'pixel-sender',
    start: async () => (await import('@/lib/pixels/sender')).startPixelSender(),
    stop: async () => (await import('@/lib/pixels/sender')).stopPixelSender(),
    pass: {
      left: 'pixels',
      shareMs: 250,
      run: async () => {
        const { runPixelSenderOnce, pixelWorkLeft } = await import('@/lib/pixels/sender');
        await runPixelSenderOnce();
        return { left: await pixelWorkLeft() };
      },
    },
  },
  {
    // Web Push to the merchant's devices (Minha conta → Notificações): the rows due.
    name: 'push-sender',
    start: async () => (await import('@/lib/push/sender')).startPushSender(),
    stop: async () => (await import('@/lib/push/sender')).stopPushSender(),
    pass: {
      left: 'pushes',
      shareMs: 250,
      run: async () => {
        const { runPushSenderOnce, pushWorkLeft } = await import('@/lib/push/sender');
        await runPushSenderOnce();
        return { left: await pushWorkLeft() };
      },
    },
  },
  {
    // The embedded sandbox's clock-driven transitions and its webhook deliveries. No cron pass:
    // without a long-lived worker the sandbox advances them on its next request (docs/deploy.md).
    name: 'sandbox-worker',
    start: async () => (await import('@/lib/embedded-provider')).startSandboxWorker(),
    stop: async () => (await import('@/lib/embedded-provider')).stopSandboxWorker(),
    pass: null,
  },
];

/** A Node host: starts every job's loop and registers its stop with the shutdown steps. */
export async function startBackgroundJobs(jobs: readonly BackgroundJob[] = BACKGROUND_JOBS): Promise<void> {
  for (const job of jobs) {
    await job.start();
    onShutdown(job.name, () => job.stop());
  }
}

export type CronResult = PassCounts & { left: Record<CronPass['left'], number> };

/**
 * The cron route: every job's pass, one after the other, in the list's order, each within its
 * share of `budgetMs` (a job that starts late because the one before ran long gets less); the
 * counts summed, and what each left.
 */
export async function runJobPasses(jobs: readonly BackgroundJob[] = BACKGROUND_JOBS, budgetMs = CRON_BUDGET_MS): Promise<CronResult> {
  const result: CronResult = { checked: 0, changed: 0, left: { payments: 0, tracking: 0, emails: 0, webhooks: 0, pixels: 0, pushes: 0 } };
  const started = Date.now();
  let until = 0;
  for (const job of jobs) {
    if (!job.pass) continue;
    until += (budgetMs * job.pass.shareMs) / CRON_BUDGET_MS;
    const done = await job.pass.run(Math.max(0, started + until - Date.now()));
    result.checked += done.checked ?? 0;
    result.changed += done.changed ?? 0;
    result.left[job.pass.left] += done.left;
  }
  return result;
}
