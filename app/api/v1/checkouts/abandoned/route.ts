import { getAbandonedCheckouts } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** GET /api/v1/checkouts/abandoned?cursor=&limit= (docs/reference.md). */
export function GET(req: Request) {
  return getAbandonedCheckouts(req);
}
