/**
 * NF-e through Bling (lib/nfe, docs/bling-contract.md): the connection (one row) and the
 * shop's invoices, which are also the issuing outbox (standard columns: status, attempts,
 * next_attempt_at, lease_until, last_error and a unique dedupe key).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Configurações → Nota fiscal (id = 1). Tokens sealed at rest (lib/security/sealed.ts). */
export const blingSettings = sqliteTable('bling_settings', {
  id: integer('id').primaryKey(),
  accessTokenSealed: text('access_token_sealed'),
  refreshTokenSealed: text('refresh_token_sealed'),
  /** When Bling said the access token ends (ISO); refreshed ahead of it. */
  accessExpiresAt: text('access_expires_at'),
  /** One refresh at a time across processes: whoever holds this lease calls Bling. */
  refreshLeaseUntil: text('refresh_lease_until'),
  /** Connected against the embedded sandbox (no real account). */
  embedded: integer('embedded', { mode: 'boolean' }).notNull().default(false),
  connectedAt: text('connected_at'),
  /** The OAuth round trip in flight: sha256 of its `state`, and until when it is good. */
  oauthStateHash: text('oauth_state_hash'),
  oauthStateExpiresAt: text('oauth_state_expires_at'),
  natureId: text('nature_id'),
  natureName: text('nature_name'),
  series: integer('series').notNull().default(1),
  autoEmit: integer('auto_emit', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updated_at').notNull().default(now),
});
export type BlingSettingsRow = typeof blingSettings.$inferSelect;

export const INVOICE_STATUSES = ['processing', 'authorized', 'rejected', 'denied', 'canceled', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * One row per emission of an order's NF-e (a rejected one is emitted again as attempt n + 1).
 * `reference` (`<order number>-<attempt>`) is sent to Bling as the note's numeroPedidoLoja: the
 * read-back before any create looks it up, so a crash between Bling's answer and our write
 * never makes a second note.
 */
export const orderInvoices = sqliteTable(
  'order_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** orders.id (no foreign key here: this file may not import schema.ts, which re-exports it). */
    orderId: text('order_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** `nfe:<order id>:<attempt>`. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    leaseUntil: text('lease_until'),
    lastError: text('last_error'),
    invoiceStatus: text('invoice_status', { enum: INVOICE_STATUSES }).notNull().default('processing'),
    blingContactId: text('bling_contact_id'),
    /** Bling's sales order for this emission (numeroLoja = reference); its NF-e is made from it. */
    blingSalesOrderId: text('bling_sales_order_id'),
    blingNoteId: text('bling_note_id'),
    /** Bling's situação code, as last read. */
    situation: integer('situation'),
    accessKey: text('access_key'),
    number: text('number'),
    series: integer('series'),
    /** Bling's links, kept on the server: the shop serves the files itself. */
    danfeLink: text('danfe_link'),
    xmlLink: text('xml_link'),
    /** SEFAZ's or Bling's reason, as they said it. */
    rejectionReason: text('rejection_reason'),
    authorizedAt: text('authorized_at'),
    canceledAt: text('canceled_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('order_invoices_order_attempt_idx').on(t.orderId, t.attempt), index('order_invoices_due_idx').on(t.status, t.nextAttemptAt)],
);
export type OrderInvoiceRow = typeof orderInvoices.$inferSelect;
