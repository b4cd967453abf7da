/**
 * Benchmark baseline with a dynamic segment (bench/t1-status-route.ts, t2-webhook-route.ts):
 * the same bare answers as ../route.ts behind a [token] segment, so that the framework's
 * dynamic routing and `await params` are on both sides when compared with
 * /api/orders/<token>/status and /api/webhooks/payments/<token>.
 * Only in the bench's build (bench/next.config.bench.mjs), like ../route.bench.ts.
 */
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

const SNAPSHOT = { status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2025-01-01T00:00:00.000Z', fulfillment: null } as const;

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  await params;
  return Response.json(SNAPSHOT, { headers: NO_STORE });
}

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  await params;
  // Read the body as the webhook route does, so both sides pay for receiving it.
  await request.arrayBuffer();
  return Response.json({ received: true }, { headers: NO_STORE });
}
