/**
 * Web Push to the merchant's devices (lib/push): the VAPID key pair, each person's devices and
 * choices, and the push outbox (one row per device and cause, sent after the response by
 * lib/push/sender.ts with a lease, retried, dropped with the device on 404/410).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

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

export const PUSH_MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

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
