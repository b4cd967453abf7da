import { postRefund } from '@/lib/public-api';

export const dynamic = 'force-dynamic';

/** POST /api/v1/orders/<id>/refunds (Pix; docs/api.md). */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return postRefund(req, (await params).id);
}
