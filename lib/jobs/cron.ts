/**
 * GET|POST /api/cron/jobs (and its old path /api/cron/reconcile): `Authorization: Bearer <CRON_SECRET>` (what Vercel Cron
 * sends) runs one bounded pass of every background job (./jobs.ts: reconciliation, the carrier's
 * tracking, the outbox channels) within CRON_BUDGET_MS → 200 {"checked": n, "changed": n,
 * "left": {"payments", "tracking", "emails", "webhooks", "pixels" …}} (the reconciliation's
 * counts, and what the next run continues with: one key per job, from the job list). No
 * CRON_SECRET configured, or a wrong one → 401. Compared in constant time. Where no process
 * stays up (Vercel), this is what runs the jobs; on a Node host their loops already do, and a
 * pass here finds little to do.
 */
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/config/env';
import { logger, redactSecrets } from '@/lib/server/log';
import { BACKGROUND_JOBS, CRON_BUDGET_MS, runJobPasses, type BackgroundJob } from './jobs';

/** True when the header carries exactly `Bearer <secret>`. Hashing first makes the compare length-independent. */
export function isAuthorizedCron(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const m = /^Bearer (.+)$/.exec(authorization.trim());
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1]), digest(secret));
}

export async function handleCronJobs(
  req: Request,
  { jobs = BACKGROUND_JOBS, budgetMs = CRON_BUDGET_MS }: { jobs?: readonly BackgroundJob[]; budgetMs?: number } = {},
): Promise<Response> {
  const noStore = { 'Cache-Control': 'no-store' };
  if (!isAuthorizedCron(req.headers.get('authorization'), env().cronSecret)) {
    return Response.json({ error: 'unauthorized' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } });
  }
  try {
    const started = Date.now();
    const { checked, changed, left } = await runJobPasses(jobs, budgetMs);
    if (Object.values(left).some((n) => n > 0)) logger().info({ left, ms: Date.now() - started }, 'cron: work left for the next run');
    return Response.json({ checked, changed, left }, { headers: noStore });
  } catch (error) {
    logger().error({ err: redactSecrets(String(error)) }, 'cron jobs pass failed');
    return Response.json({ error: 'reconciliation failed, retry later' }, { status: 503, headers: { ...noStore, 'Retry-After': '30' } });
  }
}
