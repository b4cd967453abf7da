import { healthReport } from './check';

export const dynamic = 'force-dynamic';

/** 200 {"status":"ok","db":"ok","payment_api":"ok"}; 503 "degraded" naming the part that failed. */
export async function GET() {
  let body;
  try {
    body = await healthReport();
  } catch {
    body = { status: 'degraded', db: 'error', payment_api: 'error' } as const;
  }
  return Response.json(body, { status: body.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
