/**
 * Bling's OAuth redirect (the "Link de redirecionamento" of the app registered in Bling):
 * `?code=…&state=…`. The signed-in merchant who may manage invoices finishes the connection;
 * the state must be the one this shop made (lib/nfe/connection.ts). Back to Configurações.
 */
import { merchantFor, routeRefusal } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { finishAuthorization } from '@/lib/nfe';
import { recordRequestActivity } from '@/lib/security';

export const dynamic = 'force-dynamic';

const SETTINGS = '/dashboard/settings/nota-fiscal';

export async function GET(request: Request): Promise<Response> {
  const access = await merchantFor('invoices:manage');
  if (!access.ok) return routeRefusal(request, access, SETTINGS);
  const q = new URL(request.url).searchParams;
  const result = await finishAuthorization({ code: q.get('code'), state: q.get('state'), error: q.get('error') });
  if (result.ok) await recordRequestActivity({ actor: access.merchant, action: 'nfe', summary: 'Conectou o Bling', target: 'nota-fiscal' });
  const to = new URL(SETTINGS, env().appUrl);
  to.searchParams.set(result.ok ? 'conectado' : 'erro', result.ok ? '1' : result.message);
  return new Response(null, { status: 303, headers: { Location: to.toString(), 'Cache-Control': 'no-store' } });
}
