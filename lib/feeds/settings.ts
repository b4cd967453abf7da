/**
 * The feeds' settings (Configurações → "Canais de venda"): the optional secret token, the
 * brand, digital products in or out, and when each channel last fetched its feed.
 */
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { categories, feedCategoryMap, feedSettings } from '@/db/schema';
import { randomToken } from '@/lib/security';

export type FeedChannel = 'google' | 'meta';

export type FeedSettings = {
  accessToken: string | null;
  brand: string;
  includeDigital: boolean;
  fetchedAt: Record<FeedChannel, string | null>;
};

export const feedSettingsQuery = () => db().select().from(feedSettings).where(eq(feedSettings.id, 1));

export function feedSettingsOf(rows: Awaited<ReturnType<typeof feedSettingsQuery>>): FeedSettings {
  const [r] = rows;
  return {
    accessToken: r?.accessToken ?? null,
    brand: r?.brand ?? '',
    includeDigital: r?.includeDigital ?? false,
    fetchedAt: { google: r?.googleFetchedAt ?? null, meta: r?.metaFetchedAt ?? null },
  };
}

export async function readFeedSettings(): Promise<FeedSettings> {
  return feedSettingsOf(await feedSettingsQuery());
}

/** Whether a request's `?token=` opens the feeds: any, when none is set; else the same, compared in constant time. */
export function tokenOpens(settings: Pick<FeedSettings, 'accessToken'>, given: string | null): boolean {
  if (!settings.accessToken) return true;
  if (!given) return false;
  const a = Buffer.from(settings.accessToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function saveFeedSettings(values: { brand: string; includeDigital: boolean; requireToken: boolean }): Promise<void> {
  const current = await readFeedSettings();
  // Switching the token on keeps the one already handed out; off forgets it.
  const accessToken = values.requireToken ? (current.accessToken ?? randomToken()) : null;
  await db()
    .insert(feedSettings)
    .values({ id: 1, brand: values.brand, includeDigital: values.includeDigital, accessToken })
    .onConflictDoUpdate({ target: feedSettings.id, set: { brand: values.brand, includeDigital: values.includeDigital, accessToken } });
}

/** A new secret token (the old feed URLs stop working). */
export async function rotateFeedToken(): Promise<void> {
  const accessToken = randomToken();
  await db().insert(feedSettings).values({ id: 1, accessToken }).onConflictDoUpdate({ target: feedSettings.id, set: { accessToken } });
}

export async function noteFeedFetched(channel: FeedChannel, at = new Date()): Promise<void> {
  const iso = at.toISOString();
  const set = channel === 'google' ? { googleFetchedAt: iso } : { metaFetchedAt: iso };
  await db()
    .insert(feedSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: feedSettings.id, set: channel === 'google' ? { googleFetchedAt: sql`excluded.google_fetched_at` } : { metaFetchedAt: sql`excluded.meta_fetched_at` } });
}

/** The two feed addresses as a channel fetches them (absolute, with the secret token when one is set). */
export function feedUrls(appUrl: string, accessToken: string | null): Record<FeedChannel, string> {
  const q = accessToken ? `?token=${encodeURIComponent(accessToken)}` : '';
  const base = appUrl.replace(/\/+$/, '');
  return { google: `${base}/feeds/google.xml${q}`, meta: `${base}/feeds/meta.csv${q}` };
}

export const BRAND_MAX = 70;
export const GOOGLE_CATEGORY_MAX = 250;

/** The shop's categories with the Google category mapped to each ('' = none). */
export async function categoryMappings(): Promise<{ id: number; name: string; googleCategory: string }[]> {
  const rows = await db()
    .select({ id: categories.id, name: categories.name, googleCategory: feedCategoryMap.googleCategory })
    .from(categories)
    .leftJoin(feedCategoryMap, eq(feedCategoryMap.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((r) => ({ id: r.id, name: r.name, googleCategory: r.googleCategory ?? '' }));
}

/** Saves each category's Google category (an empty one removes the mapping). */
export async function saveCategoryMappings(mappings: readonly { categoryId: number; googleCategory: string }[]): Promise<void> {
  for (const m of mappings) {
    const value = m.googleCategory.trim().slice(0, GOOGLE_CATEGORY_MAX);
    if (!value) await db().delete(feedCategoryMap).where(eq(feedCategoryMap.categoryId, m.categoryId));
    else await db().insert(feedCategoryMap).values({ categoryId: m.categoryId, googleCategory: value }).onConflictDoUpdate({ target: feedCategoryMap.categoryId, set: { googleCategory: value } });
  }
}
