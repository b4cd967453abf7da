/**
 * The merchant's orders: filtered, searched, newest first, 25 per page.
 *
 * Built for 100,000+ orders on SQLite:
 * - every filter lands on an index (status/method + created_at composites, created_at,
 *   buyer_document, id, token); the order is created_at DESC, rowid DESC, which those
 *   indexes deliver without sorting;
 * - the page is chosen on the index alone (a covering subquery of rowids with OFFSET) and
 *   only its 25 rows are read from the table ("deferred join"), so a deep page costs an
 *   index walk, not 100,000 row reads;
 * - COUNT(*) runs on the same indexes;
 * - a buyer-name search costs its matches, not the orders: it counts them only up to
 *   NAME_SEARCH_COUNT_CAP ("mais de 1.000 pedidos"), sorts them when there are no more than
 *   that, and past it walks the orders newest first (on the created_at index), testing each
 *   against the matches, and stops at the page's end: a common surname at 100k orders is not
 *   a count and a sort of thousands of rows;
 * - the count and the page are Drizzle prepared statements, one per filter *shape* (which
 *   filters are present, and how the search matches) and connection, run with the values
 *   bound: the SQL is built once per shape, not on every request.
 * The CSV export walks the same filters by keyset (created_at, rowid) in batches.
 */
import 'server-only';
import { DIRECT_SOURCE } from '@/lib/attribution/attribution';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { db } from '@/db';
import { oncePerRunner } from '@/db/statements';
import { orderInvoices, orders, paymentLinks, type Order } from '@/db/schema';
import type { DeliveryColumns } from '@/lib/orders/delivery';
import type { OrderFilters } from './order-filters';
import { ftsPhrase, planSearch, prefixUpperBound, usesTrigramIndex } from './order-search';
import { saoPauloDayEnd, saoPauloDayStart } from './sp-time';

export const PAGE_SIZE = 25;

const rowid = sql<number>`"orders"."rowid"`;

/** One row of the orders list: the order's own columns, as stored (items and the Pix discount are their own lines). */
export type OrderListRow = Pick<
  Order,
  | 'id'
  | 'number'
  | 'status'
  | 'method'
  | 'totalCents'
  | 'itemsCents'
  | 'pixDiscountCents'
  | 'couponCode'
  | 'couponDiscountCents'
  | 'refundedCents'
  | 'buyerName'
  | 'buyerDocument'
  | 'buyerEmail'
  | 'latePayment'
  | 'doublePaidAt'
  | 'createdAt'
  | 'paidAt'
  | 'paymentLinkId'
  | 'shippingMethod'
  | 'fulfillmentStatus'
  | 'manualRefundCents'
  | 'originSource'
  | 'originCampaign'
>;

const listColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  method: orders.method,
  totalCents: orders.totalCents,
  itemsCents: orders.itemsCents,
  pixDiscountCents: orders.pixDiscountCents,
  couponCode: orders.couponCode,
  couponDiscountCents: orders.couponDiscountCents,
  refundedCents: orders.refundedCents,
  buyerName: orders.buyerName,
  buyerDocument: orders.buyerDocument,
  buyerEmail: orders.buyerEmail,
  latePayment: orders.latePayment,
  doublePaidAt: orders.doublePaidAt,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  paymentLinkId: orders.paymentLinkId,
  shippingMethod: orders.shippingMethod,
  fulfillmentStatus: orders.fulfillmentStatus,
  manualRefundCents: orders.manualRefundCents,
  originSource: orders.originSource,
  originCampaign: orders.originCampaign,
};

/**
 * The values a set of filters binds, by name. Which names are present decides the SQL text
 * (see whereFor); the values never do. Prefix searches are ranges [from, before).
 */
const PARAM_NAMES = [
  'status',
  'method',
  'createdFrom',
  'createdBefore',
  'documentFrom',
  'documentBefore',
  'number',
  'idFrom',
  'idBefore',
  'tokenFrom',
  'tokenBefore',
  'nameMatch',
  'nameLike',
  'linkId',
  'fulfillment',
  'origin',
  'withoutInvoice',
] as const;
type ParamName = (typeof PARAM_NAMES)[number];
export type FilterParams = Record<ParamName, string | undefined>;

/**
 * A São Paulo day's bounds cost two time-zone database lookups each (more than the query they
 * filter): they are pure, so each date's are remembered (a bounded memo).
 */
function remembered(fn: (date: string) => string): (date: string) => string {
  const memo = new Map<string, string>();
  return (date) => {
    let value = memo.get(date);
    if (value === undefined) {
      value = fn(date);
      if (memo.size >= 1000) memo.clear();
      memo.set(date, value);
    }
    return value;
  };
}
const dayStart = remembered(saoPauloDayStart);
const dayEnd = remembered(saoPauloDayEnd);

/** What the filters bind: computed once per call, before any SQL (undefined: the filter is absent). */
export function filterParams(filters: OrderFilters): FilterParams {
  const plan = filters.q ? planSearch(filters.q) : null;
  const document = plan?.documentPrefix || undefined;
  const id = plan?.idPrefix || undefined;
  const token = plan?.tokenPrefix || undefined;
  const trigrams = !!plan?.nameText && usesTrigramIndex(plan.nameText);
  return {
    status: filters.status || undefined,
    method: filters.method || undefined,
    createdFrom: filters.from ? dayStart(filters.from) : undefined,
    createdBefore: filters.to ? dayEnd(filters.to) : undefined,
    documentFrom: document,
    documentBefore: document && prefixUpperBound(document),
    number: plan?.number === undefined ? undefined : String(plan.number),
    idFrom: id,
    idBefore: id && prefixUpperBound(id),
    tokenFrom: token,
    tokenBefore: token && prefixUpperBound(token),
    nameMatch: trigrams ? ftsPhrase(plan!.nameText!) : undefined,
    nameLike: trigrams ? undefined : plan?.namePattern || undefined,
    linkId: filters.link || undefined,
    fulfillment: filters.fulfillment || undefined,
    origin: filters.origin || undefined,
    withoutInvoice: filters.withoutInvoice ? '1' : undefined,
  };
}

/**
 * The identity of the SQL text for these parameters: the names present, nothing else (whereFor
 * reads only that), e.g. "status,createdFrom". A handful of shapes in practice (planSearch makes
 * few search shapes), so the prepared statements stay bounded.
 */
export function filterShape(params: FilterParams): string {
  return PARAM_NAMES.filter((name) => params[name] !== undefined).join(',');
}

type Bind = (name: ParamName) => SQLWrapper;

/**
 * The WHERE clause for the parameters present (undefined: every order). Its text depends only
 * on which parameters are present; `bind` gives each one's SQL: a placeholder when preparing a
 * statement, the bound value otherwise.
 */
function whereFor(params: FilterParams, bind: Bind, plan: 'sort' | 'walk' = 'sort'): SQL | undefined {
  const has = (name: ParamName) => params[name] !== undefined;
  const parts: SQL[] = [];
  if (has('status')) parts.push(eq(orders.status, bind('status')));
  if (has('method')) parts.push(eq(orders.method, bind('method')));
  if (has('createdFrom')) parts.push(gte(orders.createdAt, bind('createdFrom')));
  if (has('createdBefore')) parts.push(lt(orders.createdAt, bind('createdBefore')));
  if (has('linkId')) parts.push(eq(orders.paymentLinkId, bind('linkId')));
  // Every order starts 'unfulfilled': the state means something once paid, and when something ships.
  if (has('fulfillment')) parts.push(eq(orders.fulfillmentStatus, bind('fulfillment')), inArray(orders.status, ['paid', 'refunded']), sql`${orders.shippingMethod} is not null`);
  // "direto": no source was known when the order was placed (lib/attribution DIRECT_SOURCE).
  if (has('origin')) parts.push(sql`coalesce(${orders.originSource}, ${DIRECT_SOURCE}) = ${bind('origin')}`);
  // "Sem NF-e": paid, and no emission authorised or still on its way (a rejected one needs a new one).
  if (has('withoutInvoice'))
    parts.push(
      eq(orders.status, 'paid'),
      sql`not exists (select 1 from ${orderInvoices} where ${orderInvoices.orderId} = ${orders.id} and ${orderInvoices.invoiceStatus} in ('authorized', 'processing'))`,
    );
  const any: SQL[] = [];
  if (has('documentFrom')) any.push(and(gte(orders.buyerDocument, bind('documentFrom')), lt(orders.buyerDocument, bind('documentBefore')))!);
  if (has('number')) any.push(eq(orders.number, sql`CAST(${bind('number')} AS INTEGER)`));
  if (has('idFrom')) any.push(and(gte(orders.id, bind('idFrom')), lt(orders.id, bind('idBefore')))!);
  if (has('tokenFrom')) any.push(and(gte(orders.token, bind('tokenFrom')), lt(orders.token, bind('tokenBefore')))!);
  // A unary + keeps SQLite from looking orders up by the matches' rowids: it then walks an index in order.
  const matchTarget = plan === 'walk' ? sql`+${rowid}` : rowid;
  if (has('nameMatch')) any.push(sql`${matchTarget} IN (SELECT rowid FROM orders_name_fts WHERE orders_name_fts MATCH ${bind('nameMatch')})`);
  else if (has('nameLike')) any.push(sql`${orders.buyerName} LIKE ${bind('nameLike')} ESCAPE '\\'`);
  if (any.length) parts.push(any.length === 1 ? any[0] : or(...any)!);
  return parts.length ? and(...parts) : undefined;
}

const placeholder: Bind = (name) => sql.placeholder(name);

/** The WHERE clause of a set of filters with its values bound (undefined: every order). */
export function whereOf(filters: OrderFilters): SQL | undefined {
  const params = filterParams(filters);
  return whereFor(params, (name) => sql`${params[name]}`);
}

/**
 * One page of orders. `total` is exact unless `totalIsLowerBound` (a name search with more than
 * NAME_SEARCH_COUNT_CAP matches: then there are more than `total`, and `pageCount` is only the
 * pages known so far: this one, and the next when `hasNext`).
 */
export type OrderPage = {
  rows: OrderListRow[];
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  hasNext: boolean;
  pageSize: number;
};

type Db = ReturnType<typeof db>;

/**
 * Drizzle prepared queries (both drivers: rows now on better-sqlite3, a promise on libSQL).
 * The dashboard's filters make a finite number of SQL texts, so each is prepared once per
 * connection and run with its values: Drizzle builds the SQL once per shape, not per request.
 */
type ShapeStatements = {
  count: ReturnType<typeof countStatement>;
  page: ReturnType<typeof pageStatement>;
  /** Name searches only: their matches counted up to a bound (`cap`), and the page for many matches. */
  bounded?: { countUpTo: ReturnType<typeof countUpToStatement>; pageByWalk: ReturnType<typeof pageStatement> };
};

/** Each connection's statements, by filter shape. */
const shapesOn = oncePerRunner((_db: Db) => new Map<string, ShapeStatements>());

/** A buyer-name search counts its matches up to this many; past it the page says "mais de 1.000". */
export const NAME_SEARCH_COUNT_CAP = 1000;

function isNameSearch(params: FilterParams): boolean {
  return params.nameMatch !== undefined || params.nameLike !== undefined;
}

/** The count and page statements of this filter shape, prepared on first use (per connection). */
function statementsFor(params: FilterParams): ShapeStatements {
  const d = db();
  const byShape = shapesOn(d);
  const shape = filterShape(params);
  let statements = byShape.get(shape);
  if (!statements) {
    const page = pageStatement(d, params);
    statements = { count: countStatement(d, params), page };
    if (isNameSearch(params)) {
      // Only a trigram match has a walking plan of its own; a LIKE's page already walks the index.
      const pageByWalk = params.nameMatch !== undefined ? pageStatement(d, params, 'walk') : page;
      statements.bounded = { countUpTo: countUpToStatement(d, params), pageByWalk };
    }
    byShape.set(shape, statements);
  }
  return statements;
}

function countStatement(d: Db, params: FilterParams) {
  return d.select({ n: count() }).from(orders).where(whereFor(params, placeholder)).prepare();
}

/** How many orders match, counting no further than the bound `cap` (a LIMIT subquery). */
function countUpToStatement(d: Db, params: FilterParams) {
  const matches = d.select({ one: sql`1` }).from(orders).where(whereFor(params, placeholder)).limit(sql.placeholder('cap')).as('matches');
  return d.select({ n: count() }).from(matches).prepare();
}

/**
 * One page, chosen on the index alone (a covering subquery of rowids with LIMIT/OFFSET), then
 * only its rows read from the table. `walk`: the name matches are a test on each order, not
 * where the plan starts (see whereFor), so SQLite walks the created_at index newest first and
 * stops at the page's end instead of sorting every match.
 */
function pageStatement(d: Db, params: FilterParams, plan: 'sort' | 'walk' = 'sort') {
  const pageRowids = d
    .select({ rid: rowid })
    .from(orders)
    .where(whereFor(params, placeholder, plan))
    .orderBy(desc(orders.createdAt), desc(rowid))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return d.select(listColumns).from(orders).where(inArray(rowid, pageRowids)).orderBy(desc(orders.createdAt), desc(rowid)).prepare();
}

async function countWith(statement: ShapeStatements['count'], values: Record<string, unknown>): Promise<number> {
  const [row] = await statement.all(values);
  return Number(row?.n ?? 0);
}

export async function countOrders(filters: OrderFilters): Promise<number> {
  const params = filterParams(filters);
  return countWith(statementsFor(params).count, params);
}

/** One page (1-based; a page past the end shows the last one). */
export async function listOrders(
  filters: OrderFilters,
  requestedPage = 1,
  pageSize = PAGE_SIZE,
  countCap = NAME_SEARCH_COUNT_CAP,
): Promise<OrderPage> {
  const params = filterParams(filters);
  const statements = statementsFor(params);
  const wanted = Math.max(1, Math.floor(requestedPage));
  if (statements.bounded) {
    const upTo = await countWith(statements.bounded.countUpTo, { ...params, cap: countCap + 1 });
    if (upTo > countCap) {
      const found = await statements.bounded.pageByWalk.all({ ...params, limit: pageSize + 1, offset: (wanted - 1) * pageSize });
      // Past the end of a long search (a typed page number): find the end the exact way.
      if (found.length > 0 || wanted === 1) {
        const hasNext = found.length > pageSize;
        const rows = hasNext ? found.slice(0, pageSize) : found;
        return { rows, total: countCap, totalIsLowerBound: true, page: wanted, pageCount: hasNext ? wanted + 1 : wanted, hasNext, pageSize };
      }
    } else {
      return pageOf(statements, params, upTo, wanted, pageSize);
    }
  }
  return pageOf(statements, params, await countWith(statements.count, params), wanted, pageSize);
}

/** The page of an exact total: counted pages, the sorting plan. */
async function pageOf(statements: ShapeStatements, params: FilterParams, total: number, wanted: number, pageSize: number): Promise<OrderPage> {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(wanted, pageCount);
  const rows = total === 0 ? [] : await statements.page.all({ ...params, limit: pageSize, offset: (page - 1) * pageSize });
  return { rows, total, totalIsLowerBound: false, page, pageCount, hasNext: page < pageCount, pageSize };
}

/** A CSV row: the list's columns, the payment link's title, shipping and where the order goes. */
export type OrderExportRow = OrderListRow & { linkTitle: string | null } & DeliveryColumns & Pick<Order, 'trackingCode' | 'fulfillmentCarrier' | 'buyerPhone' | 'buyerNote'> & {
  /** The promotions' discount and their names ("Leve 3, pague 2; Frete grátis SP"). */
  promotionDiscountCents?: number;
  promotionNames?: string | null;
  /** The lines' SKUs and variant names ("M / Preto"), comma-separated; null when none has one. */
  itemSkus?: string | null;
  itemVariants?: string | null;
};

const exportColumns = {
  ...listColumns,
  buyerPhone: orders.buyerPhone,
  buyerNote: orders.buyerNote,
  trackingCode: orders.trackingCode,
  fulfillmentCarrier: orders.fulfillmentCarrier,
  shippingCents: orders.shippingCents,
  deliveryZip: orders.deliveryZip,
  deliveryStreet: orders.deliveryStreet,
  deliveryNumber: orders.deliveryNumber,
  deliveryComplement: orders.deliveryComplement,
  deliveryNeighborhood: orders.deliveryNeighborhood,
  deliveryCity: orders.deliveryCity,
  deliveryState: orders.deliveryState,
  pickupAddress: orders.pickupAddress,
  // Per order, its lines' SKUs and variants (order_items_order_idx: a lookup per row).
  itemSkus: sql<string | null>`(SELECT group_concat(oi.sku, ', ') FROM order_items oi WHERE oi.order_id = "orders"."id")`,
  itemVariants: sql<string | null>`(SELECT group_concat(oi.variant_name, ', ') FROM order_items oi WHERE oi.order_id = "orders"."id")`,
  promotionDiscountCents: orders.promotionDiscountCents,
  promotionNames: sql<string | null>`(SELECT group_concat(od.name, '; ') FROM order_discounts od WHERE od.order_id = "orders"."id" AND od.type <> 'free_shipping')`,
};

export type ExportCursor = { createdAt: string; rowid: number };

/** The orders of these filters (or of these ids), newest first, `batchSize` at a time by keyset (for the CSV export). */
export async function* ordersForExport(filters: OrderFilters, batchSize = 1000, onlyIds?: string[]): AsyncGenerator<OrderExportRow[]> {
  // `onlyIds`: the orders list's selection ("Exportar CSV" of the checked orders).
  const where = onlyIds ? inArray(orders.id, onlyIds) : whereOf(filters);
  let cursor: ExportCursor | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? or(lt(orders.createdAt, cursor.createdAt), and(eq(orders.createdAt, cursor.createdAt), lt(rowid, cursor.rowid)))
      : undefined;
    const batch: (OrderExportRow & { rid: number })[] = await db()
      .select({ ...exportColumns, linkTitle: paymentLinks.title, rid: rowid })
      .from(orders)
      .leftJoin(paymentLinks, eq(paymentLinks.id, orders.paymentLinkId))
      .where(and(where, after))
      .orderBy(desc(orders.createdAt), desc(rowid))
      .limit(batchSize);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1];
    cursor = { createdAt: last.createdAt, rowid: Number(last.rid) };
    yield batch.map(({ rid: _rid, ...row }) => row);
    if (batch.length < batchSize) return;
  }
}

/**
 * "A enviar": paid orders that ship and are not sent yet, OLDEST paid first (the merchant's
 * work list), on the (status, fulfillment_status, paid_at) index.
 */
export const toShipWhere = () => and(eq(orders.status, 'paid'), eq(orders.fulfillmentStatus, 'unfulfilled'), eq(orders.shippingMethod, 'delivery'));

export async function countToShip(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orders).where(toShipWhere());
  return Number(row?.n ?? 0);
}

export async function listToShip(requestedPage = 1, pageSize = PAGE_SIZE): Promise<OrderPage> {
  const total = await countToShip();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const rows = total === 0 ? [] : await db().select(listColumns).from(orders).where(toShipWhere()).orderBy(asc(orders.paidAt), asc(rowid)).limit(pageSize).offset((page - 1) * pageSize);
  return { rows, total, totalIsLowerBound: false, page, pageCount, hasNext: page < pageCount, pageSize };
}
