import { getReviews } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** GET /api/v1/reviews?cursor=&limit= (docs/api.md). */
export function GET(req: Request) {
  return getReviews(req);
}
