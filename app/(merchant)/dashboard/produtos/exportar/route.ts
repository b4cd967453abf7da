/** "Exportar produtos": the products CSV (the format "Importar produtos" reads); session and permission checked here. */
import { merchantFor, routeRefusal } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { exportProductsCsv } from '@/lib/catalog';
import { recordActivity } from '@/lib/security';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/produtos');
  const csv = await exportProductsCsv(env().appUrl);
  await recordActivity({ actor: access.merchant, action: 'export', summary: 'Exportou os produtos (CSV)', target: 'Produtos', headers: request.headers });
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="produtos.csv"',
      'Cache-Control': 'no-store',
    },
  });
}
