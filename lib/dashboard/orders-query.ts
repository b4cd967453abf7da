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
 * - COUNT(*) runs on the same indexes.
 * The CSV export walks the same filters by keyset (created_at, rowid) in batches.
 */
import 'server-only';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { orders, type OrderStatus, type PaymentMethod } from '@/db/schema';
import type { OrderFilters } from './order-filters';
import { ftsPhrase, planSearch, prefixUpperBound, usesTrigramIndex } from './order-search';
import { saoPauloDayEnd, saoPauloDayStart } from './sp-time';

export const PAGE_SIZE = 25;

const rowid = sql<number>`"orders"."rowid"`;

export type OrderListRow = {
  id: string;
  status: OrderStatus;
  method: PaymentMethod;
  totalCents: number;
  refundedCents: number;
  buyerName: string;
  buyerDocument: string;
  buyerEmail: string;
  latePayment: boolean;
  createdAt: string;
  paidAt: string | null;
};

const listColumns = {
  id: orders.id,
  status: orders.status,
  method: orders.method,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  buyerName: orders.buyerName,
  buyerDocument: orders.buyerDocument,
  buyerEmail: orders.buyerEmail,
  latePayment: orders.latePayment,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

function prefix(column: typeof orders.id | typeof orders.token | typeof orders.buyerDocument, value: string): SQL {
  return and(gte(column, value), lt(column, prefixUpperBound(value)))!;
}

/** The WHERE clause of a set of filters (undefined: every order). */
export function whereOf(filters: OrderFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.status) parts.push(eq(orders.status, filters.status));
  if (filters.method) parts.push(eq(orders.method, filters.method));
  if (filters.from) parts.push(gte(orders.createdAt, saoPauloDayStart(filters.from)));
  if (filters.to) parts.push(lt(orders.createdAt, saoPauloDayEnd(filters.to)));
  const plan = filters.q ? planSearch(filters.q) : null;
  if (plan) {
    const any: SQL[] = [];
    if (plan.documentPrefix) any.push(prefix(orders.buyerDocument, plan.documentPrefix));
    if (plan.idPrefix) any.push(prefix(orders.id, plan.idPrefix));
    if (plan.tokenPrefix) any.push(prefix(orders.token, plan.tokenPrefix));
    if (plan.nameText && usesTrigramIndex(plan.nameText)) {
      any.push(sql`${rowid} IN (SELECT rowid FROM orders_name_fts WHERE orders_name_fts MATCH ${ftsPhrase(plan.nameText)})`);
    } else if (plan.namePattern) {
      any.push(sql`${orders.buyerName} LIKE ${plan.namePattern} ESCAPE '\\'`);
    }
    parts.push(any.length === 1 ? any[0] : or(...any)!);
  }
  return parts.length ? and(...parts) : undefined;
}

export type OrderPage = { rows: OrderListRow[]; total: number; page: number; pageCount: number; pageSize: number };

export async function countOrders(filters: OrderFilters): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orders).where(whereOf(filters));
  return Number(row?.n ?? 0);
}

/** One page (1-based; a page past the end shows the last one). */
export async function listOrders(filters: OrderFilters, requestedPage = 1, pageSize = PAGE_SIZE): Promise<OrderPage> {
  const where = whereOf(filters);
  const total = await countOrders(filters);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  if (total === 0) return { rows: [], total, page, pageCount, pageSize };

  const pageRowids = db()
    .select({ rid: rowid })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(rowid))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = await db()
    .select(listColumns)
    .from(orders)
    .where(inArray(rowid, pageRowids))
    .orderBy(desc(orders.createdAt), desc(rowid));
  return { rows: rows as OrderListRow[], total, page, pageCount, pageSize };
}

export type ExportCursor = { createdAt: string; rowid: number };

/** The orders of these filters, newest first, `batchSize` at a time by keyset (for the CSV export). */
export async function* ordersForExport(filters: OrderFilters, batchSize = 1000): AsyncGenerator<OrderListRow[]> {
  const where = whereOf(filters);
  let cursor: ExportCursor | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? or(lt(orders.createdAt, cursor.createdAt), and(eq(orders.createdAt, cursor.createdAt), lt(rowid, cursor.rowid)))
      : undefined;
    const batch: (OrderListRow & { rid: number })[] = await db()
      .select({ ...listColumns, rid: rowid })
      .from(orders)
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
