/**
 * The orders list's selection for its bulk actions ("Imprimir declarações", "Marcar como
 * enviados", "Exportar CSV"): the checked rows (`pedido`, one per order id), or "todos os N do
 * filtro" (`todos=1` with the list's own query: its filters, or `view=a-enviar`). The bulk form
 * is a plain GET form, so the selection travels as query parameters and works without
 * JavaScript. A selection holds at most SELECTION_MAX orders: a day's post office run.
 */
import 'server-only';
import { asc, desc, sql } from 'drizzle-orm';
import { db } from '@/db';
import { orders } from '@/db/schema';
import type { Role } from '@/lib/auth/permissions';
import { SELECTION_MAX } from './selection-limits';
import { parseOrderQuery, type OrderFilters } from '@/lib/orders/order-filters';
import { toShipWhere, whereOf } from '@/lib/orders/orders-query';
import { scopeSearch } from '@/lib/orders/search-scope';

export { SELECTION_MAX };
export const EMPTY_SELECTION = 'Selecione ao menos um pedido.';

export type OrderSelection = { ids: string[] } | { toShip: true } | { filters: OrderFilters };
export type SelectionParse = { ok: true; selection: OrderSelection } | { ok: false; error: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A GET query or a record of Next's searchParams, as URLSearchParams. */
export function asSearchParams(params: URLSearchParams | Record<string, string | string[] | undefined>): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, one);
  return out;
}

/** Reads the selection of a bulk action's request. Pure. */
export function parseSelection(params: URLSearchParams): SelectionParse {
  if (params.get('todos') === '1') {
    if (params.get('view') === 'a-enviar') return { ok: true, selection: { toShip: true } };
    return { ok: true, selection: { filters: parseOrderQuery(params).filters } };
  }
  const ids = [...new Set(params.getAll('pedido').filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return { ok: false, error: EMPTY_SELECTION };
  if (ids.length > SELECTION_MAX) return { ok: false, error: `Selecione até ${SELECTION_MAX} pedidos por vez.` };
  return { ok: true, selection: { ids } };
}

/**
 * The order ids a selection names (at most SELECTION_MAX): the checked ones as they are (each
 * action checks each order), "A enviar" oldest first, a filter newest first as the list shows
 * it. A role that may not search buyers gets its filter's search narrowed as on the list.
 */
export async function selectedOrderIds(selection: OrderSelection, role: Role | null): Promise<{ ok: true; ids: string[] } | { ok: false; error: string }> {
  if ('ids' in selection) return { ok: true, ids: selection.ids };
  const rowid = sql`"orders"."rowid"`;
  if ('toShip' in selection) {
    const rows = await db().select({ id: orders.id }).from(orders).where(toShipWhere()).orderBy(asc(orders.paidAt), asc(rowid)).limit(SELECTION_MAX);
    return rows.length ? { ok: true, ids: rows.map((r) => r.id) } : { ok: false, error: 'Nenhum pedido pago esperando envio.' };
  }
  const { filters, refused } = scopeSearch(role, selection.filters);
  if (refused) return { ok: false, error: refused };
  const rows = await db().select({ id: orders.id }).from(orders).where(whereOf(filters)).orderBy(desc(orders.createdAt), desc(rowid)).limit(SELECTION_MAX);
  return rows.length ? { ok: true, ids: rows.map((r) => r.id) } : { ok: false, error: 'Nenhum pedido com esses filtros.' };
}
