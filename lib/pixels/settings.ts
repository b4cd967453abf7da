/**
 * Configurações → Integrações → "Meta Pixel" ("ID do Pixel", "Token da API de Conversões") and
 * "Google Analytics 4" ("ID de medição", "Segredo da API"), one row (pixel_settings, id 1). A
 * platform is on when both its id and its secret are saved. The secrets are sealed at rest
 * (lib/security/sealed.ts, under AUTH_SECRET) and never read back to a page: a blank secret
 * field keeps the stored one; a blank id switches the platform off and drops its secret.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { pixelSettings, type PixelSettingsRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { seal, unseal } from '@/lib/security';
import { forgetPixelsOn } from './pixels-on';

const META_SEAL = 'meta-capi-token';
const GA4_SEAL = 'ga4-mp-secret';

export type PixelCredentials = {
  meta: { pixelId: string; token: string } | null;
  ga4: { measurementId: string; secret: string } | null;
};

async function readRow(): Promise<PixelSettingsRow | undefined> {
  const [row] = await db().select().from(pixelSettings).where(eq(pixelSettings.id, 1));
  return row;
}

/** The ids and the unsealed secrets of the platforms that are on (the sender's, never a page's). */
export function credentialsOf(row: PixelSettingsRow | undefined): PixelCredentials {
  const secret = env().authSecret;
  const token = row?.metaTokenSealed ? unseal(row.metaTokenSealed, secret, META_SEAL) : null;
  const ga4Secret = row?.ga4SecretSealed ? unseal(row.ga4SecretSealed, secret, GA4_SEAL) : null;
  return {
    meta: row?.metaPixelId && token ? { pixelId: row.metaPixelId, token } : null,
    ga4: row?.ga4MeasurementId && ga4Secret ? { measurementId: row.ga4MeasurementId, secret: ga4Secret } : null,
  };
}

export async function getPixelCredentials(): Promise<PixelCredentials> {
  return credentialsOf(await readRow());
}

export type MetaForm = { pixelId: string; token?: string };
export type Ga4Form = { measurementId: string; secret?: string };

/** "Salvar" of "Meta Pixel": a blank id switches it off; a blank token keeps the stored one. */
export async function saveMetaPixel(f: MetaForm): Promise<void> {
  const values = f.pixelId
    ? { metaPixelId: f.pixelId, ...(f.token ? { metaTokenSealed: seal(f.token, env().authSecret, META_SEAL) } : {}) }
    : { metaPixelId: null, metaTokenSealed: null };
  await upsert(values);
}

/** "Salvar" of "Google Analytics 4": the same rules. */
export async function saveGa4(f: Ga4Form): Promise<void> {
  const values = f.measurementId
    ? { ga4MeasurementId: f.measurementId, ...(f.secret ? { ga4SecretSealed: seal(f.secret, env().authSecret, GA4_SEAL) } : {}) }
    : { ga4MeasurementId: null, ga4SecretSealed: null };
  await upsert(values);
}

async function upsert(values: Partial<Omit<PixelSettingsRow, 'id'>>): Promise<void> {
  const set = { ...values, updatedAt: new Date().toISOString() };
  await db()
    .insert(pixelSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: pixelSettings.id, set });
  forgetPixelsOn();
}

export { cachedPixelSettings, forgetPixelsOn, getPixelSettings, pixelSettingsOf, pixelsOn, pixelsOnOf, PIXELS_ON_TTL_MS, type PixelSettings } from './pixels-on';
