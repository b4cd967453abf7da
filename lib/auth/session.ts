/**
 * The real guard of the dashboard (proxy.ts only redirects when no cookie is present):
 * every /dashboard page, server action and merchant route handler asks here, on the server.
 * The session cookie's JWT is decrypted and checked (signature, expiry) by next-auth's own
 * getToken with our secret, exactly as getServerSession does for JWT sessions; the user
 * must still exist in the database, the session must carry the merchant's current session
 * version ("Sair de todos os dispositivos") and its id must not be revoked ("Sair" on that
 * device): lib/auth/session-version.ts.
 */
import 'server-only';
import { getToken } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { env } from '@/lib/config/env';
import { findMerchantById, type Merchant } from './credentials';
import { isSessionRevoked, sessionIdOf, sessionVersionOf } from './session-version';
import { mustEnrollTwoFactor } from './two-factor';
import { cache } from 'react';

export type { Merchant };

/** next-auth's session cookie, plain or __Secure- prefixed, whole or in chunks (.0, .1 …). */
export function isSessionCookieName(name: string): boolean {
  return /^(__Secure-)?next-auth\.session-token(\.\d+)?$/.test(name);
}

/** "Minha conta": the one page open to a person who must still enable two-step sign-in. */
export const ACCOUNT_PATH = '/dashboard/conta';

export const SESSION_EXPIRED_MESSAGE = 'Sua sessão terminou. Entre novamente para continuar.';

/** The signed-in merchant, or null (no cookie, bad or expired token, user deleted, session revoked). For actions and route handlers. */
/** Once per render (React's cache): the dashboard's layout and page both ask. */
export const getMerchantOrNull = cache(readMerchantOrNull);

async function readMerchantOrNull(): Promise<Merchant | null> {
  const config = env();
  const jar = Object.fromEntries((await cookies()).getAll().map((c) => [c.name, c.value]));
  const token = await getToken({
    // Cookies only: a Bearer header must not stand in for the session cookie.
    req: { cookies: jar, headers: {} } as never,
    secret: config.authSecret,
    secureCookie: config.appUrl.startsWith('https://'),
    logger: { error() {}, warn() {}, debug() {} } as never,
  });
  const id = Number(token?.sub);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const merchant = await findMerchantById(id);
  if (!merchant || merchant.sessionVersion !== sessionVersionOf(token)) return null;
  const sessionId = sessionIdOf(token);
  if (sessionId && (await isSessionRevoked(sessionId))) return null;
  return { id: merchant.id, email: merchant.email, name: merchant.name, role: merchant.role };
}

/**
 * The signed-in merchant, unless the Dono's "exigir verificação em duas etapas" covers them and
 * they have not enabled it yet (then null, as for no session): for what lives outside
 * /dashboard and yet needs a merchant — the mail catcher, the simulator, the boleto's payer.
 */
export async function getEnrolledMerchantOrNull(): Promise<Merchant | null> {
  const merchant = await getMerchantOrNull();
  if (!merchant || (await mustEnrollTwoFactor(merchant))) return null;
  return merchant;
}

/** For pages: the merchant, or a redirect to /login that brings them back to `returnTo` afterwards. */
export async function requireMerchant(returnTo = '/dashboard'): Promise<Merchant> {
  const merchant = await getMerchantOrNull();
  if (!merchant) redirect(`/login?${new URLSearchParams({ callbackUrl: returnTo })}`);
  // The Dono requires two-step sign-in of this role: "Minha conta" first, to enable it.
  if (returnTo !== ACCOUNT_PATH && (await mustEnrollTwoFactor(merchant))) redirect(`${ACCOUNT_PATH}?exigido=1`);
  return merchant;
}
