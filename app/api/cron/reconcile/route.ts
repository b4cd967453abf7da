import { runWebhookWorkerOnce, webhookWorkLeft } from '@/lib/api/webhook-worker';
import { withAfterPass } from '@/lib/jobs/after-pass';
import { handleCronReconcile } from '@/lib/payments/cron';

export const dynamic = 'force-dynamic';

/** Reconciliation, due e-mails and the merchant's webhooks, a bounded chunk per run: what a host without a long-lived process (Vercel) runs on a schedule. */
const pass = (req: Request) => withAfterPass(() => handleCronReconcile(req, { deliverWebhooks: () => runWebhookWorkerOnce(), webhooksLeft: () => webhookWorkLeft() }));

export async function GET(req: Request) {
  return pass(req);
}

export async function POST(req: Request) {
  return pass(req);
}
