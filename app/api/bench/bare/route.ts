/**
 * Benchmark baseline (bench/, BENCHMARKS.md): the bare framework cost of a route handler in
 * this same build. GET answers the status route's JSON shape with its headers; POST answers
 * the webhook route's success body. Off (404) unless the process runs with BENCH_ROUTES=1:
 * a switch read at request time by the benchmark scripts only, not app configuration.
 */
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };
const enabled = () => process.env.BENCH_ROUTES === '1';
const notFound = () => Response.json({ error: 'not found' }, { status: 404, headers: NO_STORE });

const SNAPSHOT = { status: 'pending', paid_at: null, refunded_cents: 0, updated_at: '2025-01-01T00:00:00.000Z' } as const;

export async function GET() {
  if (!enabled()) return notFound();
  return Response.json(SNAPSHOT, { headers: NO_STORE });
}

export async function POST(request: Request) {
  if (!enabled()) return notFound();
  // Read the body as the webhook route does, so both sides pay for receiving it.
  await request.arrayBuffer();
  return Response.json({ received: true }, { headers: NO_STORE });
}
