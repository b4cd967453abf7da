import { handleCronReconcile } from '@/lib/jobs/cron';

export const dynamic = 'force-dynamic';

/** One pass of every background job (lib/jobs): what a host without a long-lived process (Vercel) runs on a schedule. */
export async function GET(req: Request) {
  return handleCronReconcile(req);
}

export async function POST(req: Request) {
  return handleCronReconcile(req);
}
