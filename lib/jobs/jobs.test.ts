import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutdownNames } from '@/lib/server/shutdown';
import { startProcessContext } from '@/lib/process/context';
import { BACKGROUND_JOBS, CRON_BUDGET_MS, CRON_LEFT_KEYS, OUTBOX_CHANNELS, runJobPasses, startBackgroundJobs, type BackgroundJob } from './jobs';
import { outboxDeliverers } from './after-pass-deliverers';

const ROOT = path.resolve(__dirname, '..', '..');
const source = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** Every job of the list with its start, stop and pass replaced by spies. */
function spiedJobs() {
  const calls: string[] = [];
  const budgets: number[] = [];
  const jobs: BackgroundJob[] = BACKGROUND_JOBS.map((job) => ({
    name: job.name,
    start: vi.fn(async () => void calls.push(`start ${job.name}`)),
    stop: vi.fn(async () => void calls.push(`stop ${job.name}`)),
    pass: job.pass && {
      ...job.pass,
      run: vi.fn(async (budgetMs: number) => {
        calls.push(`pass ${job.name}`);
        budgets.push(budgetMs);
        return { left: 0 };
      }),
    },
  }));
  return { jobs, calls, budgets };
}

afterEach(() => startProcessContext());

describe('the background jobs, listed once', () => {
  it('the Node host starts every job of the list and registers each stop under its name', async () => {
    startProcessContext();
    const { jobs, calls } = spiedJobs();
    await startBackgroundJobs(jobs);
    expect(calls).toEqual(BACKGROUND_JOBS.map((j) => `start ${j.name}`));
    expect(shutdownNames()).toEqual(BACKGROUND_JOBS.map((j) => j.name));
  });

  it('the cron runs the pass of every job that has one, in the list order, and sums what they counted and left', async () => {
    const { jobs, calls, budgets } = spiedJobs();
    expect(await runJobPasses(jobs)).toEqual({ checked: 0, changed: 0, left: { payments: 0, tracking: 0, subscriptions: 0, reviews: 0, emails: 0, webhooks: 0, pixels: 0, whatsapp: 0, invoices: 0, pushes: 0, sandbox_webhooks: 0 } });
    expect(calls).toEqual(BACKGROUND_JOBS.filter((j) => j.pass).map((j) => `pass ${j.name}`));
    // Each pass gets its share of the time box, and the shares fill it.
    expect(BACKGROUND_JOBS.reduce((sum, j) => sum + (j.pass?.shareMs ?? 0), 0)).toBe(CRON_BUDGET_MS);
    // Instant passes: each may run until the end of its own share, counted from the start.
    let until = 0;
    for (const [i, job] of BACKGROUND_JOBS.filter((j) => j.pass).entries()) {
      until += job.pass!.shareMs;
      expect(budgets[i]).toBeLessThanOrEqual(until);
      expect(budgets[i]).toBeGreaterThan(until - 1_000);
    }
    const counting: BackgroundJob = {
      name: 'x',
      start: async () => {},
      stop: async () => {},
      pass: { left: 'emails', shareMs: 1_000, run: async () => ({ checked: 3, changed: 1, left: 2 }) },
    };
    expect(await runJobPasses([counting, counting])).toEqual({ checked: 6, changed: 2, left: { payments: 0, tracking: 0, subscriptions: 0, reviews: 0, emails: 4, webhooks: 0, pixels: 0, whatsapp: 0, invoices: 0, pushes: 0, sandbox_webhooks: 0 } });
  });

  it('a pass that ran long leaves the next one only what remains of the time box', async () => {
    const slow: BackgroundJob = { name: 'slow', start: async () => {}, stop: async () => {}, pass: { left: 'payments', shareMs: 5_000, run: async () => { await new Promise((r) => setTimeout(r, 60)); return { left: 0 }; } } };
    let given = -1;
    const next: BackgroundJob = { name: 'next', start: async () => {}, stop: async () => {}, pass: { left: 'emails', shareMs: 5_000, run: async (b) => { given = b; return { left: 0 }; } } };
    await runJobPasses([slow, next], 100);
    // 100 − 60 = 40, give or take the timer firing a millisecond early; without the deduction it would be 50.
    expect(given).toBeLessThanOrEqual(45);
    expect(given).toBeGreaterThanOrEqual(0);
  });

  it('reconciliation runs first in the cron, so the e-mails and webhooks it causes go out in the same run', () => {
    expect(BACKGROUND_JOBS.map((j) => j.name)).toEqual(['reconcile-scheduler', 'carrier-tracking', 'subscription-cycles', 'review-requests', 'email-worker', 'webhook-worker', 'pixel-sender', 'whatsapp-sender', 'nfe-issuer', 'push-sender', 'sandbox-worker']);
  });

  it('neither the start-up nor the cron route runs a worker of its own: both go through this list', () => {
    const workers = /@\/lib\/(payments\/reconcile|fulfilment\/carrier-tracking|email\/worker|email\/reminders|outbound-events\/delivery\/webhook-worker|embedded-provider|reviews\/request-loop)['/]/;
    for (const file of ['lib/startup/start-server.ts', 'app/api/cron/jobs/route.ts', 'lib/jobs/cron.ts']) {
      expect(source(file), file).not.toMatch(workers);
    }
    expect(source('lib/startup/start-server.ts')).toContain("import('@/lib/jobs/jobs')");
    expect(source('lib/startup/start-server.ts')).toContain('startBackgroundJobs()');
    expect(source('app/api/cron/jobs/route.ts')).toContain("from '@/lib/jobs/cron'");
    // The old path is the same route, not a second copy of it.
    expect(source('app/api/cron/reconcile/route.ts')).toContain("export { GET, POST } from '../jobs/route'");
    expect(source('lib/jobs/cron.ts')).toContain('runJobPasses(jobs, budgetMs)');
  });

  it('each outbox channel is one entry: its job, its cron key and its after-pass come from it, and its worker answers to its name', async () => {
    expect(CRON_LEFT_KEYS).toEqual(['payments', 'tracking', 'subscriptions', 'reviews', 'emails', 'webhooks', 'pixels', 'whatsapp', 'invoices', 'pushes', 'sandbox_webhooks']);
    expect(CRON_LEFT_KEYS).toEqual(BACKGROUND_JOBS.flatMap((j) => (j.pass ? [j.pass.left] : [])));
    for (const entry of OUTBOX_CHANNELS) {
      expect(BACKGROUND_JOBS.find((j) => j.name === entry.name)?.pass?.left).toBe(entry.left);
      expect((await entry.worker()).name).toBe(entry.channel);
    }
    expect(Object.keys(outboxDeliverers)).toEqual(OUTBOX_CHANNELS.map((e) => e.channel));
    // The cron's log line reports every key, not a hand-written few.
    expect(source('lib/jobs/cron.ts')).not.toMatch(/left\.(emails|webhooks|pixels)/);
  });
});
