/**
 * API keys: each valid key is its own customer, with its own payments and balance.
 * Rows store the key's fingerprint (`owner`), never the key; the key is found again in the
 * configuration when a webhook must be signed with it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from './context';

export function ownerOf(apiKey: string): string {
  return createHash('sha256').update(`balcao-sandbox-key:${apiKey}`).digest('hex');
}

/** The key's customer id: a stable UUID derived from the key's fingerprint. */
export function customerIdOf(owner: string): string {
  const h = createHash('sha256').update(`customer:${owner}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The configured keys' digests and owners, computed once per configuration (every request authenticates). */
const configuredDigests = new WeakMap<readonly string[], { digest: Buffer; owner: string }[]>();

function digestsOf(apiKeys: readonly string[]): { digest: Buffer; owner: string }[] {
  let digests = configuredDigests.get(apiKeys);
  if (!digests) {
    digests = apiKeys.map((key) => ({ digest: createHash('sha256').update(key).digest(), owner: ownerOf(key) }));
    configuredDigests.set(apiKeys, digests);
  }
  return digests;
}

/** The owner of a presented key, or null when the key is missing or unknown (compared in constant time). */
export function authenticate(ctx: SandboxContext, presented: string | null): string | null {
  if (!presented) return null;
  const digest = createHash('sha256').update(presented).digest();
  let found: string | null = null;
  for (const known of digestsOf(ctx.config.apiKeys)) {
    if (timingSafeEqual(digest, known.digest)) found = known.owner;
  }
  return found;
}

/** The configured key behind an owner fingerprint (to sign its webhooks). */
export function apiKeyOfOwner(ctx: SandboxContext, owner: string): string | undefined {
  return ctx.config.apiKeys.find((k) => ownerOf(k) === owner);
}

/** "sk_s…dev": enough to tell keys apart on the simulator page. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '…' : `${key.slice(0, 4)}…${key.slice(-3)}`;
}

/** A label for an owner on the simulator page. */
export function ownerLabel(ctx: SandboxContext, owner: string): string {
  const key = apiKeyOfOwner(ctx, owner);
  return key ? maskKey(key) : 'chave removida';
}
