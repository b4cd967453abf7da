/**
 * Which pixels are on (their ids, and whether their secrets are saved; never the secrets): what
 * the request proxy's CSP and the shop's pages need. Without 'server-only' because the proxy
 * imports it. Read at most every few seconds per process: a save in this process is seen at
 * once (lib/pixels/settings.ts forgets the copy); another instance sees it within
 * PIXELS_ON_TTL_MS.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { pixelSettings, type PixelSettingsRow } from '@/db/schema';
import { processSingleton } from '@/lib/process/context';
import type { PixelsOn } from './csp';

export type PixelSettings = {
  metaPixelId: string | null;
  hasMetaToken: boolean;
  ga4MeasurementId: string | null;
  hasGa4Secret: boolean;
};

export function pixelSettingsOf(row: PixelSettingsRow | undefined): PixelSettings {
  return {
    metaPixelId: row?.metaPixelId ?? null,
    hasMetaToken: !!row?.metaTokenSealed,
    ga4MeasurementId: row?.ga4MeasurementId ?? null,
    hasGa4Secret: !!row?.ga4SecretSealed,
  };
}

export function pixelsOnOf(s: PixelSettings): PixelsOn {
  return { meta: !!s.metaPixelId && s.hasMetaToken, ga4: !!s.ga4MeasurementId && s.hasGa4Secret };
}


export async function getPixelSettings(): Promise<PixelSettings> {
  const [row] = await db().select().from(pixelSettings).where(eq(pixelSettings.id, 1));
  return pixelSettingsOf(row);
}

export const PIXELS_ON_TTL_MS = 5_000;
const settingsCache = processSingleton('pixels.settings-cache', () => ({ at: 0, value: pixelSettingsOf(undefined) }));

/** The settings as a page may know them, cached as above. */
export async function cachedPixelSettings(now = Date.now()): Promise<PixelSettings> {
  const cache = settingsCache();
  if (cache.at && now - cache.at < PIXELS_ON_TTL_MS) return cache.value;
  cache.value = await getPixelSettings();
  cache.at = now;
  return cache.value;
}

export async function pixelsOn(now = Date.now()): Promise<PixelsOn> {
  return pixelsOnOf(await cachedPixelSettings(now));
}

export function forgetPixelsOn(): void {
  settingsCache().at = 0;
}
