/**
 * GET|POST /api/cron/reconcile: `Authorization: Bearer <CRON_SECRET>` (what Vercel Cron
 * sends) runs one reconciliation pass → 200 {"checked": n, "changed": n}. No CRON_SECRET
 * configured, or a wrong one → 401. Compared in constant time.
 */
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/config/env';
import { logger, redactSecrets } from '@/lib/server/log';
import { reconcileAll } from './reconcile';

/** Reminders due, then the outbox drained within a time box (none when e-mails are off). */
async function sendDueEmails(beforeDrain?: () => Promise<unknown>) {
  if (env().email.mode === 'off') return undefined;
  const { enqueueDueReminders } = await import('@/lib/email/reminders');
  const { drainOutbox } = await import('@/lib/email/worker');
  await enqueueDueReminders();
  await beforeDrain?.();
  return drainOutbox({ deadlineMs: 20_000 });
}

/** True when the header carries exactly `Bearer <secret>`. Hashing first makes the compare length-independent. */
export function isAuthorizedCron(authorization: string | null, secret: string | undefined): boolean {
  if (!secret || !authorization) return false;
  const m = /^Bearer (.+)$/.exec(authorization.trim());
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1]), digest(secret));
}

/**
 * `scanDrafts`: the abandoned-checkout reminders and deletions (lib/checkout-drafts/scan.ts, also
 * passed in from above), run before the outbox drains.
 * `deliverWebhooks`: the merchant's outbound webhooks, one pass (lib/api's worker, passed in by
 * the route: that layer sits above this one). Where no process stays up (Vercel), this cron is
 * what delivers them; on a Node host the in-process worker already does, and a second pass
 * finds nothing due.
 */
export async function handleCronReconcile(req: Request, opts: { deliverWebhooks?: () => Promise<unknown>; scanDrafts?: () => Promise<unknown> } = {}): Promise<Response> {
  const noStore = { 'Cache-Control': 'no-store' };
  if (!isAuthorizedCron(req.headers.get('authorization'), env().cronSecret)) {
    return Response.json({ error: 'unauthorized' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } });
  }
  try {
    const { checked, changed } = await reconcileAll();
    // Where no process stays up between requests (Vercel), this is also what sends e-mails.
    const emails = await sendDueEmails(opts.scanDrafts);
    if (emails && emails.sent + emails.failed + emails.retry > 0) logger().info({ emails }, 'cron: e-mails sent');
    await opts.deliverWebhooks?.();
    return Response.json({ checked, changed }, { headers: noStore });
  } catch (error) {
    logger().error({ err: redactSecrets(String(error)) }, 'cron reconcile failed');
    return Response.json({ error: 'reconciliation failed, retry later' }, { status: 503, headers: { ...noStore, 'Retry-After': '30' } });
  }
}
