import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutdownNames } from '@/lib/server/shutdown';
import { startProcessContext } from '@/lib/process/context';
import { BACKGROUND_JOBS, runJobPasses, startBackgroundJobs, type BackgroundJob } from './jobs';

const ROOT = path.resolve(__dirname, '..', '..');
const source = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** Every job of the list with its start, stop and pass replaced by spies. */
function spiedJobs() {
  const calls: string[] = [];
  const jobs: BackgroundJob[] = BACKGROUND_JOBS.map((job) => ({
    name: job.name,
    start: vi.fn(async () => void calls.push(`start ${job.name}`)),
    stop: vi.fn(async () => void calls.push(`stop ${job.name}`)),
    pass: job.pass && vi.fn(async () => void calls.push(`pass ${job.name}`)),
  }));
  return { jobs, calls };
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

  it('the cron runs the pass of every job that has one, in the list order, and sums what they counted', async () => {
    const { jobs, calls } = spiedJobs();
    expect(await runJobPasses(jobs)).toEqual({ checked: 0, changed: 0 });
    expect(calls).toEqual(BACKGROUND_JOBS.filter((j) => j.pass).map((j) => `pass ${j.name}`));
    const counting: BackgroundJob = { name: 'x', start: async () => {}, stop: async () => {}, pass: async () => ({ checked: 3, changed: 1 }) };
    expect(await runJobPasses([counting, counting])).toEqual({ checked: 6, changed: 2 });
  });

  it('reconciliation runs first in the cron, so the e-mails and webhooks it causes go out in the same run', () => {
    expect(BACKGROUND_JOBS.map((j) => j.name)).toEqual(['reconcile-scheduler', 'email-worker', 'webhook-worker', 'sandbox-worker']);
  });

  it('neither the start-up nor the cron route runs a worker of its own: both go through this list', () => {
    const workers = /@\/lib\/(payments\/reconcile|email\/worker|email\/reminders|api\/webhook-worker|embedded-provider)['/]/;
    for (const file of ['lib/startup/start-server.ts', 'app/api/cron/reconcile/route.ts', 'lib/jobs/cron.ts']) {
      expect(source(file), file).not.toMatch(workers);
    }
    expect(source('lib/startup/start-server.ts')).toContain("import('@/lib/jobs/jobs')");
    expect(source('lib/startup/start-server.ts')).toContain('startBackgroundJobs()');
    expect(source('app/api/cron/reconcile/route.ts')).toContain("from '@/lib/jobs/cron'");
    expect(source('lib/jobs/cron.ts')).toContain('runJobPasses(jobs)');
  });
});
