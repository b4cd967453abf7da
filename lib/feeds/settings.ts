/**
 * The feeds' settings (Configurações → "Canais de venda"): the optional secret token, the
 * brand, digital products in or out, and when each channel last fetched its feed.
 */
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { feedSettings } from '@/db/schema';
import { randomToken } from '@/lib/security/tokens';

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
