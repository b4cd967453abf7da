/**
 * Reviews from verified buyers (lib/reviews): the request e-mail's schedule per order, the
 * reviews themselves (one per order line), and their settings. A review keeps no personal data
 * beyond the first name and initial the buyer chose to show.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { orderItems, orders, products } from './schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** One row (id = 1). No row = the defaults (7 days, nothing published without the merchant). */
export const reviewSettings = sqliteTable('review_settings', {
  id: integer('id').primaryKey(),
  /** Days after "Entregue" / "Retirado" / paid (digital) before "Avalie sua compra" goes. */
  delayDays: integer('delay_days').notNull().default(7),
  /** "Publicar automaticamente notas 4 e 5". */
  autoPublishHigh: integer('auto_publish_high', { mode: 'boolean' }).notNull().default(false),
});
export type ReviewSettingsRow = typeof reviewSettings.$inferSelect;

/**
 * The request of one order: written once (the order id is the key) when its moment passed on
 * the shop's clock, in the same transaction as its e-mail's outbox row.
 */
export const reviewRequests = sqliteTable('review_requests', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** The shop-clock moment the order became reviewable (delivered, picked up, or paid for digital). */
  dueAt: text('due_at').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** One review per order line: the unique index is the rule. */
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** "Maria S." when the buyer chose to show it; '' = anonymous ("Comprador"). */
    authorName: text('author_name').notNull().default(''),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reply: text('reply'),
    repliedAt: text('replied_at'),
    publishedAt: text('published_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('reviews_order_item_idx').on(t.orderItemId),
    index('reviews_product_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
