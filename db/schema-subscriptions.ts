/**
 * Subscriptions ("Vender como assinatura"): a product's plan, each subscriber's subscription, one
 * row per cycle (unique per subscription and cycle index: the claim that makes a cycle exactly
 * once), and the log of every change. The provider has no recurring primitive, so each cycle is a
 * plain order with its own charge (lib/subscriptions/README.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'paused', 'suspended', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const CYCLE_STATUSES = ['creating', 'open', 'paid', 'unpaid', 'skipped', 'paused', 'sold_out'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** A product's "Vender como assinatura": one row per product that may be subscribed. */
export const subscriptionPlans = sqliteTable('subscription_plans', {
  productId: integer('product_id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  /** "Frequência": 1 "Mensal", 2 "A cada 2 meses", 3 "A cada 3 meses". */
  intervalMonths: integer('interval_months').notNull().default(1),
  /** "Desconto na assinatura", in basis points of the catalog price (1000 = 10 %). */
  discountBps: integer('discount_bps').notNull().default(0),
  /** Whether the product can also be bought once ("Comprar uma vez"). */
  alsoOnce: integer('also_once', { mode: 'boolean' }).notNull().default(true),
  updatedAt: text('updated_at').notNull().default(now),
});
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    /** The subscriber's page: /assinaturas/<token> (the secret). */
    token: text('token').notNull().unique(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** The unit price each cycle charges (catalog price less the plan's discount when subscribed). */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** A new price the merchant confirmed, noticed to the subscriber: charged from `newPriceFromCycle` on. */
    newUnitPriceCents: integer('new_unit_price_cents'),
    newPriceFromCycle: integer('new_price_from_cycle'),
    intervalMonths: integer('interval_months').notNull(),
    /** The day of month of the first cycle: later cycles fall on it, or on the month's last day. */
    anchorDay: integer('anchor_day').notNull(),
    /** The first cycle's date (São Paulo, YYYY-MM-DD): cycle n is `anchor + n × interval` months. */
    startDate: text('start_date').notNull(),
    method: text('method', { enum: ['pix', 'boleto'] }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerDocument: text('buyer_document').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    /** "Receber atualizações pelo WhatsApp" ticked at /assinar with a mobile, and when: each cycle's order carries it, so its charge goes by WhatsApp too. */
    whatsappConsent: integer('whatsapp_consent', { mode: 'boolean' }).notNull().default(false),
    whatsappConsentAt: text('whatsapp_consent_at'),
    shippingMethod: text('shipping_method', { enum: ['delivery', 'pickup', 'none'] }).notNull().default('delivery'),
    /** The carrier's service the subscriber chose ("Forma de entrega"), quoted afresh each cycle. */
    freightServiceId: text('freight_service_id'),
    zip: text('zip'),
    street: text('street'),
    number: text('number'),
    complement: text('complement'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    /** The first cycle's order, placed at checkout. */
    firstOrderId: text('first_order_id'),
    /** The next cycle to create (0 is the checkout's). */
    nextCycle: integer('next_cycle').notNull().default(1),
    /** When the next cycle's order is due to be created: its date less "Dias de antecedência". */
    nextCreateOn: text('next_create_on').notNull(),
    /** Cycles before this index are skipped by a pause ("Pausar assinatura"). */
    pausedUntilCycle: integer('paused_until_cycle'),
    /** Unpaid cycles in a row: at "Tentativas" the subscription is "Suspensa". */
    unpaidInRow: integer('unpaid_in_row').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    activatedAt: text('activated_at'),
    suspendedAt: text('suspended_at'),
    canceledAt: text('canceled_at'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('subscriptions_due_idx').on(t.status, t.nextCreateOn), index('subscriptions_product_idx').on(t.productId)],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const subscriptionCycles = sqliteTable(
  'subscription_cycles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: text('subscription_id').notNull(),
    cycle: integer('cycle').notNull(),
    /** The cycle's date (São Paulo): the charge's due date. */
    cycleDate: text('cycle_date').notNull(),
    status: text('status', { enum: CYCLE_STATUSES }).notNull(),
    /** The order's checkout key, derived from the subscription and the cycle: one order per cycle. */
    checkoutKey: text('checkout_key').notNull().unique(),
    orderId: text('order_id'),
    amountCents: integer('amount_cents'),
    /** A process placing the cycle's order holds it until then; a crash lets another resume it. */
    leaseUntil: text('lease_until'),
    note: text('note'),
    createdAt: text('created_at').notNull().default(now),
    settledAt: text('settled_at'),
  },
  (t) => [uniqueIndex('subscription_cycles_once').on(t.subscriptionId, t.cycle), index('subscription_cycles_status_idx').on(t.status)],
);
export type SubscriptionCycleRow = typeof subscriptionCycles.$inferSelect;

/** Every change to a subscription, by whom: the merchant's page and the subscriber's show it. */
export const subscriptionLog = sqliteTable(
  'subscription_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: text('subscription_id').notNull(),
    /** 'subscriber', 'system', or 'merchant:<user id>'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: text('detail'),
    at: text('at').notNull().default(now),
  },
  (t) => [index('subscription_log_sub_idx').on(t.subscriptionId, t.id)],
);
export type SubscriptionLogRow = typeof subscriptionLog.$inferSelect;

/**
 * Configurações → "Assinaturas": one row (id = 1); no row = the defaults. "Dias de antecedência"
 * per method (how long before a cycle's date its order and charge are created) and "Tentativas"
 * (unpaid cycles in a row before the subscription is "Suspensa").
 */
export const subscriptionSettings = sqliteTable('subscription_settings', {
  id: integer('id').primaryKey(),
  leadDaysPix: integer('lead_days_pix').notNull().default(1),
  leadDaysBoleto: integer('lead_days_boleto').notNull().default(3),
  maxUnpaidInRow: integer('max_unpaid_in_row').notNull().default(3),
  updatedAt: text('updated_at').notNull().default(now),
});
