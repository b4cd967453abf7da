/**
 * The product feeds for the shopping channels (lib/feeds): Google Merchant Center's RSS and
 * Meta's catalog CSV. One settings row, and the Google category the merchant maps to each of
 * the shop's categories.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { categories } from './schema';

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
