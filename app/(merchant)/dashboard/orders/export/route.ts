/**
 * "Exportar CSV": the orders of the list's filters (same query parameters), newest first,
 * streamed in keyset batches so 100,000 orders never sit in memory. Session checked here:
 * without one, a browser is sent to /login and anything else gets 401.
 */
import { getMerchantOrNull } from '@/lib/auth/session';
import { CSV_BOM, exportFileName, ORDER_CSV_HEADER, orderCsvRow, csvRow } from '@/lib/dashboard/csv';
import { orderQueryString, parseOrderQuery } from '@/lib/dashboard/order-filters';
import { ordersForExport } from '@/lib/dashboard/orders-query';
import { logger } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const { filters } = parseOrderQuery(url.searchParams);
  const merchant = await getMerchantOrNull();
  if (!merchant) {
    if ((request.headers.get('accept') ?? '').includes('text/html')) {
      const qs = orderQueryString(filters);
      const login = new URL('/login', url);
      login.searchParams.set('callbackUrl', `/dashboard/orders${qs ? `?${qs}` : ''}`);
      return Response.redirect(login, 303);
    }
    return new Response('Sessão expirada: entre novamente.\n', {
      status: 401,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }

  const encoder = new TextEncoder();
  const batches = ordersForExport(filters);
  let rows = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(ORDER_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          logger().info({ actor: merchant.id, rows }, 'orders exported');
          controller.close();
          return;
        }
        rows += next.value.length;
        controller.enqueue(encoder.encode(next.value.map(orderCsvRow).join('')));
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
