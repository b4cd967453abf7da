/**
 * Benchmark baseline (bench/, BENCHMARKS.md): the bare framework cost of a route handler in
 * this same build. GET answers the status route's JSON shape with its headers; POST answers
 * the webhook route's success body. Only in the bench's build (bench/next.config.bench.mjs adds
 * `.bench.ts` to the pageExtensions); a production build has no /api/bench route.
 */
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

const SNAPSHOT = { status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2025-01-01T00:00:00.000Z', fulfillment: null } as const;

export async function GET() {
  return Response.json(SNAPSHOT, { headers: NO_STORE });
}

export async function POST(request: Request) {
  // Read the body as the webhook route does, so both sides pay for receiving it.
  await request.arrayBuffer();
  return Response.json({ received: true }, { headers: NO_STORE });
}
