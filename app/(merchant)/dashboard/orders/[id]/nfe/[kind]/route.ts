/**
 * "Baixar DANFE" / "Baixar XML": the authorised note's file, fetched by the server from Bling
 * (lib/nfe/invoice-view.ts invoiceFile). Both name the buyer: the DANFE needs the buyers'
 * data whole, the XML the invoices permission (the public demo's login sees the key only).
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { invoiceFile } from '@/lib/nfe';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; kind: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { id, kind } = await context.params;
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, `/dashboard/orders/${encodeURIComponent(id)}`);
  if (kind !== 'danfe' && kind !== 'xml') return plainTextResponse(404, 'Arquivo não encontrado.');
  const needs = kind === 'xml' ? 'invoices:manage' : 'buyers:read';
  if (!can(access.merchant.role, needs)) return plainTextResponse(403, refusalMessage(access.merchant.role, needs));
  if (!/^[0-9a-f-]{36}$/i.test(id)) return plainTextResponse(404, 'Pedido não encontrado.');
  const file = await invoiceFile(id.toLowerCase(), kind);
  if (!file) return plainTextResponse(404, 'A NF-e deste pedido não está disponível.');
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
