/**
 * The feeds stored server-side: each channel's body is built once and kept in `feed_cache` with
 * the catalog version it was built from (`feed_version`, bumped by triggers on every write to
 * what a feed is made of: products, variants and their stock, photos, categories, the Google
 * category map, promotions, the shop's name, the feed's brand and digital switch). A fetch reads
 * the version and the stored row; it rebuilds only when they differ, when APP_URL changed, or
 * when the shop's clock left the window the body is true for (a promotion starting or ending,
 * or a sandbox clock moved back). Being in the database and versioned by triggers, it is shared
 * and invalidated across processes with no message between them.
 *
 * Races: the version is read before the catalog, so a write landing during a build labels the
 * newer body with the older version and the next fetch rebuilds; two processes building at once
 * both store, and the upsert never replaces a row with one built from an older version.
 */
import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { feedCache, feedVersion, promotions } from '@/db/schema';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { feedItems } from './items';
import type { FeedChannel } from './settings';
import { readFeedSource } from './source';

export type StoredFeed = { body: string; etag: string; built: boolean };

let builds = 0;
/** How many bodies this process has built (the tests' count of "built once"). */
export const feedBuildCount = () => builds;

/** When the next promotion starts or ends after `at` (ISO), or null: the feed's sale prices hold until then. */
async function nextPromotionBoundary(at: string): Promise<string | null> {
  const [starts] = await db()
    .select({ at: promotions.startsAt })
    .from(promotions)
    .where(and(isNull(promotions.pausedAt), gt(promotions.startsAt, at)))
    .orderBy(asc(promotions.startsAt))
    .limit(1);
  const [ends] = await db()
    .select({ at: promotions.endsAt })
    .from(promotions)
    .where(and(isNull(promotions.pausedAt), gt(promotions.endsAt, at)))
    .orderBy(asc(promotions.endsAt))
    .limit(1);
  const times = [starts?.at, ends?.at].filter((t): t is string => !!t).sort();
  return times[0] ?? null;
}

/**
 * The channel's body and ETag: the stored one while it is current, else built now from the
 * catalog and stored. `make` turns the items into the body (feedBody in serve.ts).
 */
export async function storedFeed(
  channel: FeedChannel,
  make: (items: ReturnType<typeof feedItems>, shop: { name: string; appUrl: string }) => string,
  etagOf: (body: string) => string,
): Promise<StoredFeed> {
  const appUrl = env().appUrl;
  const now = new Date(shopNow()).toISOString();
  const [[version], [row]] = await database().batch([
    db().select({ version: feedVersion.version }).from(feedVersion).where(eq(feedVersion.id, 1)),
    db().select().from(feedCache).where(eq(feedCache.channel, channel)),
  ]);
  const current = version?.version ?? 0;
  if (row && row.version === current && row.appUrl === appUrl && row.builtAt <= now && (row.validUntil === null || now < row.validUntil)) {
    return { body: row.body, etag: row.etag, built: false };
  }
  const { source } = await readFeedSource();
  const body = make(feedItems(source), { name: source.shopName, appUrl: source.appUrl });
  const etag = etagOf(body);
  builds++;
  const validUntil = await nextPromotionBoundary(now);
  const values = { channel, version: current, appUrl, builtAt: now, validUntil, body, etag };
  await db()
    .insert(feedCache)
    .values(values)
    .onConflictDoUpdate({
      target: feedCache.channel,
      set: { version: sql`excluded.version`, appUrl: sql`excluded.app_url`, builtAt: sql`excluded.built_at`, validUntil: sql`excluded.valid_until`, body: sql`excluded.body`, etag: sql`excluded.etag` },
      setWhere: sql`excluded.version >= ${feedCache.version}`,
    });
  return { body, etag, built: true };
}
