/** "Exportar CSV" of Assinaturas: session and permission checked here; subscribers masked for a role without `buyers:read`. */
import { merchantFor, routeRefusal } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { recordActivity } from '@/lib/security';
import { subscriptionsCsv } from '@/lib/subscriptions';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/assinaturas');
  const { merchant } = access;
  await recordActivity({ actor: merchant, action: 'export', summary: 'Exportou assinaturas em CSV', target: null, headers: request.headers });
  return new Response(await subscriptionsCsv(!can(merchant.role, 'buyers:read')), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="assinaturas.csv"', 'Cache-Control': 'no-store' },
  });
}
