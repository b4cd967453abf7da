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
