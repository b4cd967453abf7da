/**
 * The shop's WhatsApp settings (whatsapp_settings, id = 1) and where its messages go. The token
 * and the app secret are sealed at rest (lib/security/sealed.ts) and never read back to a page.
 * Where: WHATSAPP_GRAPH_URL when set; else, with a token, Meta's Graph API; without a token and
 * with SANDBOX_ENABLED, the embedded sandbox (/api/sandbox/whatsapp, called in process), with the
 * payment sandbox's key as the access token — secret in a public demo, as that key is.
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { whatsappSettings, type WhatsappSettingsRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { seal, unseal } from '@/lib/security';

const TOKEN_SEAL = 'whatsapp-token';
const SECRET_SEAL = 'whatsapp-app-secret';
export const META_GRAPH = 'https://graph.facebook.com';
export const EMBEDDED_WHATSAPP_PATH = '/api/sandbox/whatsapp';
/** The embedded sandbox's number and account (any digits would do; these are the seed's). */
export const SANDBOX_PHONE_NUMBER_ID = '100000000000001';
export const SANDBOX_BUSINESS_ACCOUNT_ID = '100000000000002';

export type WhatsappSwitches = { sendInstructions: boolean; sendPaid: boolean; sendShipped: boolean; sendCartReminder: boolean; sendReviewRequest: boolean };
export type WhatsappSettings = WhatsappSwitches & {
  enabled: boolean;
  phoneNumberId: string;
  businessAccountId: string;
  hasToken: boolean;
  hasAppSecret: boolean;
  verifyToken: string;
  tokenSealed: string | null;
  appSecretSealed: string | null;
};

export function whatsappSettingsOf(row: WhatsappSettingsRow | undefined): WhatsappSettings {
  return {
    enabled: row?.enabled ?? false,
    phoneNumberId: row?.phoneNumberId ?? '',
    businessAccountId: row?.businessAccountId ?? '',
    hasToken: !!row?.tokenSealed,
    hasAppSecret: !!row?.appSecretSealed,
    verifyToken: row?.verifyToken ?? '',
    tokenSealed: row?.tokenSealed ?? null,
    appSecretSealed: row?.appSecretSealed ?? null,
    sendInstructions: row?.sendInstructions ?? true,
    sendPaid: row?.sendPaid ?? true,
    sendShipped: row?.sendShipped ?? true,
    sendCartReminder: row?.sendCartReminder ?? false,
    sendReviewRequest: row?.sendReviewRequest ?? false,
  };
}

export async function getWhatsappSettings(): Promise<WhatsappSettings> {
  const [row] = await db().select().from(whatsappSettings).where(eq(whatsappSettings.id, 1));
  return whatsappSettingsOf(row);
}

export type WhatsappSettingsInput = WhatsappSwitches & {
  enabled: boolean;
  phoneNumberId: string;
  businessAccountId: string;
  /** undefined keeps the sealed one; '' removes it. */
  token?: string;
  appSecret?: string;
};

/** Saves the settings; a verify token is made the first time (the merchant pastes it in Meta). */
export async function saveWhatsappSettings(s: WhatsappSettingsInput): Promise<void> {
  const e = env();
  const current = await getWhatsappSettings();
  const values = {
    enabled: s.enabled,
    phoneNumberId: s.phoneNumberId,
    businessAccountId: s.businessAccountId,
    sendInstructions: s.sendInstructions,
    sendPaid: s.sendPaid,
    sendShipped: s.sendShipped,
    sendCartReminder: s.sendCartReminder,
    sendReviewRequest: s.sendReviewRequest,
    verifyToken: current.verifyToken || randomBytes(18).toString('base64url'),
    ...(s.token === undefined ? {} : { tokenSealed: s.token ? seal(s.token, e.authSecret, TOKEN_SEAL) : null }),
    ...(s.appSecret === undefined ? {} : { appSecretSealed: s.appSecret ? seal(s.appSecret, e.authSecret, SECRET_SEAL) : null }),
    updatedAt: new Date().toISOString(),
  };
  await db()
    .insert(whatsappSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: whatsappSettings.id, set: values });
}

/** The embedded sandbox's access token and app secret: derived from the payment sandbox's first key. */
export function sandboxCredentials(): { token: string; appSecret: string } {
  const key = env().sandboxApiKeys[0] ?? env().paymentApiKey;
  return { token: key, appSecret: createHash('sha256').update(`balcao-whatsapp-sandbox:${key}`).digest('hex').slice(0, 32) };
}

export type WhatsappConnection = { baseUrl: string; token: string; appSecret: string | null; phoneNumberId: string; businessAccountId: string; embedded: boolean };

/** Where and with what the shop talks to the Cloud API; null = WhatsApp is off. */
export function connectionOf(s: WhatsappSettings): WhatsappConnection | null {
  if (!s.enabled) return null;
  const e = env();
  const token = s.tokenSealed ? unseal(s.tokenSealed, e.authSecret, TOKEN_SEAL) : null;
  if (token) {
    const appSecret = s.appSecretSealed ? unseal(s.appSecretSealed, e.authSecret, SECRET_SEAL) : null;
    if (!s.phoneNumberId) return null;
    return { baseUrl: e.whatsappGraphUrl ?? META_GRAPH, token, appSecret, phoneNumberId: s.phoneNumberId, businessAccountId: s.businessAccountId, embedded: false };
  }
  if (!e.sandboxEnabled) return null;
  const sandbox = sandboxCredentials();
  return {
    baseUrl: e.whatsappGraphUrl ?? `${e.appUrl}${EMBEDDED_WHATSAPP_PATH}`,
    token: sandbox.token,
    appSecret: sandbox.appSecret,
    phoneNumberId: s.phoneNumberId || SANDBOX_PHONE_NUMBER_ID,
    businessAccountId: s.businessAccountId || SANDBOX_BUSINESS_ACCOUNT_ID,
    embedded: !e.whatsappGraphUrl,
  };
}
