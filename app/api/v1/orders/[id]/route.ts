import { getOrder } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** GET /api/v1/orders/<id> (docs/api.md). */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return getOrder(req, (await params).id);
}
