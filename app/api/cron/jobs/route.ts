import { handleCronJobs } from '@/lib/jobs/cron';
import { withAfterPass } from '@/lib/server/after-pass';

export const dynamic = 'force-dynamic';

/**
 * One bounded pass of every background job (lib/jobs): what a host without a long-lived process
 * (Vercel) runs on a schedule. What the pass writes to the outbox leaves after the response.
 */
const pass = (req: Request) => withAfterPass(() => handleCronJobs(req));

export async function GET(req: Request) {
  return pass(req);
}

export async function POST(req: Request) {
  return pass(req);
}
