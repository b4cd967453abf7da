import { getCheckoutSession } from '@/lib/checkout/sessions/api/routes';

export const dynamic = 'force-dynamic';

/** GET /api/v1/checkout/sessions/<id> (docs/api.md). */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return getCheckoutSession(req, (await params).id);
}
