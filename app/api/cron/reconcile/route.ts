import { runWebhookWorkerOnce } from '@/lib/api/webhook-worker';
import { handleCronReconcile } from '@/lib/payments/cron';
import { runDraftScan } from '@/lib/checkout-drafts/scan';

export const dynamic = 'force-dynamic';

/** Reconciliation, due e-mails and the merchant's webhooks: what a host without a long-lived process (Vercel) runs on a schedule. */
const pass = (req: Request) => handleCronReconcile(req, { deliverWebhooks: () => runWebhookWorkerOnce(), scanDrafts: () => runDraftScan() });

export async function GET(req: Request) {
  return pass(req);
}

export async function POST(req: Request) {
  return pass(req);
}
