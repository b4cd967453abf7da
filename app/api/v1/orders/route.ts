import { getOrders } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** GET /api/v1/orders?cursor=&limit= (docs/api.md). */
export function GET(req: Request) {
  return getOrders(req);
}
