/**
 * The shop's database (SQLite via better-sqlite3, or libSQL/Turso): one Drizzle sqlite-core
 * schema for both drivers. Money is integer centavos. Timestamps are ISO 8601 text (UTC).
 */
import { and, eq, isNull, sql, type AnyColumn, type SQL, type SQLChunk } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'canceled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    imagePath: text('image_path').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(now),
    /** The catalog's order: lower first, then newest first. */
    displayOrder: integer('display_order').notNull().default(0),
    /** A physical product needs delivery (the checkout asks for an address and shipping). */
    requiresShipping: integer('requires_shipping', { mode: 'boolean' }).notNull().default(true),
    /** Set when the merchant removed a product that had been ordered: kept for its orders, hidden everywhere else. */
    archivedAt: text('archived_at'),
    /**
     * Up to 3 options, JSON `[{"name": "Tamanho", "values": ["P", "M", "G"]}]`; `[]` for a product
     * sold as one thing (its one implicit variant). lib/catalog/variants.ts owns the rules.
     */
    options: text('options').notNull().default('[]'),
    /** Shipping weight (g) and size (cm): the default of every variant that does not set its own. */
    weightGrams: integer('weight_g'),
    heightCm: integer('height_cm'),
    widthCm: integer('width_cm'),
    lengthCm: integer('length_cm'),
    /** Fiscal fields for the NF-e (lib/nfe/fiscal-fields.ts): NCM (8 digits), origin (0–8), GTIN; a variant may set its own. */
    ncm: text('ncm'),
    origin: integer('origin'),
    gtin: text('gtin'),
  },
  (t) => [index('products_catalog_idx').on(t.active, t.displayOrder, t.id)],
);

/**
 * What is really sold and counted: a product's variants, one per combination of its options'
 * values (option1..3 in the order of products.options), or one implicit variant (no values)
 * for a product without options. Stock, reservations and the movement ledger are per variant.
 * A null price, weight or size is the product's.
 */
export const productVariants = sqliteTable(
  'product_variants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    /** Unique in the shop when set. */
    sku: text('sku'),
    priceCents: integer('price_cents'),
    stock: integer('stock'), // null = not tracked
    weightGrams: integer('weight_g'),
    heightCm: integer('height_cm'),
    widthCm: integer('width_cm'),
    lengthCm: integer('length_cm'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** One of the product's photos shown when this variant is chosen. */
    photoId: integer('photo_id').references(() => productPhotos.id, { onDelete: 'set null' }),
    /** The variant's own NCM, origin and GTIN where they differ from the product's; null = the product's. */
    ncm: text('ncm'),
    origin: integer('origin'),
    gtin: text('gtin'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('product_variants_product_idx').on(t.productId, t.position), uniqueIndex('product_variants_sku_idx').on(t.sku)],
);

/** Slugs a product used before: /products/<old> redirects to its current slug. */
export const productSlugRedirects = sqliteTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull().default(now),
});

/** A product's photos, in order (position 0 is the cover). Immutable once stored, apart from position. */
export const productPhotos = sqliteTable(
  'product_photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Size of the largest stored variant (after rotation by its EXIF orientation). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position)],
);

/**
 * The bytes of each photo, one row per width and format (AVIF, WebP, JPEG: the page offers the
 * three, the browser takes the first it decodes). In the database so that a Node host and a
 * serverless deployment (libSQL/Turso) both have them with no file storage to run.
 */
export const productPhotoFiles = sqliteTable(
  'product_photo_files',
  {
    photoId: integer('photo_id').notNull().references(() => productPhotos.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    /** 'webp' (every photo has it), 'avif' and 'jpeg' (derived at upload, or later for a photo stored before them). */
    format: text('format', { enum: ['webp', 'avif', 'jpeg'] }).notNull().default('webp'),
    height: integer('height').notNull(),
    /** sha256 of the bytes (first 20 hex): the URL's and ETag's content hash. */
    hash: text('hash').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width, t.format] })],
);

/**
 * Every unit taken from or given back to a variant's stock, keyed on its cause
 * ("<order>:<product>:take", ":return:expired", ":retake", ":return:merchant") so that a
 * duplicate can never move stock twice.
 */
export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The variant whose stock moved (set for every row since migration 0022). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    /** Negative: units taken; positive: units given back. */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(), // order | expired | canceled | late_payment | merchant_return | refused | released (reservation lapsed)
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('stock_movements_dedupe_idx').on(t.dedupeKey),
    index('stock_movements_order_idx').on(t.orderId),
    index('stock_movements_variant_idx').on(t.variantId),
  ],
);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull().default(now),
  /**
   * Sessions carry the version they were issued at; sign-out, "Sair de todos os dispositivos"
   * and a password change bump it, so every older session cookie stops working at once.
   */
  sessionVersion: integer('session_version').notNull().default(0),
  /**
   * What the user may do (lib/auth/permissions.ts): 'owner' ("Dono"), 'manager' ("Gerente"),
   * 'attendant' ("Atendente"), or 'demo' for a public demo's shared login.
   */
  role: text('role', { enum: ['owner', 'manager', 'attendant', 'demo'] }).notNull().default('owner'),
  /**
   * Two-step sign-in (TOTP, RFC 6238; lib/accounts/two-factor.ts): the secret sealed with
   * AUTH_SECRET (lib/security/sealed.ts). Set while being enabled; on once `totp_enabled_at` is.
   */
  totpSecret: text('totp_secret'),
  totpEnabledAt: text('totp_enabled_at'),
  /** The last time step a code was accepted at: a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
});

/** The 10 recovery codes of a person's two-step sign-in: only their sha256, each usable once. */
export const totpRecoveryCodes = sqliteTable(
  'totp_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeSha256: text('code_sha256').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** One row (id = 1): rules for every account. */
export const accountPolicy = sqliteTable('account_policy', {
  id: integer('id').primaryKey(),
  /** The Dono requires two-step sign-in of everyone who can refund or change settings. */
  requireTwoFactor: integer('require_two_factor', { mode: 'boolean' }).notNull().default(false),
});

/** One row (id = 1): the shop's payment settings. Percentages are not money: reals. */
export const merchantSettings = sqliteTable('merchant_settings', {
  id: integer('id').primaryKey(),
  boletoDueDays: integer('boleto_due_days').notNull().default(3),
  boletoGraceDays: integer('boleto_grace_days').notNull().default(5),
  boletoFinePercent: real('boleto_fine_percent').notNull().default(2),
  boletoInterestPercent: real('boleto_interest_percent').notNull().default(0.1),
  pixExpirationDays: integer('pix_expiration_days').notNull().default(1),
  /** "Desconto no Pix" in basis points (500 = 5 %), 0–3000: exact, unlike a real. */
  pixDiscountBps: integer('pix_discount_bps').notNull().default(0),
  /**
   * "Reserva de estoque": how long an unpaid order holds its stock units and its place on a
   * payment link, in minutes (0–4320, i.e. up to 72 h). After that they return to the shop
   * although the charge stays payable (lib/catalog/reservation.ts).
   */
  stockHoldMinutes: integer('stock_hold_minutes').notNull().default(60),
  /** Whether the checkout requires "Celular (WhatsApp)" (off: the buyer may leave it empty). */
  requireBuyerPhone: integer('require_buyer_phone', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updated_at').notNull().default(now),
});

export const LINK_METHODS = ['pix', 'boleto', 'both'] as const;
export type LinkMethods = (typeof LINK_METHODS)[number];

/**
 * A payment link ("link de pagamento"): a price agreed in a conversation, paid at
 * /pagar/<code> without a catalog. Never deleted once an order points at it (orders reference
 * it); "Desativar" sets disabledAt. What it has received is read from its orders, never kept
 * in a counter here: the orders are the truth, so a count can never drift from them.
 */
export const paymentLinks = sqliteTable(
  'payment_links',
  {
    id: text('id').primaryKey(), // random UUID; the dashboard's URL
    /** The buyer's unguessable short code (base62, crypto random). */
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    description: text('description'),
    /** A fixed price; null when the buyer types the amount (at least minAmountCents). */
    amountCents: integer('amount_cents'),
    minAmountCents: integer('min_amount_cents'),
    methods: text('methods', { enum: LINK_METHODS }).notNull().default('both'),
    /** Whether the shop's Pix discount applies to this link's Pix orders. */
    pixDiscount: integer('pix_discount', { mode: 'boolean' }).notNull().default(true),
    /** Whether the buyer may type a coupon on this link ("Aceita cupom"); off unless the merchant says. */
    allowCoupons: integer('allow_coupons', { mode: 'boolean' }).notNull().default(false),
    /** Last São Paulo calendar day (YYYY-MM-DD) it accepts a new order; null: no expiry. */
    expiresOn: text('expires_on'),
    /** How many orders may hold or use it (1: a one-off charge); null: unlimited. */
    maxPayments: integer('max_payments'),
    disabledAt: text('disabled_at'),
    createdBy: text('created_by'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** The variant the link sells (its order line names it and takes its stock); null: the link's title alone. */
    variantId: integer('variant_id').references(() => productVariants.id),
  },
  (t) => [index('payment_links_created_idx').on(t.createdAt)],
);
/**
 * One row (id = 1): the shop's delivery rules (lib/shipping). Rates are centavos; the region and
 * UF maps are JSON objects ({"Sudeste": 1500}, {"SP": 990}). No row = free delivery, no pickup.
 */
export const shippingSettings = sqliteTable('shipping_settings', {
  id: integer('id').primaryKey(),
  nationalCents: integer('national_cents'),
  regionCents: text('region_cents').notNull().default('{}'),
  ufCents: text('uf_cents').notNull().default('{}'),
  freeAboveCents: integer('free_above_cents'),
  pickupEnabled: integer('pickup_enabled', { mode: 'boolean' }).notNull().default(false),
  pickupAddress: text('pickup_address').notNull().default(''),
  updatedAt: text('updated_at').notNull().default(now),
  /**
   * Melhor Envio (lib/shipping/carrier-settings.ts): off → the UF table prices every order. The
   * token is sealed (lib/security/sealed.ts), never shown again; null with the sandbox on →
   * the embedded carrier sandbox. Services: the Melhor Envio ids offered, comma-separated.
   * Adjustment: extra fee (positive) or discount (negative) in basis points or centavos.
   */
  carrierEnabled: integer('carrier_enabled', { mode: 'boolean' }).notNull().default(false),
  carrierTokenSealed: text('carrier_token_sealed'),
  carrierEnvironment: text('carrier_environment', { enum: ['sandbox', 'production'] }).notNull().default('sandbox'),
  carrierOriginZip: text('carrier_origin_zip').notNull().default(''),
  carrierServices: text('carrier_services').notNull().default('1,2,3,31'),
  handlingDays: integer('handling_days').notNull().default(0),
  carrierAdjustKind: text('carrier_adjust_kind', { enum: ['none', 'percent', 'cents'] }).notNull().default('none'),
  carrierAdjustValue: integer('carrier_adjust_value').notNull().default(0),
});

export const SHIPPING_METHODS = ['delivery', 'pickup'] as const;
/** Fulfilment, beside the payment state (lib/fulfilment/moves.ts has its moves). */
export const FULFILLMENT_STATUSES = ['unfulfilled', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(), // random UUID; the dashboard's URL
    token: text('token').notNull().unique(), // the buyer's unguessable URL token
    /** One submit of the checkout form; a retried or double submit finds the same order. */
    checkoutKey: text('checkout_key').notNull().unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The charge: itemsCents − couponDiscountCents − pixDiscountCents + shippingCents. */
    totalCents: integer('total_cents').notNull(),
    /** Sum of the items' line totals at the catalog's prices of the moment. */
    itemsCents: integer('items_cents').notNull().default(0),
    /** The shop's Pix discount on the items, its own line (0 for boleto). */
    pixDiscountCents: integer('pix_discount_cents').notNull().default(0),
    /** The discount's rate when the order was placed, in basis points. */
    pixDiscountBps: integer('pix_discount_bps').notNull().default(0),
    /** The coupon used, as the buyer typed it normalised (upper case); null without one. */
    couponCode: text('coupon_code'),
    couponId: text('coupon_id'),
    /** When the coupon's use was given back (the order expired or was canceled unpaid); null while it counts. */
    couponReleasedAt: text('coupon_released_at'),
    /** The coupon's discount on the items, its own line, taken before the Pix discount. */
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    /** The automatic promotions' discounts on the items (order_discounts holds each), taken before the coupon. */
    promotionDiscountCents: integer('promotion_discount_cents').notNull().default(0),
    /** Paid late when some units were no longer in stock: flagged to the merchant. */
    stockShort: integer('stock_short', { mode: 'boolean' }).notNull().default(false),
    refundedCents: integer('refunded_cents').notNull().default(0),
    buyerName: text('buyer_name').notNull(),
    buyerDocument: text('buyer_document').notNull(), // digits only
    buyerEmail: text('buyer_email').notNull(),
    /** "Celular (WhatsApp)": 11 national digits, DDD + 9 + 8 ("11987654321", @balcao/br/phone); null when not given. */
    buyerPhone: text('buyer_phone'),
    /** "Receber atualizações pelo WhatsApp", ticked by the buyer (LGPD consent, with when). */
    whatsappConsent: integer('whatsapp_consent', { mode: 'boolean' }).notNull().default(false),
    whatsappConsentAt: text('whatsapp_consent_at'),
    addressZip: text('address_zip'),
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressNeighborhood: text('address_neighborhood'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    /** Null when nothing in the order ships; else how it reaches the buyer. */
    shippingMethod: text('shipping_method', { enum: SHIPPING_METHODS }),
    /** Shipping charged, its own line of the total (0 for pickup, free shipping or nothing to ship). */
    shippingCents: integer('shipping_cents').notNull().default(0),
    deliveryZip: text('delivery_zip'),
    deliveryStreet: text('delivery_street'),
    deliveryNumber: text('delivery_number'),
    deliveryComplement: text('delivery_complement'),
    deliveryNeighborhood: text('delivery_neighborhood'),
    deliveryCity: text('delivery_city'),
    deliveryState: text('delivery_state'),
    /** Pickup: where, as the shop said when the order was placed. */
    pickupAddress: text('pickup_address'),
    /**
     * Delivery priced by the carrier ('carrier': Melhor Envio's quote, the service chosen) or by
     * the shop's UF table ('table'); null before shipping had a carrier, or nothing ships.
     * The promised range is São Paulo dates (handling days included).
     */
    shippingPricedBy: text('shipping_priced_by', { enum: ['carrier', 'table'] }),
    shippingServiceId: integer('shipping_service_id'),
    shippingServiceName: text('shipping_service_name'),
    deliveryFromDate: text('delivery_from_date'),
    deliveryToDate: text('delivery_to_date'),
    /**
     * The service's promise in working days (handling included), kept so the dates above are
     * counted again from the day the order is paid (lib/shipping/delivery-promise.ts).
     */
    deliveryMinDays: integer('delivery_min_days'),
    deliveryMaxDays: integer('delivery_max_days'),
    /** The carrier label (lib/shipping/labels.ts): its id at Melhor Envio, the last step done, its cost. */
    labelId: text('label_id'),
    labelStep: text('label_step', { enum: ['cart', 'paid', 'generated'] }),
    labelCostCents: integer('label_cost_cents'),
    /**
     * Who is buying the label now: a lease (ISO instant) taken before the first carrier call and
     * released after the last, so two clicks or two processes never run the steps at once; a
     * crashed buyer's lease lapses and the next click resumes from `label_step`.
     */
    labelLeaseUntil: text('label_lease_until'),
    /** When the tracking pass last read this label (the least recently read go first). */
    labelCheckedAt: text('label_checked_at'),
    /**
     * Paid after its reservation on a payment link had lapsed, when the link's places were all
     * taken by then: the link received more payments than its limit. Flagged to the merchant.
     */
    linkOverLimit: integer('link_over_limit', { mode: 'boolean' }).notNull().default(false),
    /**
     * Two attempts of the order were paid ("Pago em duplicidade"): the order counts one, and the
     * other (the Pix one: a Pix can be refunded) waits for the merchant's refund.
     */
    doublePaidAt: text('double_paid_at'),
    /** Paid after it had been canceled or expired: flagged to the merchant. */
    latePayment: integer('late_payment', { mode: 'boolean' }).notNull().default(false),
    /** The payment link this order was placed through; null for a catalog order. */
    paymentLinkId: text('payment_link_id').references(() => paymentLinks.id),
    /**
     * The number people read and say (#1001), from the `order_number` counter in the order's own
     * transaction: unique and never reused (an order deleted after a refused create keeps its
     * number spent). Null only for rows written outside placeOrder (tests' fixtures).
     */
    number: integer('number'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    paidAt: text('paid_at'),
    /**
     * Fulfilment (only meaningful once paid and when something ships): 'unfulfilled' until the
     * merchant moves it (lib/fulfilment). The carrier, code and link are the latest; every
     * move and correction is also an event in payment_events with who and when.
     */
    fulfillmentStatus: text('fulfillment_status', { enum: FULFILLMENT_STATUSES }).notNull().default('unfulfilled'),
    fulfillmentCarrier: text('fulfillment_carrier'),
    trackingCode: text('tracking_code'),
    trackingUrl: text('tracking_url'),
    shippedAt: text('shipped_at'),
    deliveredAt: text('delivered_at'),
    readyForPickupAt: text('ready_for_pickup_at'),
    pickedUpAt: text('picked_up_at'),
    /** Who made the last fulfilment move (the merchant's e-mail). */
    fulfillmentBy: text('fulfillment_by'),
    /** A boleto paid back outside the app (bank transfer): recorded, no provider call. */
    manualRefundCents: integer('manual_refund_cents').notNull().default(0),
    manualRefundReason: text('manual_refund_reason'),
    manualRefundedAt: text('manual_refunded_at'),
    manualRefundedBy: text('manual_refunded_by'),
    /** The buyer's "Observações para a loja" at checkout (at most 500 characters), or null. */
    buyerNote: text('buyer_note'),
    /**
     * "Origem" (lib/attribution): where the buyer came from, copied at placement from the
     * first-touch cookie (or a payment link's own UTM). Each cleaned and capped; null when unknown.
     * `origin_source` is the utm_source, else the referring host: what "Vendas por origem" groups on.
     */
    originSource: text('origin_source'),
    originMedium: text('origin_medium'),
    originCampaign: text('origin_campaign'),
    originContent: text('origin_content'),
    originReferrer: text('origin_referrer'),
    originFbclid: text('origin_fbclid'),
    originGclid: text('origin_gclid'),
  },
  (t) => [
    // "A enviar" (status, fulfilment, delivery) is counted on every orders page: with the shipping
    // method in the key, the count reads only the orders to ship, not every paid order that
    // never ships (a digital sale stays 'unfulfilled').
    index('orders_to_ship_idx').on(t.status, t.fulfillmentStatus, t.shippingMethod, t.paidAt),
    index('orders_link_created_idx').on(t.paymentLinkId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_method_created_idx').on(t.method, t.createdAt),
    index('orders_document_idx').on(t.buyerDocument),
    index('orders_coupon_document_idx').on(t.couponId, t.buyerDocument),
    index('orders_paid_at_idx').on(t.paidAt),
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_origin_created_idx').on(t.originSource, t.createdAt),
  ],
);

/**
 * "Notas internas": the team's notes on an order, never shown to the buyer. Append-only (a note
 * is a record of what someone said, with who and when); the activity log has a line for each.
 */
export const orderNotes = sqliteTable(
  'order_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Kept as text: the person may be removed later, the note stays. */
    authorEmail: text('author_email').notNull(),
    authorName: text('author_name'),
    body: text('body').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);
export type OrderNote = typeof orderNotes.$inferSelect;

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * A coupon ("Cupons" in the dashboard). The code is stored upper case, so the unique index makes
 * it case-insensitive. `usesCount` is bumped by compare-and-set in the transaction that writes
 * the order (lib/coupons/claim.ts): the limit holds across processes. A use counts when the
 * order is placed and is given back, once, if the order expires or is canceled unpaid (docs/reference.md).
 */
export const coupons = sqliteTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** 'percent': basis points (1000 = 10 %); 'fixed': centavos. */
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    /** São Paulo calendar days (YYYY-MM-DD), both inclusive; null: no bound. */
    startsOn: text('starts_on'),
    endsOn: text('ends_on'),
    /** null: unlimited. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** "Um por CPF": one order per CPF/CNPJ with this coupon. */
    onePerDocument: integer('one_per_document', { mode: 'boolean' }).notNull().default(false),
    disabledAt: text('disabled_at'),
    createdBy: text('created_by'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('coupons_code_idx').on(t.code)],
);
export type Coupon = typeof coupons.$inferSelect;

/** Named counters that only go up, bumped inside the transaction that uses the value. */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** The catalog product; null for a payment link's line (its title, at the link's price). */
    productId: integer('product_id').references(() => products.id),
    /** The variant sold (null for a line without a product); its SKU and option values as they were. */
    variantId: integer('variant_id'),
    sku: text('sku'),
    /** "M / Preto"; null for a product without options. `name` holds the whole "Camiseta — M / Preto". */
    variantName: text('variant_name'),
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
    /**
     * An order has one or more payment attempts (a boleto switched to Pix, a new Pix after one
     * expired): at most one current (superseded_at null: the partial unique index), which the
     * order's state follows and revenue counts.
     */
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 for the order's first charge, then 2, 3… */
    attempt: integer('attempt').notNull().default(1),
    /**
     * When a newer attempt replaced this one (lib/payments/attempts.ts). A superseded attempt
     * still records what the provider says, but its cancellation or expiry no longer moves the
     * order; its payment does (counted, or flagged "Pago em duplicidade").
     */
    supersededAt: text('superseded_at'),
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
  (t) => [
    index('payments_status_idx').on(t.status, t.updatedAt),
    index('payments_create_state_idx').on(t.createState),
    index('payments_order_idx').on(t.orderId, t.attempt),
    uniqueIndex('payments_current_attempt_idx').on(t.orderId).where(sql`superseded_at is null`),
  ],
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
    body: text('body'), // raw, truncated to 64 KiB; never kept for an unknown token (anyone can send those)
    bodySha256: text('body_sha256'), // hex SHA-256 of the whole body as received
    bodyBytes: integer('body_bytes'), // its size
    receivedAt: text('received_at').notNull().default(now),
  },
  (t) => [index('webhook_deliveries_payment_idx').on(t.paymentId, t.id)],
);

export type Product = typeof products.$inferSelect;
export type ProductPhoto = typeof productPhotos.$inferSelect;
export type ProductVariant = typeof productVariants.$inferSelect;
export type StockMovement = typeof stockMovements.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type PaymentLink = typeof paymentLinks.$inferSelect;
export type MerchantSettings = typeof merchantSettings.$inferSelect;
export type ShippingSettingsRow = typeof shippingSettings.$inferSelect;
export type User = typeof users.$inferSelect;

// ---------- e-mails to the shopper: the transactional outbox ----------

export const EMAIL_KINDS = [
  'instructions',
  'paid',
  'reminder',
  'refunded',
  'canceled',
  'expired',
  // fulfilment, to the shopper
  'shipped',
  'ready_for_pickup',
  'delivered',
  // alerts to the merchant's notification addresses
  'new_sale',
  'late_payment',
  // "Avalie sua compra", days after delivery (lib/reviews/schedule.ts)
  'review_request',
  // a subscription's notices (paused, canceled, suspended, price change…: lib/subscriptions/notices.ts)
  'subscription',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/** E-mails about a merchant user's account, not about an order (lib/email/account-emails.ts). */
export const ACCOUNT_EMAIL_KINDS = ['password_reset', 'invitation'] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];
/** A saved checkout's reminder (lib/email/cart-reminder.ts): an outbox row without an order. */
export const DRAFT_EMAIL_KINDS = ['cart_reminder'] as const;
export const OUTBOX_KINDS = [...EMAIL_KINDS, ...ACCOUNT_EMAIL_KINDS, ...DRAFT_EMAIL_KINDS] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Providers whose mailboxes ignore dots in the local part ("ana.silva" = "anasilva"), and their aliases. */
export const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * An e-mail address normalised in SQLite (lib/email/caps.ts `normalisedAddress`: lower case, no
 * `+tag`, no dots where the provider ignores them), for a column or an expression (addresses hold
 * one "@": they were validated). Its constants are written into the SQL, never bound: SQLite uses
 * `email_outbox_recipient_norm_idx` only for a query whose expression is the index's, literally.
 */
export function normalisedAddressSql(address: SQL | AnyColumn): SQL<string> {
  // The address appears many times in the expression: the text around it is built once, so that
  // each query renders a few chunks, not hundreds (the cap is part of every order's e-mail insert).
  const chunks: SQLChunk[] = [];
  NORMALISED_ADDRESS_TEXT.forEach((text, i) => {
    if (i > 0) chunks.push(address);
    chunks.push(sql.raw(text));
  });
  return sql.join(chunks) as SQL<string>;
}

const normalisedByName = new Map<string, SQL<string>>();

/**
 * normalisedAddressSql of a column named in SQL text (`capped.recipient`, `"orders"."buyer_email"`):
 * the same expression as one chunk of text, built once per name.
 */
export function normalisedAddressOfName(name: string): SQL<string> {
  let found = normalisedByName.get(name);
  if (!found) {
    found = sql.raw(NORMALISED_ADDRESS_TEXT.join(name)) as SQL<string>;
    normalisedByName.set(name, found);
  }
  return found;
}

/** normalisedAddressSql's text, split where the address goes. */
const NORMALISED_ADDRESS_TEXT: readonly string[] = (() => {
  const X = '\u0000';
  const l = `lower(trim(${X}))`;
  const local = `substr(${l}, 1, instr(${l}, '@') - 1)`;
  const domain = `substr(${l}, instr(${l}, '@') + 1)`;
  const untagged = `(case when instr(${local}, '+') > 1 then substr(${local}, 1, instr(${local}, '+') - 1) else ${local} end)`;
  const dotless = Object.keys(DOTLESS_DOMAINS)
    .map((d) => `'${d}'`)
    .join(', ');
  return `(case when instr(${l}, '@') < 2 then ${l} when ${domain} in (${dotless}) then replace(${untagged}, '.', '') || '@gmail.com' else ${untagged} || '@' || ${domain} end)`.split(X);
})();

/**
 * One e-mail to send, written in the same transaction as its cause and keyed on it
 * ("email:<order>:paid"), so a duplicate webhook, a racing reconciliation or a second
 * instance can never make two. The worker renders it from the order when it sends it.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Null for an account e-mail (password reset, invitation): its account token is named by the key. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(now),
    /** A worker holds the row until then; a crash lets another take it after (it may resend that one). */
    leaseUntil: text('lease_until'),
    lastError: text('last_error'),
    /** smtp | catcher (kept in the database for /sandbox/emails) */
    transport: text('transport'),
    messageId: text('message_id'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    sentAt: text('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_order_idx').on(t.orderId, t.id),
    // The per-recipient daily cap (lib/email/caps.ts) counts a recipient's recent rows, by the
    // normalised address: the index is on that expression, which the cap's query repeats.
    index('email_outbox_recipient_norm_idx').on(normalisedAddressSql(sql`${t.recipient}`), t.createdAt),
  ],
);


/** Every send attempt of an outbox row, with its outcome and reason. Append-only. */
export const emailAttempts = sqliteTable(
  'email_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outboxId: integer('outbox_id').notNull().references(() => emailOutbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').notNull(), // sent | retry | failed
    error: text('error'),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [index('email_attempts_outbox_idx').on(t.outboxId, t.id)],
);

/** The mail catcher: messages kept instead of sent (no SMTP_URL, sandbox on), shown at /sandbox/emails. */
export const caughtEmails = sqliteTable(
  'caught_emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outboxId: integer('outbox_id'),
    orderId: text('order_id'),
    kind: text('kind'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** JSON: [{ filename, contentType, cid?, base64 }] */
    attachments: text('attachments').notNull().default('[]'),
    messageId: text('message_id'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('caught_emails_created_idx').on(t.createdAt)],
);

/** One row (id = 1): who the e-mails come from and which ones are sent. */
export const emailSettings = sqliteTable('email_settings', {
  id: integer('id').primaryKey(),
  senderName: text('sender_name').notNull().default('Balcão'),
  replyTo: text('reply_to'),
  sendInstructions: integer('send_instructions', { mode: 'boolean' }).notNull().default(true),
  sendPaid: integer('send_paid', { mode: 'boolean' }).notNull().default(true),
  sendReminders: integer('send_reminders', { mode: 'boolean' }).notNull().default(true),
  sendRefunded: integer('send_refunded', { mode: 'boolean' }).notNull().default(true),
  sendEnded: integer('send_ended', { mode: 'boolean' }).notNull().default(true),
  sendShipped: integer('send_shipped', { mode: 'boolean' }).notNull().default(true),
  sendReadyForPickup: integer('send_ready_for_pickup', { mode: 'boolean' }).notNull().default(true),
  sendDelivered: integer('send_delivered', { mode: 'boolean' }).notNull().default(false),
  sendNewSale: integer('send_new_sale', { mode: 'boolean' }).notNull().default(true),
  sendLatePayment: integer('send_late_payment', { mode: 'boolean' }).notNull().default(true),
  /** The merchant's alerts go here: comma-separated addresses; empty → every merchant user's e-mail. */
  notificationEmails: text('notification_emails').notNull().default(''),
  updatedAt: text('updated_at').notNull().default(now),
});

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type EmailAttempt = typeof emailAttempts.$inferSelect;
export type CaughtEmail = typeof caughtEmails.$inferSelect;
export type EmailSettingsRow = typeof emailSettings.$inferSelect;

/**
 * One row (id = 1): the shop as buyers see it (lib/shop/identity.ts). No row = a shop not set
 * up yet: the pages show a neutral name and the overview a checklist. The logo is stored as
 * WebP bytes (the product photos' pipeline) and served by /images/logo/<hash>.webp.
 */
export const shopIdentity = sqliteTable('shop_identity', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().default(''),
  description: text('description').notNull().default(''),
  /** "#0b6e4f", checked for 4.5:1 contrast against white; '' = the default green. */
  color: text('color').notNull().default(''),
  legalName: text('legal_name').notNull().default(''),
  /** CPF or CNPJ, digits only. */
  document: text('document').notNull().default(''),
  addressZip: text('address_zip').notNull().default(''),
  addressStreet: text('address_street').notNull().default(''),
  addressNumber: text('address_number').notNull().default(''),
  addressComplement: text('address_complement').notNull().default(''),
  addressNeighborhood: text('address_neighborhood').notNull().default(''),
  addressCity: text('address_city').notNull().default(''),
  addressState: text('address_state').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  /** Digits with the area code (11 digits), no country code. */
  whatsapp: text('whatsapp').notNull().default(''),
  pickupHours: text('pickup_hours').notNull().default(''),
  logo: blob('logo', { mode: 'buffer' }),
  logoHash: text('logo_hash'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  /** The policy pages' markdown; null = the default text (lib/shop/policies.ts). */
  policyReturns: text('policy_returns'),
  policyPrivacy: text('policy_privacy'),
  policyTerms: text('policy_terms'),
  updatedAt: text('updated_at').notNull().default(now),
});
export type ShopIdentityRow = typeof shopIdentity.$inferSelect;

// ---------- accounts: limits shared by every process ----------

/**
 * Rate-limit and lockout counters (lib/security/rate-limit.ts): one row per bucket and id, a fixed
 * window that starts at its first hit. In the database, not in a process's memory, so every
 * server process (two `next start`, serverless instances) counts against the same limit.
 * Finished windows are swept.
 */
export const rateLimitCounters = sqliteTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    /** Epoch milliseconds of the window's first hit. */
    windowStart: integer('window_start').notNull(),
    /** The window's length: a minute for request limits, longer for lockouts and daily caps. */
    windowMs: integer('window_ms').notNull().default(60_000),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/**
 * Sessions ended one at a time ("Sair" on one device): the session's id (its `sid` claim) until
 * the session would have expired anyway, then swept. "Sair de todos os dispositivos" bumps
 * users.session_version instead (lib/auth/session-version.ts).
 */
export const revokedSessions = sqliteTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    /** ISO time the session's cookie expires; the row is useless after it. */
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use account links: "Esqueci minha senha" (1 hour) and an invitation to the team (7
 * days). The link's token is never stored: it is an HMAC of the row id under AUTH_SECRET
 * (lib/security/tokens.ts `accountLinkToken`), so the outbox can write it into the e-mail when it
 * sends; the row keeps only its sha256, to find the row when the link is opened.
 */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'invitation'] as const;
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The account a reset is for (null for an invitation, whose account does not exist yet). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** An invitation's role (lib/auth/permissions.ts). */
    role: text('role', { enum: ['owner', 'manager', 'attendant'] }),
    tokenSha256: text('token_sha256').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    /** Who sent the invitation. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('account_tokens_email_idx').on(t.email, t.createdAt)],
);
export type AccountToken = typeof accountTokens.$inferSelect;

/**
 * The activity log (Configurações → Atividade): who did what, when and from which address.
 * Append-only: the code has no update or delete of it but the yearly sweep, and triggers
 * (hand-written in the migration) refuse an UPDATE and the DELETE of a row younger than a year.
 */
export const activityLog = sqliteTable(
  'activity_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull().default(now),
    /** Null: nobody signed in (a failed sign-in, a reset asked from the login page). */
    actorId: integer('actor_id'),
    /** Kept as text: the person may be removed later, the record stays. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What happened, in pt-BR, as the log shows it (never a password or a token). */
    summary: text('summary').notNull(),
    /** The order, person or setting it was about. */
    target: text('target'),
    ip: text('ip'),
  },
  (t) => [index('activity_log_at_idx').on(t.at), index('activity_log_actor_idx').on(t.actorEmail, t.at), index('activity_log_action_idx').on(t.action, t.at)],
);
export type ActivityRow = typeof activityLog.$inferSelect;

/**
 * Integrations (lib/public-api): the merchant's API keys. Only the key's SHA-256 is kept (the key is
 * shown once); `mode` says which provider it was made for ('test' = the sandbox, `bk_test_`;
 * 'live' = a real provider, `bk_live_`). A revoked key stops working at once.
 */
export const API_KEY_ORDER_SCOPES = ['own', 'all'] as const;
export type ApiKeyOrderScope = (typeof API_KEY_ORDER_SCOPES)[number];
export const apiKeys = sqliteTable('api_keys', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mode: text('mode', { enum: ['test', 'live'] }).notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** The key's last 4 characters, to tell keys apart in the list. */
  hint: text('hint').notNull(),
  createdAt: text('created_at').notNull().default(now),
  lastUsedAt: text('last_used_at'),
  revokedAt: text('revoked_at'),
  /**
   * Which orders the key reads and refunds: 'own' — only the orders of its own checkout
   * sessions — or 'all' of the shop's. Keys made before scopes existed got 'own' (docs/api.md).
   */
  orderScope: text('order_scope', { enum: API_KEY_ORDER_SCOPES }).notNull().default('own'),
  /** "Permitir reembolsos": whether POST /orders/<id>/refunds is open to the key (within its scope). */
  allowRefunds: integer('allow_refunds', { mode: 'boolean' }).notNull().default(false),
  /** Who made it ("Remover acesso" revokes that person's keys); null before this was recorded, or once the person is gone. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The creator's e-mail, kept when the person is removed. */
  createdByEmail: text('created_by_email'),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The origins of success_url/cancel_url a key has sent: the hosted checkout redirects nowhere else. */
export const apiKeyOrigins = sqliteTable(
  'api_key_origins',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.origin] })],
);

/** An Idempotency-Key of a POST to /api/v1: the request's hash and the answer given, replayed for the same body. */
export const apiIdempotency = sqliteTable(
  'api_idempotency',
  {
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: text('response_body').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);

/**
 * A checkout session created through POST /api/v1/checkout/sessions, paid at /c/<id>. Its lines
 * are fixed at creation (catalog prices read then, or the ad-hoc amounts). A session makes at
 * most one order: `order_id` is unique and set in the order's own transaction.
 */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(), // cs_…
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    /** JSON: [{ productId: number | null, name, unitPriceCents, quantity, lineTotalCents }] */
    lines: text('lines').notNull(),
    amountTotalCents: integer('amount_total_cents').notNull(),
    /** JSON { name?, document?, email? }: the form's prefill. */
    customer: text('customer').notNull().default('{}'),
    /** 'pix,boleto', 'pix' or 'boleto'. */
    methods: text('methods').notNull().default('pix,boleto'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url'),
    /** JSON { string: string } */
    metadata: text('metadata').notNull().default('{}'),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
    orderId: text('order_id').references(() => orders.id),
  },
  (t) => [uniqueIndex('checkout_sessions_order_idx').on(t.orderId), index('checkout_sessions_key_idx').on(t.apiKeyId, t.createdAt)],
);
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** A merchant's endpoint for outbound webhooks (Standard Webhooks, secret `whsec_…`). */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  /** Comma-separated event types. */
  events: text('events').notNull(),
  /** whsec_<base64>: kept to sign; shown once. */
  secret: text('secret').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: text('created_at').notNull().default(now),
  /** Who added it ("Remover acesso" disables that person's endpoints); null before this was recorded. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByEmail: text('created_by_email'),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Outbound events: written in the transaction of the state change that causes them, one per
 * (order, type) (`dedupe_key`), so a duplicate webhook or a racing reconciliation adds nothing.
 * The id (evt_…) is the `webhook-id` of every delivery of it.
 */
export const outboundEvents = sqliteTable('outbound_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  dedupeKey: text('dedupe_key').notNull().unique(),
  createdAt: text('created_at').notNull().default(now),
  /** When the worker fanned the event out to the endpoints subscribed then. */
  fannedOutAt: text('fanned_out_at'),
});

/** One event to one endpoint: at least once, exponential back-off for up to 3 days. */
export const outboundDeliveries = sqliteTable(
  'outbound_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: text('event_id')
      .notNull()
      .references(() => outboundEvents.id),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The body sent on every attempt (the order as it was when fanned out). */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    leaseUntil: text('lease_until'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('outbound_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId), index('outbound_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Each attempt of a delivery: the delivery log of Integrações. */
export const outboundAttempts = sqliteTable(
  'outbound_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => outboundDeliveries.id, { onDelete: 'cascade' }),
    at: text('at').notNull().default(now),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('outbound_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * The order's current payment attempt, the one its state follows (an order can have several:
 * payments.superseded_at): `.where(currentPaymentOf(id))` or a join's `on`.
 */
export function currentPaymentOf(orderId: string | AnyColumn): SQL {
  return and(eq(payments.orderId, orderId), isNull(payments.supersededAt))!;
}

/** Flat categories ("Categorias"): a product may be in several; each has its page /categorias/<slug>. */
export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The header menu's order: lower first, then by name. */
  position: integer('position').notNull().default(0),
  createdAt: text('created_at').notNull().default(now),
});

export const productCategories = sqliteTable(
  'product_categories',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.productId)],
);
export type Category = typeof categories.$inferSelect;

// ---------- saved checkouts (abandoned-checkout recovery, lib/checkout/drafts) ----------

export const DRAFT_STATUSES = ['open', 'converted'] as const;
export const DRAFT_SOURCES = ['cart', 'link', 'session'] as const;

/**
 * A checkout the shopper began: saved once a valid e-mail or phone was typed, updated as they go
 * on. Holds no stock. Never the CPF/CNPJ. Deleted 30 days after its last reminder (or at once by
 * "Anonimizar"). Times are the shop's clock (the sandbox clock under the embedded sandbox).
 */
export const checkoutDrafts = sqliteTable(
  'checkout_drafts',
  {
    id: text('id').primaryKey(),
    /** sha256 of the browser's draft cookie: the same browser updates its own draft only. */
    cookieHash: text('session_hash').notNull(),
    source: text('source', { enum: DRAFT_SOURCES }).notNull().default('cart'),
    /** The payment link's code or the checkout session's id (null for the cart). */
    sourceRef: text('source_ref'),
    email: text('email'),
    /** 11 national digits. */
    phone: text('phone'),
    /** The typed fields (JSON; never the document). */
    fields: text('fields').notNull().default('{}'),
    /** The cart's lines (JSON: productId, variantId?, quantity, unitCents when saved). */
    lines: text('lines').notNull().default('[]'),
    shipping: text('shipping'),
    coupon: text('coupon'),
    totalCents: integer('total_cents').notNull().default(0),
    /** contact | address | payment: how far the shopper got. */
    step: text('step').notNull().default('contact'),
    status: text('status', { enum: DRAFT_STATUSES }).notNull().default('open'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** "Receber atualizações pelo WhatsApp" ticked (the cart reminder on WhatsApp needs it), and when (LGPD). */
    whatsappConsent: integer('whatsapp_consent', { mode: 'boolean' }).notNull().default(false),
    whatsappConsentAt: text('whatsapp_consent_at'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** Reminders written before the order: a conversion with this > 0 is "recovered". */
    remindersAtConversion: integer('reminders_at_conversion'),
    lastReminderAt: text('last_reminder_at'),
    /** Bumped by each restore link's use; a link names the value it was made for (single use). */
    restoreNonce: integer('restore_nonce').notNull().default(0),
    abandonedEventAt: text('abandoned_event_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    convertedAt: text('converted_at'),
  },
  (t) => [
    index('checkout_drafts_due_idx').on(t.status, t.updatedAt),
    index('checkout_drafts_session_idx').on(t.cookieHash),
    index('checkout_drafts_email_idx').on(t.email),
    index('checkout_drafts_order_idx').on(t.orderId),
  ],
);
export type CheckoutDraftRow = typeof checkoutDrafts.$inferSelect;

/** Addresses that clicked "Não quero receber lembretes": no reminder is written to them. */
export const emailOptOuts = sqliteTable('email_opt_outs', {
  email: text('email').primaryKey(),
  at: text('at').notNull().default(now),
});

/** Configurações → "Carrinhos abandonados" (one row, id 1; no row = the defaults). */
export const abandonedCheckoutSettings = sqliteTable('abandoned_checkout_settings', {
  id: integer('id').primaryKey(),
  step1On: integer('step1_on', { mode: 'boolean' }).notNull().default(true),
  step1Minutes: integer('step1_minutes').notNull().default(60),
  step2On: integer('step2_on', { mode: 'boolean' }).notNull().default(true),
  step2Minutes: integer('step2_minutes').notNull().default(1440),
  step2Coupon: text('step2_coupon'),
  step3On: integer('step3_on', { mode: 'boolean' }).notNull().default(true),
  step3Minutes: integer('step3_minutes').notNull().default(4320),
  step3Coupon: text('step3_coupon'),
});

/**
 * Digital delivery (lib/digital): what a digital product gives its buyer once paid — a file
 * ("Arquivo"), a link ("Link") or a text such as an access code ("Texto"). One row per digital
 * product; a product without a row ships (or is a service).
 */
export const DIGITAL_KINDS = ['file', 'link', 'text'] as const;
export type DigitalKind = (typeof DIGITAL_KINDS)[number];
export const productDigital = sqliteTable('product_digital', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: DIGITAL_KINDS }).notNull(),
  /** The current file ("Arquivo"); replaced files are deleted with their chunks. */
  fileId: integer('file_id').references(() => digitalFiles.id, { onDelete: 'set null' }),
  url: text('url'),
  text: text('text'),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * A digital product's file: its bytes are in digital_file_chunks (a host without file storage,
 * Vercel + Turso, keeps them too). `complete` once every part of the upload arrived and the
 * content was checked; only a complete file is ever served.
 */
export const digitalFiles = sqliteTable(
  'digital_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The download's file name (cleaned), its type as read from the content, its size in bytes. */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull().default(0),
    /** The upload's parts received so far; the file is complete when parts = expected_parts. */
    parts: integer('parts').notNull().default(0),
    expectedParts: integer('expected_parts').notNull(),
    sha256: text('sha256'),
    complete: integer('complete', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('digital_files_product_idx').on(t.productId)],
);

/** A file's bytes in rows of at most 512 KB, in order (seq from 0). */
export const digitalFileChunks = sqliteTable(
  'digital_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => digitalFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * A paid order line's access to its digital product: the signed link's generation (a renewal
 * makes the old links stale), when it stops working, how many times it was used, and whether
 * the merchant revoked it. No row yet means generation 0, valid 7 days from the payment.
 */
export const digitalAccess = sqliteTable(
  'digital_access',
  {
    orderItemId: integer('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    generation: integer('generation').notNull().default(0),
    expiresAt: text('expires_at').notNull(),
    uses: integer('uses').notNull().default(0),
    revokedAt: text('revoked_at'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('digital_access_order_idx').on(t.orderId)],
);

/**
 * Configurações → Integrações → "Meta Pixel" and "Google Analytics 4" (one row, id 1; no row =
 * nothing configured). The Conversions API token and the Measurement Protocol secret are sealed
 * (lib/security/sealed.ts) and never read back to a page (lib/pixels/settings.ts).
 */
export const pixelSettings = sqliteTable('pixel_settings', {
  id: integer('id').primaryKey(),
  metaPixelId: text('meta_pixel_id'),
  metaTokenSealed: text('meta_token_sealed'),
  ga4MeasurementId: text('ga4_measurement_id'),
  ga4SecretSealed: text('ga4_secret_sealed'),
  updatedAt: text('updated_at').notNull().default(now),
});
export type PixelSettingsRow = typeof pixelSettings.$inferSelect;

export const PIXEL_PLATFORMS = ['meta', 'ga4'] as const;
export type PixelPlatform = (typeof PIXEL_PLATFORMS)[number];
export const PIXEL_EVENT_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The ad platforms' outbox (lib/pixels): one row per (platform, cause), written where the cause
 * happens (a page served, an item added, an order paid) with its body fixed then, and sent
 * from the server by lib/pixels/sender.ts (lease, retries). `dedupe_key` is unique: a second
 * process writing the same cause adds nothing.
 */
export const pixelEvents = sqliteTable(
  'pixel_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `<platform>:<event name>:<cause>` — e.g. `meta:Purchase:order:<order id>`. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    platform: text('platform', { enum: PIXEL_PLATFORMS }).notNull(),
    /** The event's name as the platform spells it (Purchase, purchase, PageView, page_view …). */
    name: text('name').notNull(),
    /** Shared with the browser pixel's event (Meta deduplicates by event_name + event_id). */
    eventId: text('event_id').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The event as the platform receives it (JSON), without credentials. */
    body: text('body').notNull(),
    status: text('status', { enum: PIXEL_EVENT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    leaseUntil: text('lease_until'),
    /** The last attempt: "HTTP 200", "HTTP 400: …", "sem resposta em 10 s". */
    lastResult: text('last_result'),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
  },
  (t) => [index('pixel_events_due_idx').on(t.status, t.nextAttemptAt), index('pixel_events_order_idx').on(t.orderId)],
);
export type PixelEventRow = typeof pixelEvents.$inferSelect;

/**
 * What a shopper who accepted marketing cookies brought to their order (kept when the order's
 * page is first shown with consent): the Meta cookies, the GA client id, the address and user
 * agent. No row = no consent: the order's Purchase is sent nowhere.
 */
export const pixelOrderContexts = sqliteTable('pixel_order_contexts', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fbp: text('fbp'),
  fbc: text('fbc'),
  gaClientId: text('ga_client_id'),
  clientIp: text('client_ip'),
  userAgent: text('user_agent'),
  sourceUrl: text('source_url'),
  createdAt: text('created_at').notNull().default(now),
});
export type PixelOrderContextRow = typeof pixelOrderContexts.$inferSelect;

/**
 * "Importar produtos": the file the merchant sent, kept between the preview and "Confirmar
 * importação" (the confirmation names this row and the file's sha256; nothing of the file
 * travels through the form), then the import's outcome and the progress of its photos, which
 * are fetched after the products are saved (lib/catalog/import-photos.ts).
 */
export const productImports = sqliteTable('product_imports', {
  /** Random, unguessable: the preview's address. */
  id: text('id').primaryKey(),
  sha256: text('sha256').notNull(),
  fileName: text('file_name').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  createdBy: integer('created_by'),
  createdAt: text('created_at').notNull().default(now),
  /** Set once, by the confirmation that applied it (a second click applies nothing). */
  appliedAt: text('applied_at'),
  /** JSON: how many products were new, updated, unchanged, refused. */
  summary: text('summary'),
  /** JSON `[{productId, urls}]`: the photos still to fetch. */
  photoQueue: text('photo_queue').notNull().default('[]'),
  photosTotal: integer('photos_total').notNull().default(0),
  photosDone: integer('photos_done').notNull().default(0),
  photosFailed: integer('photos_failed').notNull().default(0),
  /** A photo pass holds the queue until then (one pass at a time across processes). */
  photoLeaseUntil: text('photo_lease_until'),
});
export type ProductImportRow = typeof productImports.$inferSelect;

// ---------- product feeds for the shopping channels (lib/feeds): Google Merchant Center's RSS, Meta's catalog CSV ----------

/** One row (id = 1). No row = the defaults: open feeds, the shop's name as the brand, no digital products. */
export const feedSettings = sqliteTable('feed_settings', {
  id: integer('id').primaryKey(),
  /** When set, a feed answers only with `?token=<this>` (Configurações → "Canais de venda"). */
  accessToken: text('access_token'),
  /** g:brand / brand; '' = the shop's name. */
  brand: text('brand').notNull().default(''),
  /** Digital products in the feeds too (off: only what ships or is picked up). */
  includeDigital: integer('include_digital', { mode: 'boolean' }).notNull().default(false),
  /** The last time each channel fetched its feed (ISO). */
  googleFetchedAt: text('google_fetched_at'),
  metaFetchedAt: text('meta_fetched_at'),
});
export type FeedSettingsRow = typeof feedSettings.$inferSelect;

/** A shop category's Google product category (its numeric id or full path, as Google lists them). */
export const feedCategoryMap = sqliteTable('feed_category_map', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  googleCategory: text('google_category').notNull(),
});

/**
 * The catalog's version for the feeds: one row (id = 1), bumped by triggers on every write to
 * what a feed is made of (products, variants and their stock, photos, categories, the Google
 * category map, promotions, the shop's name, the feed's brand and digital switch), whichever
 * process or code path writes it (migration `feed_cache_triggers`).
 */
export const feedVersion = sqliteTable('feed_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Each channel's feed as last built, with the catalog version it was built from (lib/feeds/cache.ts). */
export const feedCache = sqliteTable('feed_cache', {
  channel: text('channel', { enum: ['google', 'meta'] }).primaryKey(),
  version: integer('version').notNull(),
  /** APP_URL at build time: every link in the body is absolute. */
  appUrl: text('app_url').notNull(),
  /** The shop's clock (ISO) when built, and when the next promotion starts or ends after that (null: none): the body is valid only between. */
  builtAt: text('built_at').notNull(),
  validUntil: text('valid_until'),
  body: text('body').notNull(),
  etag: text('etag').notNull(),
});

// ---------- reviews from verified buyers (lib/reviews): one per order line; no personal data beyond the name shown ----------

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
export * from './schema-whatsapp';
export * from './schema-subscriptions';
export * from './schema-promotions';
export * from './schema-nfe';
/*
 * Web Push to the merchant's devices (lib/push): the VAPID key pair, each person's devices and
 * choices, and the push outbox (one row per device and cause, sent after the response by
 * lib/push/sender.ts with a lease, retried, dropped with the device on 404/410).
 */
/** One row (id = 1) when VAPID_* is unset: the pair generated once, the private key sealed with AUTH_SECRET. */
export const pushSettings = sqliteTable('push_settings', {
  id: integer('id').primaryKey(),
  vapidPublicKey: text('vapid_public_key').notNull(),
  vapidPrivateKeySealed: text('vapid_private_key_sealed').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/** A person's device: the browser's PushSubscription (endpoint and its two keys). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the person sees in "Aparelhos" ("Chrome no Android"), from the user agent at subscription. */
    label: text('label').notNull(),
    createdAt: text('created_at').notNull().default(now),
    lastSentAt: text('last_sent_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Which pushes a person wants; no row = all of them. */
export const pushPreferences = sqliteTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newSale: integer('new_sale', { mode: 'boolean' }).notNull().default(true),
  readyToShip: integer('ready_to_ship', { mode: 'boolean' }).notNull().default(true),
  cartRecovered: integer('cart_recovered', { mode: 'boolean' }).notNull().default(true),
});

export const PUSH_MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The push outbox: one row per (cause, device), its payload fixed when written (no buyer name nor
 * CPF: a lock screen is public). `dedupe_key` is unique (`<kind>:<cause>:<device>`), so a
 * duplicate webhook or a second process adds nothing. A removed device takes its rows along.
 */
export const pushMessages = sqliteTable(
  'push_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['new_sale', 'ready_to_ship', 'cart_recovered', 'test'] }).notNull(),
    /** The notification as the service worker shows it (JSON: title, body, url, tag). */
    payload: text('payload').notNull(),
    status: text('status', { enum: PUSH_MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    leaseUntil: text('lease_until'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
  },
  (t) => [index('push_messages_due_idx').on(t.status, t.nextAttemptAt)],
);
export type PushMessageRow = typeof pushMessages.$inferSelect;
export type PushKind = PushMessageRow['kind'];
