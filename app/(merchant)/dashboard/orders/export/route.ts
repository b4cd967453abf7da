/**
 * "Exportar CSV": the orders of the list's filters (same query parameters), newest first,
 * streamed in keyset batches so 100,000 orders never sit in memory. Session and permission
 * checked here (lib/auth/merchant-action.ts): without a session, a browser is sent to /login
 * and anything else gets 401; a role without `buyers:read` (the demonstration account) gets
 * the buyers masked, and its search only by order number (lib/orders/search-scope.ts: which
 * rows a name or CPF filter returns would tell the buyer's data). The orders list's bulk bar
 * exports its selection here too (`selecao=1`: the checked orders, or "todos os N do filtro").
 * Every export counts toward the
 * person's search limit (429 beyond it).
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { can, type Role } from '@/lib/auth/permissions';
import { parseSelection, selectedOrderIds, exportFileName, ORDER_CSV_HEADER, orderCsvRow } from '@/lib/orders/admin';
import { recordActivity } from '@/lib/security';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { CSV_BOM, csvRow } from '@/lib/csv/write';
import { orderQueryString, parseOrderQuery, ordersForExport, countSearch, scopeSearch, SEARCH_RATE_LIMITED_MESSAGE } from '@/lib/orders';
import { logger } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

/**
 * The orders list's selection ("Exportar CSV" of the bulk bar, `selecao=1`): the checked ids,
 * or the "A enviar" list's; "todos os N do filtro" is the filter's own export (null: no ids).
 */
async function selectionIds(params: URLSearchParams, role: Role | null): Promise<{ ok: true; ids: string[] } | { ok: false; error: string } | null> {
  if (params.get('selecao') !== '1') return null;
  const parsed = parseSelection(params);
  if (!parsed.ok) return parsed;
  if ('filters' in parsed.selection) return null;
  return selectedOrderIds(parsed.selection, role);
}

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const { filters: asked } = parseOrderQuery(url.searchParams);
  const access = await merchantFor('dashboard:view');
  if (!access.ok) {
    const qs = orderQueryString(asked);
    return routeRefusal(request, access, `/dashboard/orders${qs ? `?${qs}` : ''}`);
  }

  const { merchant } = access;
  const { filters, refused } = scopeSearch(merchant.role, asked);
  if (refused) return plainTextResponse(400, refused);
  const selection = await selectionIds(url.searchParams, merchant.role);
  if (selection && !selection.ok) return plainTextResponse(400, selection.error);
  const limit = await countSearch(merchant.id);
  if (!limit.ok) return plainTextResponse(429, SEARCH_RATE_LIMITED_MESSAGE, { 'Retry-After': String(limit.retryAfterSeconds) });
  await recordActivity({ actor: merchant, action: 'export', summary: 'Exportou pedidos em CSV', target: selection ? `${selection.ids.length} selecionados` : orderQueryString(filters) || null, headers: request.headers });
  const shown = can(merchant.role, 'buyers:read') ? orderCsvRow : (o: Parameters<typeof orderCsvRow>[0]) => orderCsvRow(maskOrderBuyer(o));
  const encoder = new TextEncoder();
  const batches = ordersForExport(filters, undefined, selection?.ids);
  let rows = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(ORDER_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          logger().info({ actor: merchant.id, rows, masked: shown !== orderCsvRow }, 'orders exported');
          controller.close();
          return;
        }
        rows += next.value.length;
        controller.enqueue(encoder.encode(next.value.map(shown).join('')));
      } catch (error) {
        logger().error({ err: error }, 'orders export failed');
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });

  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName()}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
