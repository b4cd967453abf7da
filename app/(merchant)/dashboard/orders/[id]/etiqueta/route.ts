/**
 * "Imprimir etiqueta": the carrier label's PDF of one order, fetched by the server from Melhor
 * Envio (lib/fulfilment/labels.ts labelPdfOf), so the account's token never reaches the browser.
 * Session and permission checked here; the label names the buyer and their address, so a role
 * that sees buyers masked does not get it.
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { labelPdfOf } from '@/lib/fulfilment';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };


export async function GET(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  const access = await merchantFor('fulfilment:act');
  if (!access.ok) return routeRefusal(request, access, `/dashboard/orders/${encodeURIComponent(id)}`);
  if (!can(access.merchant.role, 'buyers:read')) return plainTextResponse(403, refusalMessage(access.merchant.role, 'buyers:read'));
  if (!/^[0-9a-f-]{36}$/i.test(id)) return plainTextResponse(404, 'Pedido não encontrado.');
  const result = await labelPdfOf(id.toLowerCase());
  if (!result.ok) return plainTextResponse(result.status, result.error);
  return new Response(Buffer.from(result.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${result.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
