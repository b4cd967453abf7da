/**
 * The signed link that gives a paid order line its digital product: `/d/<token>`, the token
 * being `<item>.<generation>.<expiry>.<signature>`. The signature is an HMAC-SHA256 with the
 * app's secret over the order's id too, so a token made for one order's line never opens
 * another's, and a changed expiry or generation does not verify. The link itself is only half
 * of the check: access.ts holds the current generation, the uses and the revocation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A link works this long after it was issued (the payment, or the merchant's "Reenviar acesso"). */
export const ACCESS_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** And this many times. */
export const ACCESS_MAX_USES = 5;

export type AccessClaim = { orderId: string; itemId: number; generation: number; expiresAt: string };
export type TokenParts = { itemId: number; generation: number; expSeconds: number; signature: string };

function mac(secret: string, orderId: string, itemId: number, generation: number, expSeconds: number): string {
  return createHmac('sha256', secret).update(`balcao:digital:v1:${orderId}:${itemId}:${generation}:${expSeconds}`).digest('base64url');
}

export function signAccessToken(secret: string, c: AccessClaim): string {
  const exp = Math.floor(Date.parse(c.expiresAt) / 1000);
  return `${c.itemId}.${c.generation}.${exp}.${mac(secret, c.orderId, c.itemId, c.generation, exp)}`;
}

/** The token's parts, or null when it is not shaped like one (checked before any database read). */
export function readAccessToken(token: string): TokenParts | null {
  const m = /^([1-9]\d{0,11})\.(\d{1,6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return m ? { itemId: Number(m[1]), generation: Number(m[2]), expSeconds: Number(m[3]), signature: m[4] } : null;
}

/** Whether the token was signed by this app for this order's line (the line's order read from the database). */
export function signatureValid(secret: string, orderId: string, t: TokenParts): boolean {
  const expected = Buffer.from(mac(secret, orderId, t.itemId, t.generation, t.expSeconds));
  const given = Buffer.from(t.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function accessPath(token: string): string {
  return `/d/${token}`;
}

/**
 * A download session: what one use of the link buys. The "Baixar" button (a POST: a mail
 * scanner's GET never spends a use) counts the use and answers with the session's address,
 * `/d/<token>/baixar?sessao=<use>.<expiry>.<signature>`, which serves the file — whole or in
 * ranges, as often as the player or the download manager asks — for this long, never past the
 * link's own expiry. So seeking in a video or resuming a cut download is the same use.
 */
export const SESSION_VALID_MS = 6 * 60 * 60 * 1000;

export type SessionClaim = { orderId: string; itemId: number; generation: number; use: number; expiresAt: string };
export type SessionParts = { use: number; expSeconds: number; signature: string };

function sessionMac(secret: string, c: { orderId: string; itemId: number; generation: number; use: number; expSeconds: number }): string {
  return createHmac('sha256', secret).update(`balcao:digital-session:v1:${c.orderId}:${c.itemId}:${c.generation}:${c.use}:${c.expSeconds}`).digest('base64url');
}

/** When a session opened at `now` ends: SESSION_VALID_MS later, or when the link expires if sooner. */
export function sessionExpiry(now: Date, linkExpiresAt: string): string {
  return new Date(Math.min(now.getTime() + SESSION_VALID_MS, Date.parse(linkExpiresAt))).toISOString();
}

export function signSessionToken(secret: string, c: SessionClaim): string {
  const expSeconds = Math.floor(Date.parse(c.expiresAt) / 1000);
  return `${c.use}.${expSeconds}.${sessionMac(secret, { ...c, expSeconds })}`;
}

export function readSessionToken(session: string): SessionParts | null {
  const m = /^([1-9]\d{0,5})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(session);
  return m ? { use: Number(m[1]), expSeconds: Number(m[2]), signature: m[3] } : null;
}

/** Whether the session was opened by this app on this order line's link of this generation. */
export function sessionSignatureValid(secret: string, line: { orderId: string; itemId: number; generation: number }, s: SessionParts): boolean {
  const expected = Buffer.from(sessionMac(secret, { ...line, use: s.use, expSeconds: s.expSeconds }));
  const given = Buffer.from(s.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Where the "Baixar" button posts, and where its session is served. */
export function startPath(token: string): string {
  return `/d/${token}/baixar`;
}
