/**
 * "Imprimir etiquetas": the carrier labels of the orders list's selection (`selecao=1` with
 * `pedido=<id>`… or `todos=1`; lib/orders/admin/order-selection.ts) in one PDF, fetched by the
 * server from Melhor Envio (lib/fulfilment/labels.ts labelsPdfOf), so the token never reaches the
 * browser. Orders without a label are left out and named in `X-Pedidos-Sem-Etiqueta`. A download
 * cannot be a server action's answer without JavaScript, so this bulk action is a GET, checked
 * here like "Imprimir etiqueta": the labels name buyers and their addresses, so a role that sees
 * buyers masked does not get them.
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { labelsPdfOf } from '@/lib/fulfilment';
import { parseSelection, selectedOrderIds } from '@/lib/orders/admin';

export const dynamic = 'force-dynamic';


export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const access = await merchantFor('fulfilment:act');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/orders');
  if (!can(access.merchant.role, 'buyers:read')) return plainTextResponse(403, refusalMessage(access.merchant.role, 'buyers:read'));
  const parsed = parseSelection(url.searchParams);
  if (!parsed.ok) return plainTextResponse(400, parsed.error);
  const ids = await selectedOrderIds(parsed.selection, access.merchant.role);
  if (!ids.ok) return plainTextResponse(400, ids.error);
  const result = await labelsPdfOf(ids.ids);
  if (!result.ok) return plainTextResponse(result.status, result.error);
  return new Response(Buffer.from(result.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${result.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(result.missing.length ? { 'X-Pedidos-Sem-Etiqueta': result.missing.join(', ') } : {}),
    },
  });
}
