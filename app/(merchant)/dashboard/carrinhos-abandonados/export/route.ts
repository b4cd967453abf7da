/** "Exportar CSV" of Carrinhos abandonados: session and permission checked here; contacts masked for a role without `buyers:read`. */
import { merchantFor, routeRefusal } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { recordActivity } from '@/lib/security';
import { shopNow } from '@/lib/embedded-provider/clock';
import { CSV_BOM, csvRow } from '@/lib/csv/write';
import { ABANDONED_CSV_HEADER, abandonedCheckouts, abandonedCsvRow } from '@/lib/checkout';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/carrinhos-abandonados');
  const { merchant } = access;
  await recordActivity({ actor: merchant, action: 'export', summary: 'Exportou carrinhos abandonados em CSV', target: null, headers: request.headers });
  const reveal = can(merchant.role, 'buyers:read');
  const now = shopNow();
  let out = CSV_BOM + csvRow(ABANDONED_CSV_HEADER);
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await abandonedCheckouts({ limit: 100, cursor, reveal, now });
    for (const r of page.rows) out += abandonedCsvRow(r);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return new Response(out, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="carrinhos-abandonados.csv"',
      'Cache-Control': 'no-store',
    },
  });
}
