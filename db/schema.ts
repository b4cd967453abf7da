/**
 * The shop's database (SQLite via better-sqlite3, or libSQL/Turso): one Drizzle sqlite-core
 * schema for both drivers. Money is integer centavos. Timestamps are ISO 8601 text (UTC).
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'canceled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const products = sqliteTable('products', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  imagePath: text('image_path').notNull(),
  stock: integer('stock'), // null = not tracked
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdAt: text('created_at').notNull().default(now),
});

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/** One row (id = 1): the shop's payment settings. Percentages are not money: reals. */
export const merchantSettings = sqliteTable('merchant_settings', {
  id: integer('id').primaryKey(),
  boletoDueDays: integer('boleto_due_days').notNull().default(3),
  boletoGraceDays: integer('boleto_grace_days').notNull().default(5),
  boletoFinePercent: real('boleto_fine_percent').notNull().default(2),
  boletoInterestPercent: real('boleto_interest_percent').notNull().default(0.1),
  pixExpirationDays: integer('pix_expiration_days').notNull().default(1),
  updatedAt: text('updated_at').notNull().default(now),
});

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(), // random UUID; the dashboard's URL
    token: text('token').notNull().unique(), // the buyer's unguessable URL token
    /** One submit of the checkout form; a retried or double submit finds the same order. */
    checkoutKey: text('checkout_key').notNull().unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    buyerName: text('buyer_name').notNull(),
    buyerDocument: text('buyer_document').notNull(), // digits only
    buyerEmail: text('buyer_email').notNull(),
    addressZip: text('address_zip'),
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressNeighborhood: text('address_neighborhood'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    /** Paid after it had been canceled or expired: flagged to the merchant. */
    latePayment: integer('late_payment', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    paidAt: text('paid_at'),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_method_created_idx').on(t.method, t.createdAt),
    index('orders_document_idx').on(t.buyerDocument),
    index('orders_paid_at_idx').on(t.paidAt),
  ],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    name: text('name').notNull(), // snapshot at purchase
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const PAYMENT_CREATE_STATES = ['creating', 'created', 'failed'] as const;

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(), // random UUID
    orderId: text('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** creating: the create call is (or was) in flight; its response may have been lost. */
    createState: text('create_state', { enum: PAYMENT_CREATE_STATES }).notNull().default('creating'),
    createError: text('create_error'),
    /** Sent as Idempotency-Key and in metadata (order_id) so a lost create can be found again. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerId: text('provider_id').unique(),
    /** The provider's raw status as last read: "1".."5" for boleto, "active"… for Pix. */
    providerStatus: text('provider_status'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The per-payment secret in notification_url. */
    webhookToken: text('webhook_token').notNull().unique(),
    pixCode: text('pix_code'),
    pixImage: text('pix_image'),
    barcode: text('barcode'),
    digitableLine: text('digitable_line'),
    pdfUrl: text('pdf_url'),
    invoiceUrl: text('invoice_url'),
    dueDate: text('due_date'), // YYYY-MM-DD
    /** Last São Paulo calendar day it can be paid (due + grace / expiration days). */
    payableUntil: text('payable_until'),
    /** The app or the merchant asked for cancellation: a provider "canceled" then means canceled, else expired. */
    cancelRequestedAt: text('cancel_requested_at'),
    /** Incremented on every state change (optimistic check for racing writers). */
    version: integer('version').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    paidAt: text('paid_at'),
    refundedAt: text('refunded_at'),
    lastCheckedAt: text('last_checked_at'),
  },
  (t) => [index('payments_status_idx').on(t.status, t.updatedAt), index('payments_create_state_idx').on(t.createState)],
);

/**
 * Timeline of a payment: every state change (dedupe key "status:<payment>:<state>" makes a
 * duplicate a no-op), creation, registration, merchant actions, reconciliation outcomes.
 */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: text('payment_id').notNull().references(() => payments.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    type: text('type').notNull(), // created | registered | status_changed | cancel_requested | refund_requested | late_payment | error …
    source: text('source').notNull(), // checkout | webhook | reconcile | merchant | status_poll
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    dedupeKey: text('dedupe_key').unique(),
    detail: text('detail'), // JSON
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

/**
 * Every webhook delivery, append-only, whatever it said. Read by payment (the order's
 * timeline); no query orders or filters by received_at, so it has no index of its own (one
 * fewer page written per delivery).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: text('payment_id'), // null when the token is unknown
    tokenHash: text('token_hash').notNull(), // sha256 prefix of the URL token, never the token
    eventId: text('event_id'),
    eventType: text('event_type'),
    signature: text('signature').notNull(), // valid | invalid | stale | absent
    outcome: text('outcome').notNull(), // applied | no_change | unknown_token | rejected | fetch_failed | too_large
    httpStatus: integer('http_status').notNull(),
    body: text('body'), // raw, truncated to 64 KiB
    receivedAt: text('received_at').notNull().default(now),
  },
  (t) => [index('webhook_deliveries_payment_idx').on(t.paymentId, t.id)],
);

export type Product = typeof products.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type MerchantSettings = typeof merchantSettings.$inferSelect;
export type User = typeof users.$inferSelect;
