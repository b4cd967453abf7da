import 'server-only';
import { cookies } from 'next/headers';
import { randomToken } from '@/lib/security';
import { DRAFT_COOKIE, DRAFT_COOKIE_MAX_AGE_S } from '@/lib/checkout/drafts/drafts';
import { env } from '@/lib/config/env';

/** This browser's draft cookie; `create` makes one (server actions and route handlers only). */
export async function draftCookie(create: boolean): Promise<string | undefined> {
  const jar = await cookies();
  const existing = jar.get(DRAFT_COOKIE)?.value;
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  if (!create) return undefined;
  const token = randomToken();
  jar.set(DRAFT_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: DRAFT_COOKIE_MAX_AGE_S, secure: env().appUrl.startsWith('https://') });
  return token;
}
