/**
 * Known devices (OWASP's "device cookies"): a browser that has signed in to an account keeps a
 * signed cookie naming that account. The per-account login limit (login.ts) counts the attempts
 * of every other client together, so a botnet guessing one account's password from many
 * addresses is held back; a known device is not counted with them and has a budget of its own.
 * So an attacker can lock out unknown clients but never the owner's own phone or desk, unless
 * that device itself keeps failing.
 *
 * The cookie holds the account's e-mail only as an HMAC under AUTH_SECRET (with a random nonce,
 * which also keys the device's own limit): no state on the server, nothing readable in it, and
 * it cannot be made for another account without the secret. It is sent only to /api/auth.
 */
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HeadersLike } from '@/lib/security';

export const KNOWN_DEVICE_COOKIE = 'balcao-known-device';
/** Half a year: a device the merchant uses keeps being recognised. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function mac(email: string, nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`known-device:${email}:${nonce}`, 'utf8').digest('base64url');
}

/** The cookie's value for a browser that just signed in as `email`. */
export function knownDeviceValue(email: string, secret: string, nonce = randomBytes(16).toString('base64url')): string {
  return `${nonce}.${mac(email, nonce, secret)}`;
}

function cookieHeader(headers: HeadersLike): string {
  if (!headers) return '';
  if (headers instanceof Headers) return headers.get('cookie') ?? '';
  const v = headers.cookie;
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join('; ') : '';
}

/** The device's nonce when the request carries a valid known-device cookie for `email`; null otherwise. */
export function knownDeviceOf(headers: HeadersLike, email: string, secret: string): string | null {
  if (!email) return null;
  for (const part of cookieHeader(headers).split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== KNOWN_DEVICE_COOKIE) continue;
    const [nonce, given] = rest.join('=').split('.');
    if (!nonce || !given || nonce.length > 64) continue;
    const expected = Buffer.from(mac(email, nonce, secret));
    const actual = Buffer.from(given);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return nonce;
  }
  return null;
}

/** Whether next-auth's answer signs the browser in (it sets a non-empty session cookie). */
function signsIn(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => /^(__Secure-)?next-auth\.session-token(\.\d+)?=[^;]+/.test(c));
}

/**
 * After a successful sign-in through next-auth's credentials callback: the same answer with the
 * known-device cookie added for the account that signed in.
 */
export function withKnownDevice(response: Response, email: string, opts: { secret: string; secure: boolean }): Response {
  if (!email || !signsIn(response)) return response;
  const cookie = [
    `${KNOWN_DEVICE_COOKIE}=${knownDeviceValue(email, opts.secret)}`,
    'Path=/api/auth',
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
  const copy = new Response(response.body, response);
  copy.headers.append('Set-Cookie', cookie);
  return copy;
}
