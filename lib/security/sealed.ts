/**
 * A small secret kept in the database sealed (AES-256-GCM under a key derived from AUTH_SECRET):
 * a copy of the database alone does not give, say, a person's TOTP secret.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

function keyOf(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`sealed:${purpose}:${secret}`, 'utf8').digest();
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text, or null when the value was not sealed with this secret and purpose. */
export function unseal(sealed: string, secret: string, purpose: string): string | null {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
