/**
 * "Exportar dados": everything stored about one buyer (lib/buyers/buyer-data.ts), as JSON or
 * as the orders' CSV (the columns of "Exportar CSV"). Needs `buyers:read`: the export is the
 * buyer's whole data, never masked.
 */
import { merchantFor, plainTextResponse, routeRefusal } from '@/lib/auth';
import { buyerDataExport, buyerOrders } from '@/lib/buyers/buyer-data';
import { parseBuyerQuery } from '@/lib/buyers/query';
import { CSV_BOM, csvRow } from '@/lib/csv/write';
import { ORDER_CSV_HEADER, orderCsvRow } from '@/lib/orders/admin';
import { logger } from '@/lib/server/log';
import { countSearch, SEARCH_RATE_LIMITED_MESSAGE } from '@/lib/orders';
import { recordActivity } from '@/lib/security';
import { maskDocument, maskEmail } from '@balcao/br/personal-data';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const access = await merchantFor('buyers:read');
  if (!access.ok) return routeRefusal(request, access, '/dashboard/settings/comprador');
  const parsed = parseBuyerQuery(url.searchParams.get('q'));
  if (!parsed.ok) return plainTextResponse(400, parsed.error);
  // A search by CPF or e-mail, counted like every dashboard search (lib/orders/search-scope.ts).
  const limit = await countSearch(access.merchant.id);
  if (!limit.ok) return plainTextResponse(429, SEARCH_RATE_LIMITED_MESSAGE, { 'Retry-After': String(limit.retryAfterSeconds) });
  const format = url.searchParams.get('format') === 'csv' ? 'csv' : 'json';
  const stamp = new Date().toISOString().slice(0, 10);
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  logger().info({ actor: access.merchant.id, format }, 'buyer data exported');
  await recordActivity({
    actor: access.merchant,
    action: 'export',
    summary: `Exportou os dados de um comprador (${format.toUpperCase()})`,
    target: parsed.query.kind === 'document' ? maskDocument(parsed.query.document) : maskEmail(parsed.query.email),
    headers: request.headers,
  });
  if (format === 'csv') {
    const rows = await buyerOrders(parsed.query);
    const body = CSV_BOM + csvRow(ORDER_CSV_HEADER) + rows.map(orderCsvRow).join('');
    return new Response(body, { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="dados-do-comprador-${stamp}.csv"` } });
  }
  const data = await buyerDataExport(parsed.query);
  return new Response(JSON.stringify(data, null, 2), {
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="dados-do-comprador-${stamp}.json"` },
  });
}
