/**
 * The orders list's filters as GET query parameters (so the list works without JavaScript):
 * status, method, from/to (São Paulo dates), q (search), link (a payment link's id), origin
 * ("Origem": a source, or "direto"), nfe ("sem": paid orders without an authorised or processing
 * NF-e), page. Browser-safe, pure.
 */
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_METHODS, type FulfillmentStatus, type OrderStatus, type PaymentMethod } from '@/db/schema';
import { isIsoDate } from '@balcao/br/dates';
import { withoutControlCharacters } from './order-search';
import { cleanAttribution } from '@/lib/attribution/attribution';

export type OrderFilters = {
  status?: OrderStatus;
  method?: PaymentMethod;
  /** YYYY-MM-DD, São Paulo, inclusive. */
  from?: string;
  /** YYYY-MM-DD, São Paulo, inclusive. */
  to?: string;
  q?: string;
  /** A payment link's id: only the orders placed through it. */
  link?: string;
  /** Fulfilment ("Entrega"): only paid (or refunded) orders that ship or are picked up, in this state. */
  fulfillment?: FulfillmentStatus;
  /** "Origem": the order's source (utm_source or referring host), or "direto" for none. */
  origin?: string;
  /** "Sem NF-e": only paid orders with no authorised (or processing) invoice. */
  withoutInvoice?: boolean;
};

export type ParsedOrderQuery = { filters: OrderFilters; page: number; errors: string[] };

export const MAX_SEARCH_LENGTH = 100;
const LINK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: RawParams, name: string): string {
  const v = params instanceof URLSearchParams ? params.get(name) : params[name];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
}

/** YYYY-MM-DD as sent by <input type="date">, or dd/mm/aaaa as typed where there is no date picker. */
export function parseDateParam(value: string): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

export function parseOrderQuery(params: RawParams): ParsedOrderQuery {
  const errors: string[] = [];
  const filters: OrderFilters = {};

  const status = read(params, 'status');
  if ((ORDER_STATUSES as readonly string[]).includes(status)) filters.status = status as OrderStatus;
  else if (status && status !== 'all') errors.push('Status desconhecido: mostrando todos.');

  const method = read(params, 'method');
  if ((PAYMENT_METHODS as readonly string[]).includes(method)) filters.method = method as PaymentMethod;
  else if (method && method !== 'all') errors.push('Forma de pagamento desconhecida: mostrando todas.');

  const fromRaw = read(params, 'from');
  const toRaw = read(params, 'to');
  const from = parseDateParam(fromRaw);
  const to = parseDateParam(toRaw);
  if (fromRaw && !from) errors.push('Data inicial inválida: use dd/mm/aaaa.');
  if (toRaw && !to) errors.push('Data final inválida: use dd/mm/aaaa.');
  if (from && to && from > to) {
    errors.push('A data inicial é depois da data final: as datas foram trocadas.');
    filters.from = to;
    filters.to = from;
  } else {
    if (from) filters.from = from;
    if (to) filters.to = to;
  }

  const link = read(params, 'link').toLowerCase();
  if (LINK_ID.test(link)) filters.link = link;
  else if (link) errors.push('Link de pagamento desconhecido: mostrando todos os pedidos.');

  const fulfillment = read(params, 'fulfillment');
  if ((FULFILLMENT_STATUSES as readonly string[]).includes(fulfillment)) filters.fulfillment = fulfillment as FulfillmentStatus;
  else if (fulfillment && fulfillment !== 'all') errors.push('Situação de entrega desconhecida: mostrando todas.');

  const originRaw = read(params, 'origin');
  const origin = originRaw ? cleanAttribution({ source: originRaw })?.source : undefined;
  if (origin) filters.origin = origin;
  else if (originRaw) errors.push('Origem desconhecida: mostrando todas.');

  const nfe = read(params, 'nfe');
  if (nfe === 'sem') filters.withoutInvoice = true;
  else if (nfe && nfe !== 'all') errors.push('Filtro de NF-e desconhecido: mostrando todos.');

  const q = withoutControlCharacters(read(params, 'q')).trim();
  if (q) filters.q = q.slice(0, MAX_SEARCH_LENGTH);

  const pageRaw = read(params, 'page');
  let page = 1;
  if (pageRaw) {
    const n = /^\d{1,7}$/.test(pageRaw) ? Number(pageRaw) : NaN;
    if (Number.isSafeInteger(n) && n >= 1) page = n;
  }
  return { filters, page, errors };
}

/** The query string for these filters (and page when > 1), without "?". Empty values are left out. */
export function orderQueryString(filters: OrderFilters, page = 1): string {
  const p = new URLSearchParams();
  if (filters.status) p.set('status', filters.status);
  if (filters.method) p.set('method', filters.method);
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  if (filters.q) p.set('q', filters.q);
  if (filters.link) p.set('link', filters.link);
  if (filters.fulfillment) p.set('fulfillment', filters.fulfillment);
  if (filters.origin) p.set('origin', filters.origin);
  if (filters.withoutInvoice) p.set('nfe', 'sem');
  if (page > 1) p.set('page', String(page));
  return p.toString();
}

export function hasAnyFilter(filters: OrderFilters): boolean {
  return !!(filters.status || filters.method || filters.from || filters.to || filters.q || filters.link || filters.fulfillment || filters.origin || filters.withoutInvoice);
}
