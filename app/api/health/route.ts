import { sql } from 'drizzle-orm';
import { db } from '@/db';

export const dynamic = 'force-dynamic';

export async function GET() {
  let dbOk = true;
  try {
    await db().run(sql`select 1`);
  } catch {
    dbOk = false;
  }
  const body = { status: dbOk ? 'ok' : 'degraded', db: dbOk ? 'ok' : 'error', payment_api: 'ok' };
  return Response.json(body, { status: dbOk ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
