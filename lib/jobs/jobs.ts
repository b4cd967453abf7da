/**
 * The background jobs, listed once. A Node host runs each one's loop in its own process
 * (lib/startup/start-server.ts → `startBackgroundJobs`); a host where no process stays up
 * between requests (Vercel) runs each one's `pass` from the cron route (GET|POST
 * /api/cron/jobs → lib/jobs/cron.ts), in this order: reconciliation first, so that the
 * e-mails and webhook events it causes go out in the same run. A new job is added here and only
 * here (jobs.test.ts fails when the start-up or the cron route runs a worker of its own).
 *
 * Each job's modules are imported when it starts or runs, not with this list.
 */
import type { OutboxWorker } from '@/lib/outbox/worker';
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
  /** Its key under `left` in the cron's answer (one per job of the list: `CRON_LEFT_KEYS`). */
  readonly left: string;
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
const runDraftScan = async () => (await import('@/lib/checkout')).runDraftScan();

/**
 * The outbox channels (lib/outbox, README.md there): each entry gives its channel's loop on a
 * Node host, its cron pass under `left`, and its after-pass (lib/jobs/after-pass-deliverers.ts).
 * A new channel is one entry here; `channel` is the name its writers note rows under.
 */
export type OutboxEntry = {
  /** The job's name (shutdown steps, logs). */
  readonly name: string;
  /** The channel's name: `noteOutboxRow(channel, key)` and the worker's `name`. */
  readonly channel: string;
  readonly left: string;
  readonly shareMs: number;
  /** The channel's worker (`outboxWorker(...)`), imported when it is first used. */
  readonly worker: () => Promise<OutboxWorker>;
  /** More work before each loop or cron pass, from a layer above the channel. */
  readonly before?: () => Promise<unknown>;
};

export const OUTBOX_CHANNELS: readonly OutboxEntry[] = [
  // The e-mail outbox: reminders that fell due (unpaid orders', then abandoned checkouts', which
  // also deletes the drafts past their time), then the queued e-mails (none when e-mails are off).
  { name: 'email-worker', channel: 'email', left: 'emails', shareMs: 1_500, worker: async () => (await import('@/lib/email/worker')).emailWorker, before: runDraftScan },
  // The merchant's outbound webhooks (Integrações → endpoints): fan-out, then the deliveries due.
  { name: 'webhook-worker', channel: 'webhook', left: 'webhooks', shareMs: 1_500, worker: async () => (await import('@/lib/outbound-events/delivery/webhook-worker')).webhookWorker },
  // The ad pixels' server events (Integrações → Meta Pixel, Google Analytics 4): the rows due.
  // (a quarter second each for the pixels and the pushes: a few small POSTs).
  { name: 'pixel-sender', channel: 'pixel', left: 'pixels', shareMs: 250, worker: async () => (await import('@/lib/pixels')).pixelWorker },
  // The buyers' WhatsApp messages (lib/whatsapp/sender.ts); before each pass, the embedded WhatsApp
  // sandbox's tick (its delivery statuses on the sandbox clock, posted back to the webhook).
  {
    name: 'whatsapp-sender',
    channel: 'whatsapp',
    left: 'whatsapp',
    shareMs: 500,
    worker: async () => (await import('@/lib/whatsapp')).whatsappWorker,
    before: async () => (await import('@/lib/whatsapp')).tickWhatsappSandbox(),
  },
  // NF-e through Bling (Configurações → Nota fiscal): automatic emissions, then the rows due.
  { name: 'nfe-issuer', channel: 'nfe', left: 'invoices', shareMs: 500, worker: async () => (await import('@/lib/nfe/issuer')).invoiceWorker },
  // Web Push to the merchant's devices (Minha conta → Notificações): "Nova venda" and the others.
  { name: 'push-sender', channel: 'push', left: 'pushes', shareMs: 250, worker: async () => (await import('@/lib/push/sender')).pushWorker },
];

/** A channel's job: its loop, and a cron pass that drains within its share and says what is left. */
function outboxJob(entry: OutboxEntry): BackgroundJob {
  return {
    name: entry.name,
    start: async () => (await entry.worker()).start({ before: entry.before }),
    stop: async () => (await entry.worker()).stop(),
    pass: {
      left: entry.left,
      shareMs: entry.shareMs,
      run: async (budgetMs) => {
        const worker = await entry.worker();
        if (!worker.enabled()) return { left: 0 };
        // What no after-pass sent (a lost instance, a failed attempt's retry). A deadline of 0
        // reads as none: at least 1 ms.
        const done = await worker.pass({ via: 'cron', deadlineMs: Math.max(1, budgetMs), before: entry.before });
        if (done.sent + done.failed + done.retry > 0) {
          const { logger } = await import('@/lib/server/log');
          logger().info({ channel: entry.channel, ...done }, 'cron: outbox sent');
        }
        return { left: await worker.workLeft() };
      },
    },
  };
}

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  {
    // Reads the provider for the payments whose state may have moved (RECONCILE_INTERVAL_SECONDS).
    name: 'reconcile-scheduler',
    start: async () => (await import('@/lib/payments/reconcile')).startReconcileScheduler(),
    stop: async () => (await import('@/lib/payments/reconcile')).stopReconcileScheduler(),
    pass: {
      left: 'payments',
      shareMs: 3_000,
      run: async (budgetMs) => (await import('@/lib/payments/reconcile')).reconcileAll({ deadlineMs: budgetMs }),
    },
  },
  {
    // Melhor Envio's tracking of the shipped orders with a label: "delivered" → "Entregue" (its
    // e-mail then goes out with the outbox below), on the reconciliation's interval.
    name: 'carrier-tracking',
    start: async () => (await import('@/lib/fulfilment')).startTrackingLoop(),
    stop: async () => (await import('@/lib/fulfilment')).stopTrackingLoop(),
    pass: {
      left: 'tracking',
      shareMs: 500,
      run: async (budgetMs) => {
        const r = await (await import('@/lib/fulfilment')).readCarrierTracking({ deadlineMs: budgetMs });
        return { left: r.left };
      },
    },
  },
  {
    // Subscriptions' cycles (lib/subscriptions/cycles.ts): settles the cycles whose order was paid
    // or expired (after reconciliation read them), then creates the orders of the cycles due on
    // the shop's clock, before the outbox sends their e-mails.
    name: 'subscription-cycles',
    start: async () => (await import('@/lib/subscriptions/cycles')).startCycleLoop(),
    stop: async () => (await import('@/lib/subscriptions/cycles')).stopCycleLoop(),
    pass: {
      left: 'subscriptions',
      shareMs: 1_000,
      run: async (budgetMs) => {
        const r = await (await import('@/lib/subscriptions/cycles')).runCyclePass({ deadlineMs: Math.max(1, budgetMs) });
        return { left: r.left };
      },
    },
  },
  {
    // "Avalie sua compra": the orders whose review request fell due on the shop's clock get their
    // request and its e-mail's outbox row (lib/reviews/schedule.ts), before the outbox drains.
    name: 'review-requests',
    start: async () => (await import('@/lib/reviews/request-loop')).startReviewRequests(),
    stop: async () => (await import('@/lib/reviews/request-loop')).stopReviewRequests(),
    pass: {
      left: 'reviews',
      shareMs: 500,
      run: async (budgetMs) => {
        const r = await (await import('@/lib/reviews/request-loop')).runReviewRequestsOnce(Math.max(1, budgetMs));
        return { left: r.left };
      },
    },
  },
  ...OUTBOX_CHANNELS.map(outboxJob),
  {
    // The embedded sandbox's clock-driven transitions and its webhook deliveries to the app (the
    // provider's webhooks, not the merchant's: what it left counts under `sandbox_webhooks`).
    // Without a long-lived worker each sandbox request also runs one pass after its response
    // (lib/embedded-provider).
    name: 'sandbox-worker',
    start: async () => (await import('@/lib/embedded-provider')).startSandboxWorker(),
    stop: async () => (await import('@/lib/embedded-provider')).stopSandboxWorker(),
    pass: {
      left: 'sandbox_webhooks',
      shareMs: 500,
      run: async () => ({ left: (await (await import('@/lib/embedded-provider')).runSandboxPass()).pending }),
    },
  },
];

/** A Node host: starts every job's loop and registers its stop with the shutdown steps. */
export async function startBackgroundJobs(jobs: readonly BackgroundJob[] = BACKGROUND_JOBS): Promise<void> {
  for (const job of jobs) {
    await job.start();
    onShutdown(job.name, () => job.stop());
  }
}

/** The cron answer's `left` keys: one per job of the list that has a pass, in its order. */
export const CRON_LEFT_KEYS: readonly string[] = BACKGROUND_JOBS.flatMap((job) => (job.pass ? [job.pass.left] : []));

export type CronResult = PassCounts & { left: Record<string, number> };

/**
 * The cron route: every job's pass, one after the other, in the list's order, each within its
 * share of `budgetMs` (a job that starts late because the one before ran long gets less); the
 * counts summed, and what each left.
 */
export async function runJobPasses(jobs: readonly BackgroundJob[] = BACKGROUND_JOBS, budgetMs = CRON_BUDGET_MS): Promise<CronResult> {
  const result: CronResult = { checked: 0, changed: 0, left: Object.fromEntries(CRON_LEFT_KEYS.map((key) => [key, 0])) };
  const started = Date.now();
  let until = 0;
  for (const job of jobs) {
    if (!job.pass) continue;
    until += (budgetMs * job.pass.shareMs) / CRON_BUDGET_MS;
    const done = await job.pass.run(Math.max(0, started + until - Date.now()));
    result.checked += done.checked ?? 0;
    result.changed += done.changed ?? 0;
    result.left[job.pass.left] = (result.left[job.pass.left] ?? 0) + done.left;
  }
  return result;
}
