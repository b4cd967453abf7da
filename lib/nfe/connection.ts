/**
 * The shop's Bling connection (bling_settings, id = 1): where Bling is, the OAuth round trip,
 * and an access token that is always fresh. Tokens are sealed at rest (lib/security/sealed.ts)
 * and never reach a page. A token within REFRESH_AHEAD_MS of its end, or one Bling answered
 * 401 to, is refreshed ONCE however many requests race for it: in a process they share one
 * promise; across processes one holds a lease on the row and the others wait for its result
 * (Bling rotates refresh tokens, so two refreshes would leave one process with a spent token).
 *
 * Which Bling: BLING_URL with BLING_CLIENT_ID/SECRET (a real account); else, with the sandbox
 * on, the embedded sandbox (/api/sandbox/bling), called in process, on the shop's clock.
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { blingSettings, type BlingSettingsRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { processSingleton } from '@/lib/process/context';
import { seal, unseal } from '@/lib/security';
import { BlingError, blingClient, blingTokenCall, type BlingApi, type TokenAnswer } from './bling-client';
import { BLING_EMBEDDED_PATH, embeddedBlingFetch, sandboxClient } from './embedded-bling';

export const BLING_API_URL = 'https://api.bling.com.br';
export const BLING_AUTHORIZE_URL = 'https://www.bling.com.br/Api/v3/oauth/authorize';
export const REFRESH_AHEAD_MS = 5 * 60_000;
const REFRESH_LEASE_MS = 15_000;
const STATE_TTL_MS = 10 * 60_000;
const ACCESS_SEAL = 'bling-access-token';
const REFRESH_SEAL = 'bling-refresh-token';

export type BlingTarget = { baseUrl: string; authorizeUrl: string; clientId: string; clientSecret: string; embedded: boolean; fetch?: typeof fetch; now: () => number };

/** Where the shop talks to Bling now; null when neither a real app nor the sandbox is there. */
export function blingTarget(): BlingTarget | null {
  const e = env();
  if (e.bling.clientId && e.bling.clientSecret) {
    const baseUrl = e.bling.url ?? BLING_API_URL;
    return { baseUrl, authorizeUrl: e.bling.url ? `${baseUrl}/Api/v3/oauth/authorize` : BLING_AUTHORIZE_URL, clientId: e.bling.clientId, clientSecret: e.bling.clientSecret, embedded: false, now: Date.now };
  }
  if (!e.sandboxEnabled) return null;
  const c = sandboxClient();
  const publicBase = `${e.appUrl}${BLING_EMBEDDED_PATH}`;
  if (e.bling.url) return { baseUrl: e.bling.url, authorizeUrl: `${e.bling.url}/Api/v3/oauth/authorize`, clientId: c.id, clientSecret: c.secret, embedded: false, now: shopNow };
  return { baseUrl: 'http://embedded.invalid', authorizeUrl: `${publicBase}/Api/v3/oauth/authorize`, clientId: c.id, clientSecret: c.secret, embedded: true, fetch: embeddedBlingFetch(), now: shopNow };
}

export async function blingSettingsRow(): Promise<BlingSettingsRow | undefined> {
  const [row] = await db().select().from(blingSettings).where(eq(blingSettings.id, 1));
  return row;
}

export const isConnected = (row: BlingSettingsRow | undefined): boolean => !!row?.accessTokenSealed && !!row.refreshTokenSealed;

async function upsert(values: Partial<typeof blingSettings.$inferInsert>): Promise<void> {
  const set = { ...values, updatedAt: new Date().toISOString() };
  await db()
    .insert(blingSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: blingSettings.id, set });
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** "Conectar ao Bling": the authorise URL with a fresh `state` (its hash kept 10 minutes). */
export async function startAuthorization(): Promise<string> {
  const t = blingTarget();
  if (!t) throw new BlingError('unavailable', 'O Bling não está configurado neste servidor (BLING_CLIENT_ID e BLING_CLIENT_SECRET).');
  const state = randomBytes(24).toString('base64url');
  await upsert({ oauthStateHash: hashState(state), oauthStateExpiresAt: new Date(Date.now() + STATE_TTL_MS).toISOString() });
  const url = new URL(t.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', t.clientId);
  url.searchParams.set('state', state);
  return url.toString();
}

function tokenValues(t: TokenAnswer, target: BlingTarget) {
  const secret = env().authSecret;
  return {
    accessTokenSealed: seal(t.access_token, secret, ACCESS_SEAL),
    refreshTokenSealed: seal(t.refresh_token, secret, REFRESH_SEAL),
    accessExpiresAt: new Date(target.now() + (t.expires_in ?? 21600) * 1000).toISOString(),
    refreshLeaseUntil: null,
  };
}

/** The callback: the `state` must be the one we made (once, within 10 minutes), then the code is exchanged. */
export async function finishAuthorization(q: { code: string | null; state: string | null; error: string | null }): Promise<{ ok: true } | { ok: false; message: string }> {
  const row = await blingSettingsRow();
  const t = blingTarget();
  const stateOk = !!q.state && !!row?.oauthStateHash && row.oauthStateHash === hashState(q.state) && !!row.oauthStateExpiresAt && Date.parse(row.oauthStateExpiresAt) > Date.now();
  if (!stateOk || !t) return { ok: false, message: 'A autorização expirou ou não partiu desta loja. Clique em "Conectar ao Bling" de novo.' };
  await upsert({ oauthStateHash: null, oauthStateExpiresAt: null });
  if (q.error || !q.code) return { ok: false, message: 'A conexão não foi autorizada no Bling.' };
  try {
    const tokens = await blingTokenCall({ baseUrl: t.baseUrl, clientId: t.clientId, clientSecret: t.clientSecret, fetch: t.fetch }, { grant_type: 'authorization_code', code: q.code });
    await upsert({ ...tokenValues(tokens, t), embedded: t.embedded, connectedAt: new Date().toISOString() });
    return { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof BlingError ? `O Bling recusou a conexão: ${e.message}` : 'Não foi possível falar com o Bling.' };
  }
}

/** "Desconectar": the tokens are forgotten here (the merchant revokes the app in Bling's own settings). */
export async function disconnect(): Promise<void> {
  await upsert({ accessTokenSealed: null, refreshTokenSealed: null, accessExpiresAt: null, refreshLeaseUntil: null, connectedAt: null });
}

const inflight = processSingleton('nfe.token-refresh', () => ({ current: null as Promise<string | null> | null }));

export type TokenDeps = { sleep?: (ms: number) => Promise<void>; target?: BlingTarget };

/** The access token to use now: refreshed first when it ends within REFRESH_AHEAD_MS. */
export async function freshAccessToken(deps: TokenDeps = {}): Promise<string> {
  const t = deps.target ?? blingTarget();
  const row = await blingSettingsRow();
  const token = row?.accessTokenSealed ? unseal(row.accessTokenSealed, env().authSecret, ACCESS_SEAL) : null;
  if (!t || !row || !token) throw new BlingError('unauthorized', 'Conecte o Bling em Configurações → Nota fiscal.');
  if (Date.parse(row.accessExpiresAt ?? '') - t.now() > REFRESH_AHEAD_MS) return token;
  const fresh = await refreshOnce(token, deps);
  if (!fresh) throw new BlingError('unauthorized', 'A conexão com o Bling expirou. Conecte de novo em Configurações → Nota fiscal.');
  return fresh;
}

/** One refresh for every caller holding `stale` (this process: one promise; others: the lease). */
export function refreshOnce(stale: string, deps: TokenDeps = {}): Promise<string | null> {
  const box = inflight();
  if (box.current) return box.current;
  const p = refreshAcrossProcesses(stale, deps).finally(() => {
    if (box.current === p) box.current = null;
  });
  box.current = p;
  return p;
}

async function refreshAcrossProcesses(stale: string, deps: TokenDeps): Promise<string | null> {
  const t = deps.target ?? blingTarget();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const secret = env().authSecret;
  for (let round = 0; round < 100 && t; round++) {
    const row = await blingSettingsRow();
    if (!row?.accessTokenSealed || !row.refreshTokenSealed) return null;
    const current = unseal(row.accessTokenSealed, secret, ACCESS_SEAL);
    // Someone else refreshed already: their token is ours too.
    if (current && current !== stale && Date.parse(row.accessExpiresAt ?? '') - t.now() > REFRESH_AHEAD_MS) return current;
    const nowIso = new Date().toISOString();
    const took = await database().transaction(function* (tx) {
      return yield* run(
        tx
          .update(blingSettings)
          .set({ refreshLeaseUntil: new Date(Date.now() + REFRESH_LEASE_MS).toISOString() })
          .where(and(eq(blingSettings.id, 1), eq(blingSettings.accessTokenSealed, row.accessTokenSealed!), or(isNull(blingSettings.refreshLeaseUntil), lt(blingSettings.refreshLeaseUntil, nowIso)))),
      );
    });
    if (took === 1) {
      const refreshToken = unseal(row.refreshTokenSealed, secret, REFRESH_SEAL);
      try {
        if (!refreshToken) throw new BlingError('unauthorized', 'refresh token unreadable');
        const answer = await blingTokenCall({ baseUrl: t.baseUrl, clientId: t.clientId, clientSecret: t.clientSecret, fetch: t.fetch }, { grant_type: 'refresh_token', refresh_token: refreshToken });
        await upsert(tokenValues(answer, t));
        return answer.access_token;
      } catch (e) {
        await upsert({ refreshLeaseUntil: null });
        if (e instanceof BlingError && e.kind === 'unauthorized') return null;
        throw e;
      }
    }
    await sleep(100);
  }
  return null;
}

/** Every client of the process shares one pace: Bling counts requests per account. */
const pace = processSingleton('nfe.bling-pace', () => ({ next: 0 }));

/** A Bling client on the shop's connection, or null when not connected. */
export async function connectedBling(deps: TokenDeps & { timeoutMs?: number } = {}): Promise<BlingApi | null> {
  const t = deps.target ?? blingTarget();
  if (!t || !isConnected(await blingSettingsRow())) return null;
  return blingClient({
    baseUrl: t.baseUrl,
    fetch: t.fetch,
    token: () => freshAccessToken({ ...deps, target: t }),
    refresh: (stale) => refreshOnce(stale, { ...deps, target: t }),
    timeoutMs: deps.timeoutMs,
    spacing: pace(),
    sleep: deps.sleep,
  });
}

/** Bling's links (DANFE, XML), fetched on the server: only from Bling's own hosts or the configured base. */
export async function fetchDocument(link: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const t = blingTarget();
  if (!t) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const e = env();
  const embeddedBase = `${e.appUrl}${BLING_EMBEDDED_PATH}`;
  const useEmbedded = t.embedded && link.startsWith(`${embeddedBase}/`);
  const trusted = useEmbedded || url.origin === new URL(t.baseUrl).origin || (url.protocol === 'https:' && (url.hostname === 'bling.com.br' || url.hostname.endsWith('.bling.com.br')));
  if (!trusted) return null;
  try {
    const res = await (useEmbedded ? embeddedBlingFetch() : fetch)(link, { redirect: 'error', signal: AbortSignal.timeout(15_000) });
    if (!res.ok) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength > 5 * 1024 * 1024) return null;
    return { bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
