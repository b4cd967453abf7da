/**
 * The app's random identifiers and unguessable tokens, in one place: ids (UUID), tokens (the
 * buyer's order token, a payment's webhook token), the one shape a token can have, and the one
 * hash that names a token in logs and the webhook log without revealing it.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): the buyer's order token, the webhook token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

/** First 16 hex digits of sha256(token): identifies a token in logs without revealing it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 16);
}

/** Tokens are base64url (randomToken); anything else is unknown without asking the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function looksLikeToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Whole sha256 of a token, hex: how a single-use account link is found without storing it. */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The token of an account link (password reset, invitation): HMAC-SHA256 of the row id under
 * the server's secret, base64url. The database keeps only its sha256 (a copy of the database
 * gives no working link), and the outbox can still write the link into the e-mail when it
 * sends, by computing it again from the id.
 */
export function accountLinkToken(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`account-link:${id}`, 'utf8').digest('base64url');
}

/**
 * The token of an order's review link ("Avalie sua compra"): the order's id and an HMAC of it
 * under the server's secret, so the link is signed to that order, needs no row to be found, and
 * the e-mail can write it at send time. Who holds it may review that order's products once each.
 */
export function reviewLinkToken(orderId: string, secret: string): string {
  return `${orderId}.${createHmac('sha256', secret).update(`review-link:${orderId}`, 'utf8').digest('base64url')}`;
}

/** The order a review link's token is signed for, or null when it is not one of ours. */
export function orderIdOfReviewToken(token: string, secret: string): string | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(reviewLinkToken(m[1], secret));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : null;
}
