/**
 * "Imprimir declaração de conteúdo" and "Lista de separação": the PDF of one order
 * (`?kind=declaracao&order=<id>`), of the "A enviar" view (`?kind=declaracao&view=a-enviar`), or of
 * the orders list's selection ("Imprimir declarações": `selecao=1` with `pedido=<id>`… or
 * `todos=1`; the selected orders that have no such document are left out, and named in the
 * `X-Pedidos-Sem-Documento` header). A download cannot be a server action's answer without
 * JavaScript, so this bulk action is a GET of this route, checked here like the actions are.
 * Session and permission checked here (lib/auth/merchant-action.ts); a role without
 * `buyers:read` (the demonstration account) gets the buyers masked on the paper too.
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { can, type Role } from '@/lib/auth/permissions';
import { parseSelection, selectedOrderIds } from '@/lib/orders/admin';
import { shippingDocuments, type DocumentKind, type DocumentsRequest } from '@/lib/fulfilment';
import { logger } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

const KINDS: readonly DocumentKind[] = ['declaracao', 'separacao'];


/** One order (`order`), the "A enviar" view, or the orders list's selection (`selecao=1`: lib/orders/admin/order-selection.ts). */
async function documentsRequest(params: URLSearchParams, role: Role | null): Promise<{ ok: true; value: DocumentsRequest } | { ok: false; error: string }> {
  if (params.get('selecao') === '1') {
    const parsed = parseSelection(params);
    if (!parsed.ok) return parsed;
    const ids = await selectedOrderIds(parsed.selection, role);
    return ids.ok ? { ok: true, value: { orderIds: ids.ids } } : ids;
  }
  const orderId = params.get('order');
  if (orderId) return { ok: true, value: { orderId } };
  if (params.get('view') === 'a-enviar') return { ok: true, value: { toShip: true } };
  return { ok: false, error: 'Informe o pedido (order=…) ou view=a-enviar.' };
}

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const access = await merchantFor('dashboard:view');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/orders?view=a-enviar');
  const kind = url.searchParams.get('kind') as DocumentKind;
  if (!KINDS.includes(kind)) return plainTextResponse(400, 'Documento desconhecido: use kind=declaracao ou kind=separacao.');
  const request_ = await documentsRequest(url.searchParams, access.merchant.role);
  if (!request_.ok) return plainTextResponse(400, request_.error);

  const result = await shippingDocuments(kind, request_.value, { masked: !can(access.merchant.role, 'buyers:read') });
  if (!result.ok) return plainTextResponse(result.status, result.error);
  logger().info({ actor: access.merchant.id, kind, orders: result.count, skipped: result.skipped.length }, 'shipping documents printed');
  return new Response(Buffer.from(result.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${result.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(result.skipped.length ? { 'X-Pedidos-Sem-Documento': result.skipped.map((k) => k.label).join(', ') } : {}),
    },
  });
}
