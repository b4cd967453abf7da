import { getSubscriptions } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** GET /api/v1/subscriptions?cursor=&limit= (docs/reference.md). */
export function GET(req: Request) {
  return getSubscriptions(req);
}
