/**
 * GET|POST /api/cron/reconcile: `Authorization: Bearer <CRON_SECRET>` (what Vercel Cron
 * sends) runs one bounded chunk of the background work (reconciliation, due e-mails, the
 * merchant's webhooks) → 200 {"checked": n, "changed": n, "left": {"payments", "emails",
 * "webhooks"}}: what `left` counts, the next run continues. No CRON_SECRET
 * configured, or a wrong one → 401. Compared in constant time.
 */
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/config/env';
import { logger, redactSecrets } from '@/lib/server/log';
import { reconcileAll } from './reconcile';

/**
 * The cron route's time box: a function's limit is a few tens of seconds (Vercel: 10 s on
 * Hobby by default), so each run does a bounded chunk, reports what it left, and the next run
 * continues (reconciliation takes the least recently checked first, the outbox the longest due).
 */
export const CRON_BUDGET_MS = 10_000;
/** Of the budget: reconciliation may start payments until this far in, e-mails until the next mark; webhooks get the rest. */
const RECONCILE_SHARE_MS = 5_000;
const EMAIL_SHARE_MS = 2_500;

/** Reminders due, then the outbox drained within a time box (none when e-mails are off). */
async function sendDueEmails(deadlineMs: number) {
  if (env().email.mode === 'off') return undefined;
  const { enqueueDueReminders } = await import('@/lib/email/reminders');
  const { drainOutbox, outboxWorkLeft } = await import('@/lib/email/worker');
  await enqueueDueReminders();
  const sent = await drainOutbox({ deadlineMs: Math.max(1, deadlineMs) });
  return { sent, left: await outboxWorkLeft() };
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
 * `deliverWebhooks`: the merchant's outbound webhooks, one pass (lib/api's worker, passed in by
 * the route: that layer sits above this one). Where no process stays up (Vercel), this cron is
 * what delivers them; on a Node host the in-process worker already does, and a second pass
 * finds nothing due.
 */
export async function handleCronReconcile(
  req: Request,
  opts: { deliverWebhooks?: () => Promise<unknown>; webhooksLeft?: () => Promise<number>; budgetMs?: number } = {},
): Promise<Response> {
  const noStore = { 'Cache-Control': 'no-store' };
  if (!isAuthorizedCron(req.headers.get('authorization'), env().cronSecret)) {
    return Response.json({ error: 'unauthorized' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } });
  }
  try {
    const started = Date.now();
    const budget = opts.budgetMs ?? CRON_BUDGET_MS;
    const { checked, changed, left: payments } = await reconcileAll({ deadlineMs: (budget * RECONCILE_SHARE_MS) / CRON_BUDGET_MS });
    // Reminders, and what no after-pass sent (a lost instance, a failed attempt's retry).
    const emails = await sendDueEmails(started + (budget * (RECONCILE_SHARE_MS + EMAIL_SHARE_MS)) / CRON_BUDGET_MS - Date.now());
    if (emails && emails.sent.sent + emails.sent.failed + emails.sent.retry > 0) logger().info({ emails: emails.sent }, 'cron: e-mails sent');
    await opts.deliverWebhooks?.();
    const left = { payments, emails: emails?.left ?? 0, webhooks: (await opts.webhooksLeft?.()) ?? 0 };
    if (left.payments + left.emails + left.webhooks > 0) logger().info({ left, ms: Date.now() - started }, 'cron: work left for the next run');
    return Response.json({ checked, changed, left }, { headers: noStore });
  } catch (error) {
    logger().error({ err: redactSecrets(String(error)) }, 'cron reconcile failed');
    return Response.json({ error: 'reconciliation failed, retry later' }, { status: 503, headers: { ...noStore, 'Retry-After': '30' } });
  }
}
