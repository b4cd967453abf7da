import { handleCronReconcile } from '@/lib/payments/cron';

export const dynamic = 'force-dynamic';

export async function GET(req: Request) {
  return handleCronReconcile(req);
}

export async function POST(req: Request) {
  return handleCronReconcile(req);
}
