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

/** What a pass counted, when it counts orders (the cron's answer: {"checked": n, "changed": n}). */
export type PassCounts = { checked: number; changed: number };

export type BackgroundJob = {
  /** Its name among the shutdown steps (lib/server/shutdown.ts). */
  readonly name: string;
  /** Starts the job's loop in this process. Idempotent; a no-op where the job is off. */
  start(): Promise<void>;
  /** Stops the loop and waits for the pass in progress (SIGTERM/SIGINT). */
  stop(): Promise<void>;
  /** One pass, for the cron route; null when the job needs none there (the comment says why). */
  readonly pass: (() => Promise<PassCounts | void>) | null;
};

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  {
    // Reads the provider for the payments whose state may have moved (RECONCILE_INTERVAL_SECONDS).
    name: 'reconcile-scheduler',
    start: async () => (await import('@/lib/payments/reconcile')).startReconcileScheduler(),
    stop: async () => (await import('@/lib/payments/reconcile')).stopReconcileScheduler(),
    pass: async () => (await import('@/lib/payments/reconcile')).reconcileAll(),
  },
  {
    // The e-mail outbox: reminders that fell due, then the queued e-mails (none when e-mails are off).
    name: 'email-worker',
    start: async () => (await import('@/lib/email/worker')).startOutboxWorker(),
    stop: async () => (await import('@/lib/email/worker')).stopOutboxWorker(),
    pass: async () => {
      const { env } = await import('@/lib/config/env');
      if (env().email.mode === 'off') return;
      const { enqueueDueReminders } = await import('@/lib/email/reminders');
      const { drainOutbox } = await import('@/lib/email/worker');
      await enqueueDueReminders();
      // Within a time box: the cron's request must answer.
      const emails = await drainOutbox({ deadlineMs: 20_000 });
      const { logger } = await import('@/lib/server/log');
      if (emails.sent + emails.failed + emails.retry > 0) logger().info({ emails }, 'cron: e-mails sent');
    },
  },
  {
    // The merchant's outbound webhooks (Integrações → endpoints): fan-out, then the deliveries due.
    name: 'webhook-worker',
    start: async () => (await import('@/lib/api/webhook-worker')).startWebhookWorker(),
    stop: async () => (await import('@/lib/api/webhook-worker')).stopWebhookWorker(),
    pass: async () => (await import('@/lib/api/webhook-worker')).runWebhookWorkerOnce(),
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

/** The cron route: every job's pass, one after the other, in the list's order; the counts summed. */
export async function runJobPasses(jobs: readonly BackgroundJob[] = BACKGROUND_JOBS): Promise<PassCounts> {
  const total: PassCounts = { checked: 0, changed: 0 };
  for (const job of jobs) {
    const counts = await job.pass?.();
    if (counts) {
      total.checked += counts.checked;
      total.changed += counts.changed;
    }
  }
  return total;
}
