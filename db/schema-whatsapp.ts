/**
 * WhatsApp (lib/whatsapp): the shop's Cloud API settings, the message outbox (one row per
 * message, keyed on its cause, with the standard outbox columns and the delivery status Meta's
 * webhook reports), and the numbers that answered "SAIR".
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const whatsappSettings = sqliteTable('whatsapp_settings', {
  id: integer('id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  /** "ID do número" (Meta's phone number id). */
  phoneNumberId: text('phone_number_id').notNull().default(''),
  /** The WhatsApp Business Account id: the templates are listed under it. */
  businessAccountId: text('business_account_id').notNull().default(''),
  /** "Token de acesso", sealed (lib/security/sealed.ts). */
  tokenSealed: text('token_sealed'),
  /** "Chave secreta do app", sealed: the webhook's X-Hub-Signature-256 key. */
  appSecretSealed: text('app_secret_sealed'),
  /** The verify token Meta's GET verification must carry (generated, shown to the merchant to paste in Meta). */
  verifyToken: text('verify_token').notNull().default(''),
  sendInstructions: integer('send_instructions', { mode: 'boolean' }).notNull().default(true),
  sendPaid: integer('send_paid', { mode: 'boolean' }).notNull().default(true),
  sendShipped: integer('send_shipped', { mode: 'boolean' }).notNull().default(true),
  /** The marketing template: off until the merchant turns it on. */
  sendCartReminder: integer('send_cart_reminder', { mode: 'boolean' }).notNull().default(false),
  /** "Avalie sua compra": off until the merchant turns it on (the "where the merchant switched it on"). */
  sendReviewRequest: integer('send_review_request', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updated_at').notNull().default(now),
});
export type WhatsappSettingsRow = typeof whatsappSettings.$inferSelect;

export const WHATSAPP_KINDS = ['instructions', 'paid', 'shipped', 'cart_reminder', 'review_request', 'opt_out_ack'] as const;
export type WhatsappKind = (typeof WHATSAPP_KINDS)[number];
export const WHATSAPP_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const WHATSAPP_DELIVERY = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappDelivery = (typeof WHATSAPP_DELIVERY)[number];

export const whatsappOutbox = sqliteTable(
  'whatsapp_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** The order (no foreign key: this file is re-exported by schema.ts and may not import it back); null for the opt-out's answer. */
    orderId: text('order_id'),
    kind: text('kind', { enum: WHATSAPP_KINDS }).notNull(),
    /** E.164 ("+5511987654321"). */
    recipient: text('recipient').notNull(),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(now),
    leaseUntil: text('lease_until'),
    lastError: text('last_error'),
    /** Meta's message id, once accepted: the webhook's statuses are matched on it. */
    wamid: text('wamid'),
    /** What Meta last reported (monotonic: sent → delivered → read; failed before delivered). */
    delivery: text('delivery', { enum: WHATSAPP_DELIVERY }),
    deliveryError: text('delivery_error'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    sentAt: text('sent_at'),
    deliveredAt: text('delivered_at'),
    readAt: text('read_at'),
    failedAt: text('failed_at'),
  },
  (t) => [
    index('whatsapp_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('whatsapp_outbox_order_idx').on(t.orderId, t.id),
    index('whatsapp_outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('whatsapp_outbox_wamid_idx').on(t.wamid),
  ],
);
export type WhatsappOutboxRow = typeof whatsappOutbox.$inferSelect;

/** Numbers that answered "SAIR" / "PARAR": the shop sends them nothing more. */
export const whatsappOptOuts = sqliteTable('whatsapp_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: text('created_at').notNull().default(now),
});
