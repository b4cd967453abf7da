/** Random identifiers and the token hash used in logs and the webhook log. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

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
