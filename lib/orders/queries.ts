/** Read-only queries behind the buyer's order page, receipt and status route (by the unguessable token). */
import 'server-only';
import { orderPromotionLines } from '@/lib/promotions/promotions';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { preparedQuery } from '@/db/statements';
import { emailOutbox, orderItems, orders, paymentLinks, payments, type EmailStatus, type FulfillmentStatus, type Order, type OrderStatus, currentPaymentOf } from '@/db/schema';
import { looksLikeToken } from '@/lib/security';
import { orderMoneyLines, type OrderMoney } from './money-lines';
import { deliveryOf, type DeliveryView } from './delivery';

export type OrderStatusSnapshot = {
  status: OrderStatus;
  paid_at: string | null;
  refunded_cents: number;
  updated_at: string;
  /** null until paid, and for an order with nothing to ship (docs/reference.md, the status route). */
  fulfillment: FulfillmentSnapshot | null;
};

export type FulfillmentSnapshot = { status: FulfillmentStatus; carrier: string | null; tracking_code: string | null; tracking_url: string | null };

/** Fulfilment means something once paid (a refund keeps it) and when something ships or is picked up. */
export function fulfillmentSnapshot(o: Pick<Order, 'status' | 'shippingMethod' | 'fulfillmentStatus' | 'fulfillmentCarrier' | 'trackingCode' | 'trackingUrl'>): FulfillmentSnapshot | null {
  if (!o.shippingMethod || (o.status !== 'paid' && o.status !== 'refunded')) return null;
  return { status: o.fulfillmentStatus, carrier: o.fulfillmentCarrier, tracking_code: o.trackingCode, tracking_url: o.trackingUrl };
}

type Db = ReturnType<typeof db>;

/** The status route is polled every 1.5 s per open page: one prepared statement per connection. */
const statusQuery = preparedQuery((d: Db) =>
  d
    .select({
      status: orders.status,
      paidAt: orders.paidAt,
      refundedCents: orders.refundedCents,
      updatedAt: orders.updatedAt,
      shippingMethod: orders.shippingMethod,
      fulfillmentStatus: orders.fulfillmentStatus,
      fulfillmentCarrier: orders.fulfillmentCarrier,
      trackingCode: orders.trackingCode,
      trackingUrl: orders.trackingUrl,
    })
    .from(orders)
    .where(eq(orders.token, sql.placeholder('token')))
    .limit(1)
    .prepare(),
);

const orderWithPaymentQuery = preparedQuery((d: Db) =>
  d
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, currentPaymentOf(orders.id))
    .where(eq(orders.token, sql.placeholder('token')))
    .limit(1)
    .prepare(),
);

const itemColumns = {
  productId: orderItems.productId,
  name: orderItems.name,
  unitPriceCents: orderItems.unitPriceCents,
  quantity: orderItems.quantity,
  lineTotalCents: orderItems.lineTotalCents,
};

const itemsQuery = preparedQuery((d: Db) =>
  d
    .select(itemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.id))
    .prepare(),
);

// The order page's two side reads, prepared once per connection like the queries above: built
// per call, Drizzle's SQL building cost more than the indexed lookups themselves.
const linkCodeQuery = preparedQuery((d: Db) =>
  d.select({ code: paymentLinks.code }).from(paymentLinks).where(eq(paymentLinks.id, sql.placeholder('linkId'))).limit(1).prepare(),
);
const instructionsEmailQuery = preparedQuery((d: Db) =>
  d
    .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, sql.placeholder('dedupeKey')))
    .limit(1)
    .prepare(),
);

/** The polled status of an order (one indexed query), or null for an unknown token. */
export async function orderStatusByToken(token: string): Promise<OrderStatusSnapshot | null> {
  if (!looksLikeToken(token)) return null;
  const row = await statusQuery.on(db(), { token }).get();
  if (!row) return null;
  return {
    status: row.status,
    paid_at: toIso(row.paidAt),
    refunded_cents: row.refundedCents,
    updated_at: toIso(row.updatedAt) ?? row.updatedAt,
    fulfillment: fulfillmentSnapshot(row),
  };
}

/**
 * Already what toIso would return: the app's own timestamps (SQLite's strftime default and
 * Date#toISOString) are written in exactly this form. Days 29-31 are left to the full parse,
 * which rolls an impossible date (Feb 30) over as before.
 */
const CANONICAL_ISO = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Timestamps are stored as ISO 8601 text; normalise whatever a writer stored to ISO (UTC). */
export function toIso(value: string | null): string | null {
  if (!value) return null;
  if (CANONICAL_ISO.test(value)) return value;
  const t = Date.parse(value.includes('T') || value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/** The order's own columns (timestamps normalised to ISO), its lines and its payment. */
export type OrderView = Pick<
  Order,
  | 'id'
  | 'number'
  | 'token'
  | 'status'
  | 'method'
  | 'totalCents'
  | 'itemsCents'
  | 'pixDiscountCents'
  | 'pixDiscountBps'
  | 'refundedCents'
  | 'buyerName'
  | 'buyerDocument'
  | 'buyerEmail'
  | 'latePayment'
  | 'createdAt'
  | 'updatedAt'
  | 'paidAt'
  | 'paymentLinkId'
> & {
  /** The payment link it was placed through (its public code), or null for a cart's order. */
  linkCode: string | null;
  /** The payment instructions e-mail (not the merchant's resends), once written to the outbox. */
  instructionsEmail: { status: EmailStatus; lastError: string | null } | null;
  /** Shipping and where the order goes (lib/orders/delivery.ts). */
  delivery: DeliveryView;
  /** As the status route says it (null until paid, or when nothing ships). */
  fulfillment: FulfillmentSnapshot | null;
  items: { productId: number | null; name: string; unitPriceCents: number; quantity: number; lineTotalCents: number }[];
  /** The order's money lines (lib/orders/money-lines.ts), as every page shows them. */
  money: OrderMoney;
  payment: {
    createState: 'creating' | 'created' | 'failed';
    createError: string | null;
    status: OrderStatus;
    amountCents: number;
    pixCode: string | null;
    barcode: string | null;
    digitableLine: string | null;
    pdfUrl: string | null;
    dueDate: string | null;
    payableUntil: string | null;
    refundedAt: string | null;
  } | null;
};

type OrderParts = {
  row: { order: Order; payment: typeof payments.$inferSelect | null };
  items: OrderView['items'];
  link: { code: string } | undefined;
  instructionsEmail: OrderView['instructionsEmail'] | undefined;
};

/** Where round trips cost nothing (better-sqlite3): the prepared statements one after the other. */
async function orderPartsInTurn(token: string): Promise<OrderParts | null> {
  const row = await orderWithPaymentQuery.on(db(), { token }).get();
  if (!row) return null;
  const items = await itemsQuery.on(db(), { orderId: row.order.id }).all();
  const link = row.order.paymentLinkId ? await linkCodeQuery.on(db(), { linkId: row.order.paymentLinkId }).get() : undefined;
  // Its key is "email:<order>:instructions" (lib/email/keys.ts); resends add ":resend:<n>".
  const instructionsEmail = await instructionsEmailQuery.on(db(), { dedupeKey: `email:${row.order.id}:instructions` }).get();
  return { row, items, link, instructionsEmail };
}

/** Where each round trip costs (libSQL): the same four reads found by the token in one batch. */
async function orderPartsTogether(token: string): Promise<OrderParts | null> {
  const d = db();
  const byToken = eq(orders.token, token);
  const [rows, items, links, emails] = await database().batch([
    d.select({ order: orders, payment: payments }).from(orders).leftJoin(payments, currentPaymentOf(orders.id)).where(byToken).limit(1),
    d
      .select(itemColumns)
      .from(orderItems)
      .where(inArray(orderItems.orderId, d.select({ id: orders.id }).from(orders).where(byToken)))
      .orderBy(asc(orderItems.id)),
    d
      .select({ code: paymentLinks.code })
      .from(paymentLinks)
      .where(inArray(paymentLinks.id, d.select({ id: orders.paymentLinkId }).from(orders).where(byToken)))
      .limit(1),
    d
      .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, sql`'email:' || (SELECT ${orders.id} FROM ${orders} WHERE ${byToken}) || ':instructions'`))
      .limit(1),
  ]);
  const [row] = rows;
  if (!row) return null;
  return { row, items, link: links[0], instructionsEmail: emails[0] };
}

/** Everything the order page and the receipt show, or null for an unknown token. */
export async function orderViewByToken(token: string): Promise<OrderView | null> {
  if (!looksLikeToken(token)) return null;
  const parts = await database().byRoundTrips({ together: () => orderPartsTogether(token), inTurn: () => orderPartsInTurn(token) });
  if (!parts) return null;
  const { row, items, link, instructionsEmail } = parts;
  const { order, payment } = row;
  return {
    id: order.id,
    number: order.number,
    token: order.token,
    status: order.status,
    method: order.method,
    totalCents: order.totalCents,
    itemsCents: order.itemsCents,
    pixDiscountCents: order.pixDiscountCents,
    pixDiscountBps: order.pixDiscountBps,
    refundedCents: order.refundedCents,
    buyerName: order.buyerName,
    buyerDocument: order.buyerDocument,
    buyerEmail: order.buyerEmail,
    latePayment: order.latePayment,
    createdAt: toIso(order.createdAt) ?? order.createdAt,
    updatedAt: toIso(order.updatedAt) ?? order.updatedAt,
    paidAt: toIso(order.paidAt),
    paymentLinkId: order.paymentLinkId,
    linkCode: link?.code ?? null,
    instructionsEmail: instructionsEmail ?? null,
    delivery: deliveryOf(order),
    fulfillment: fulfillmentSnapshot(order),
    items,
    money: orderMoneyLines(order, items, order.promotionDiscountCents > 0 ? await orderPromotionLines(order.id) : undefined),
    payment: payment
      ? {
          createState: payment.createState,
          createError: payment.createError,
          status: payment.status,
          amountCents: payment.amountCents,
          pixCode: payment.pixCode,
          barcode: payment.barcode,
          digitableLine: payment.digitableLine,
          pdfUrl: payment.pdfUrl,
          dueDate: payment.dueDate,
          payableUntil: payment.payableUntil,
          refundedAt: toIso(payment.refundedAt),
        }
      : null,
  };
}

/** The order a checkout submit created, if any (a late duplicate submit finds it after the cart was cleared). */
export async function orderTokenByCheckoutKey(checkoutKey: string): Promise<string | null> {
  const [row] = await db().select({ token: orders.token }).from(orders).where(eq(orders.checkoutKey, checkoutKey)).limit(1);
  return row?.token ?? null;
}

/** Lines to put back in the cart for "Comprar novamente" (a payment link's line is no product: left out). */
export async function reorderLinesByToken(token: string): Promise<{ productId: number; variantId?: number; quantity: number }[] | null> {
  if (!looksLikeToken(token)) return null;
  const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.token, token)).limit(1);
  if (!order) return null;
  const rows = await db()
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, variantName: orderItems.variantName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.id));
  // The same variant again; a product without options is named alone, as its cart line is.
  return rows.map((r) => ({ productId: r.productId!, ...(r.variantId !== null && r.variantName !== null ? { variantId: r.variantId } : {}), quantity: r.quantity }));
}

/** The provider's id of the charge an order's token names (null: unknown token, or no charge created yet). */
export async function providerChargeIdByToken(token: string): Promise<string | null> {
  if (!looksLikeToken(token)) return null;
  const [row] = await db()
    .select({ providerId: payments.providerId })
    .from(orders)
    .innerJoin(payments, currentPaymentOf(orders.id))
    .where(eq(orders.token, token))
    .limit(1);
  return row?.providerId ?? null;
}
