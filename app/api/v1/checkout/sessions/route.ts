import { postCheckoutSession } from '@/lib/checkout/sessions/api/routes';

export const dynamic = 'force-dynamic';

/** POST /api/v1/checkout/sessions (docs/api.md). */
export function POST(req: Request) {
  return postCheckoutSession(req);
}
