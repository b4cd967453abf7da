/**
 * The shop's Melhor Envio settings (columns of shipping_settings, id = 1) and the client they
 * give. The token is sealed at rest (lib/security/sealed.ts) and never read back to a page.
 * Which base URL: MELHOR_ENVIO_URL when set; else, with a token, Melhor Envio's sandbox or
 * production by "Ambiente"; without a token and with SANDBOX_ENABLED, the embedded carrier
 * sandbox (called in process, as /api/sandbox/melhorenvio serves it).
 */
import 'server-only';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { shippingSettings, type ShippingSettingsRow } from '@/db/schema';
import { createCarrierSandbox, handleCarrierCall, type CarrierSandbox } from '@balcao/shipping-sandbox';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { processSingleton } from '@/lib/process/context';
import { seal, unseal } from '@/lib/security';
import { CarrierError, melhorEnvio, type MelhorEnvio } from './melhor-envio';

export const DEFAULT_SERVICES = [1, 2, 3, 31] as const;
export const SERVICE_NAMES: Record<number, string> = { 1: 'PAC (Correios)', 2: 'SEDEX (Correios)', 3: '.Package (Jadlog)', 31: 'Loggi Express (Loggi)' };
const TOKEN_SEAL = 'melhor-envio-token';
export const EMBEDDED_PATH = '/api/sandbox/melhorenvio';
const ME_SANDBOX = 'https://sandbox.melhorenvio.com.br';
const ME_PRODUCTION = 'https://melhorenvio.com.br';
/** The checkout's budget for a quote (the 2.5 s); label calls may take longer. */
export const QUOTE_TIMEOUT_MS = 2500;
export const LABEL_TIMEOUT_MS = 10_000;

export type Adjust = { kind: 'none' | 'percent' | 'cents'; /** basis points or centavos; negative = discount */ value: number };
export type CarrierSettings = {
  enabled: boolean;
  hasToken: boolean;
  tokenSealed: string | null;
  environment: 'sandbox' | 'production';
  originZip: string;
  services: number[];
  handlingDays: number;
  adjust: Adjust;
};

export function carrierSettingsOf(row: ShippingSettingsRow | undefined): CarrierSettings {
  const services = (row?.carrierServices ?? DEFAULT_SERVICES.join(','))
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    enabled: row?.carrierEnabled ?? false,
    hasToken: !!row?.carrierTokenSealed,
    tokenSealed: row?.carrierTokenSealed ?? null,
    environment: row?.carrierEnvironment ?? 'sandbox',
    originZip: (row?.carrierOriginZip ?? '').replace(/\D/g, ''),
    services,
    handlingDays: Math.max(0, row?.handlingDays ?? 0),
    adjust: { kind: row?.carrierAdjustKind ?? 'none', value: row?.carrierAdjustValue ?? 0 },
  };
}

export async function getCarrierSettings(): Promise<CarrierSettings> {
  const [row] = await db().select().from(shippingSettings).where(eq(shippingSettings.id, 1));
  return carrierSettingsOf(row);
}

/** Saves the carrier part; `token` undefined keeps the sealed one, '' removes it. */
export async function saveCarrierSettings(s: Omit<CarrierSettings, 'hasToken' | 'tokenSealed'> & { token?: string }): Promise<void> {
  const values = {
    carrierEnabled: s.enabled,
    carrierEnvironment: s.environment,
    carrierOriginZip: s.originZip,
    carrierServices: s.services.join(','),
    handlingDays: s.handlingDays,
    carrierAdjustKind: s.adjust.kind,
    carrierAdjustValue: s.adjust.value,
    ...(s.token === undefined ? {} : { carrierTokenSealed: s.token ? seal(s.token, env().authSecret, TOKEN_SEAL) : null }),
    updatedAt: new Date().toISOString(),
  };
  await db()
    .insert(shippingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shippingSettings.id, set: values });
}

/**
 * The SQLite file the embedded carrier sandbox keeps its labels in: beside the payment sandbox's
 * database (SANDBOX_DATABASE_URL), so a restart keeps the labels already bought; none (memory)
 * when that database is itself in memory.
 */
export function carrierStoreFile(sandboxDatabaseUrl: string): string | null {
  const p = sandboxDatabaseUrl.replace(/^file:(\/\/)?/, '');
  if (!p || p === ':memory:' || p.startsWith(':memory:') || /^[a-z]+:\/\//i.test(sandboxDatabaseUrl)) return null;
  return path.join(path.dirname(path.resolve(p)), 'carrier-sandbox.db');
}

/**
 * The process's embedded carrier sandbox: its labels in SQLite (carrierStoreFile), its tracking
 * on the shop's clock — the payment sandbox's when that is the provider, so moving the sandbox
 * clock delivers parcels too (docs/reference.md).
 */
export const carrierSandbox = processSingleton<CarrierSandbox>('shipping.carrier-sandbox', () =>
  createCarrierSandbox({ storeFile: carrierStoreFile(env().sandboxDatabaseUrl), now: shopNow }),
  { close: (sb) => sb.labels.close() },
);

/** A fetch that answers from the embedded sandbox without a network hop. */
function inProcessFetch(sb: CarrierSandbox, publicBase: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/+/, '').split('/');
    const signal = init?.signal;
    const answer = handleCarrierCall(sb, {
      method: init?.method ?? 'GET',
      path,
      authorization: (init?.headers as Record<string, string> | undefined)?.Authorization ?? null,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      baseUrl: publicBase,
    });
    // The timeout holds as over the network: a slow sandbox answer is abandoned, not awaited.
    const reply = signal
      ? await Promise.race([
          answer,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        ])
      : await answer;
    return reply.bytes ? new Response(Buffer.from(reply.bytes), { status: reply.status }) : new Response(JSON.stringify(reply.json ?? null), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

export type Connection = { baseUrl: string; token: string; embedded: boolean };

/** Where and with what token the shop talks to Melhor Envio; null = no carrier (the UF table). */
export function connectionOf(s: CarrierSettings): Connection | null {
  if (!s.enabled) return null;
  const e = env();
  const token = s.tokenSealed ? unseal(s.tokenSealed, e.authSecret, TOKEN_SEAL) : null;
  if (token) return { baseUrl: e.melhorEnvioUrl ?? (s.environment === 'production' ? ME_PRODUCTION : ME_SANDBOX), token, embedded: false };
  if (!e.sandboxEnabled) return null;
  if (e.melhorEnvioUrl) return { baseUrl: e.melhorEnvioUrl, token: 'sandbox', embedded: false };
  return { baseUrl: `${e.appUrl}${EMBEDDED_PATH}`, token: 'sandbox', embedded: true };
}

/** Whether the checkout quotes with the carrier (on, reachable, and an origin CEP to quote from). */
export function quotesWithCarrier(s: CarrierSettings): boolean {
  return s.originZip.length === 8 && connectionOf(s) !== null;
}

export function carrierClient(c: Connection, timeoutMs: number, token = c.token): MelhorEnvio {
  const f = c.embedded ? inProcessFetch(carrierSandbox(), c.baseUrl) : undefined;
  return melhorEnvio({ baseUrl: c.embedded ? 'http://embedded.invalid' : c.baseUrl, token, userAgent: 'Balcão (loja integrada)', timeoutMs, fetch: f });
}

/** The label's PDF is small; anything bigger is not one. */
const MAX_LABEL_PDF_BYTES = 5 * 1024 * 1024;

/**
 * "Imprimir etiqueta": the label's PDF, fetched on the server (the token never reaches the
 * browser). Melhor Envio answers `print` with a link; the app follows it only to Melhor Envio's
 * own hosts (or the base it was configured with), never elsewhere.
 */
export async function labelPdfBytes(c: Connection, labelId: string): Promise<Uint8Array> {
  const url = new URL(await carrierClient(c, LABEL_TIMEOUT_MS).print(labelId));
  const base = new URL(c.baseUrl);
  if (c.embedded) {
    const rel = url.pathname.startsWith(EMBEDDED_PATH) ? url.pathname.slice(EMBEDDED_PATH.length) : url.pathname;
    const reply = await handleCarrierCall(carrierSandbox(), { method: 'GET', path: rel.replace(/^\/+/, '').split('/'), authorization: null, body: undefined, baseUrl: c.baseUrl });
    if (reply.status !== 200 || !reply.bytes) throw new CarrierError('unavailable', 'A etiqueta não está disponível na transportadora.');
    return reply.bytes;
  }
  const sameBase = url.origin === base.origin;
  if (!sameBase && !(url.protocol === 'https:' && (url.hostname === 'melhorenvio.com.br' || url.hostname.endsWith('.melhorenvio.com.br')))) {
    throw new CarrierError('invalid', 'O link da etiqueta não é do Melhor Envio.');
  }
  let res: Response;
  try {
    res = await fetch(url, { headers: sameBase ? { Authorization: `Bearer ${c.token}` } : {}, signal: AbortSignal.timeout(LABEL_TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw new CarrierError('unavailable', 'Não foi possível baixar a etiqueta. Tente de novo em instantes.');
  }
  if (!res.ok) throw new CarrierError('unavailable', 'A etiqueta não está disponível na transportadora.');
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_LABEL_PDF_BYTES || new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') throw new CarrierError('invalid', 'A transportadora não devolveu um PDF.');
  return bytes;
}

/** "Testar conexão": the account's name, or the error in Portuguese. `token`: one typed, not yet saved. */
export async function testConnection(s: CarrierSettings, token?: string): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  const stored = connectionOf({ ...s, enabled: true });
  const c = token ? { baseUrl: env().melhorEnvioUrl ?? (s.environment === 'production' ? ME_PRODUCTION : ME_SANDBOX), token, embedded: false } : stored;
  if (!c) return { ok: false, message: 'Informe o token do Melhor Envio.' };
  try {
    return { ok: true, name: (await carrierClient(c, LABEL_TIMEOUT_MS).me()).name };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : 'Não foi possível falar com o Melhor Envio.' };
  }
}

export const testConnectionWithToken = (s: CarrierSettings, token: string) => testConnection(s, token);
