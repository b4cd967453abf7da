/**
 * Automatic promotions (lib/promotions) and the discounts an order kept of them. A promotion's
 * rules live in `rules` (JSON, parsed with zod by lib/promotions/rules.ts), so a new tier or
 * region never needs a migration; what the list and the engine filter on is a column.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const PROMOTION_TYPES = ['buy_x_pay_y', 'progressive', 'free_shipping'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const PROMOTION_SCOPES = ['shop', 'category', 'product'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

export const promotions = sqliteTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    /** The name the buyer sees on the cart, the order and the receipt. */
    name: text('name').notNull(),
    type: text('type', { enum: PROMOTION_TYPES }).notNull(),
    scope: text('scope', { enum: PROMOTION_SCOPES }).notNull().default('shop'),
    /** The category's or the product's id for those scopes; null for the whole shop. */
    scopeId: integer('scope_id'),
    /** The type's rules as JSON (lib/promotions/rules.ts). */
    rules: text('rules').notNull(),
    /** ISO instants on the shop's clock; null: no bound. */
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    pausedAt: text('paused_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('promotions_active_idx').on(t.pausedAt, t.endsAt)],
);
export type Promotion = typeof promotions.$inferSelect;

/**
 * One discount of an order, by cause: a promotion (its name as the buyer saw it), kept when the
 * order is placed. `lineShares`: JSON array of centavos, one per order item in the order's item
 * order, summing to `amountCents` (what a refund of one line gives back of it).
 */
export const orderDiscounts = sqliteTable(
  'order_discounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull(),
    promotionId: text('promotion_id'),
    type: text('type').notNull(),
    name: text('name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lineShares: text('line_shares').notNull().default('[]'),
  },
  (t) => [index('order_discounts_order_idx').on(t.orderId), index('order_discounts_promotion_idx').on(t.promotionId)],
);
export type OrderDiscount = typeof orderDiscounts.$inferSelect;

/**
 * "Oferta no checkout" of a product: when it is in the cart, the checkout offers another product
 * (or one of its variants) at "Preço na oferta", with "Texto da oferta". One per product.
 */
export const productOffers = sqliteTable('product_offers', {
  productId: integer('product_id').primaryKey(),
  offeredProductId: integer('offered_product_id').notNull(),
  /** One variant of the offered product; null: its implicit variant (a product without options). */
  offeredVariantId: integer('offered_variant_id'),
  priceCents: integer('price_cents').notNull(),
  text: text('text').notNull(),
  updatedAt: text('updated_at').notNull().default(now),
});
export type ProductOffer = typeof productOffers.$inferSelect;

/** An offer accepted on an order ("Adicionar ao pedido"): its line is one of the order's items, at the offer's price. */
export const orderOffers = sqliteTable(
  'order_offers',
  {
    orderId: text('order_id').primaryKey(),
    productId: integer('product_id').notNull(),
    offeredProductId: integer('offered_product_id').notNull(),
    offeredVariantId: integer('offered_variant_id'),
    priceCents: integer('price_cents').notNull(),
  },
);
