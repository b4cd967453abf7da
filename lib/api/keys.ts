/**
 * The merchant's API keys (Configurações → Integrações). A key is `bk_test_` (the embedded
 * sandbox is the provider) or `bk_live_` (a real provider) and 32 random bytes; only its SHA-256
 * is stored, so it is shown once, at creation. Authenticating is one indexed lookup by hash; a
 * revoked key stops working on its next request.
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/db';
import { run } from '@/db/driver';
import { apiKeys, type ApiKeyRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { newId } from '@/lib/security/tokens';
import { API_KEY_NAME_MAX } from './key-limits';

export { API_KEY_NAME_MAX };

export const apiKeyNameSchema = z.object({
  name: z
    .string({ error: 'Dê um nome à chave, como "Site WordPress".' })
    .trim()
    .min(1, { error: 'Dê um nome à chave, como "Site WordPress".' })
    .max(API_KEY_NAME_MAX, { error: `Use até ${API_KEY_NAME_MAX} caracteres.` }),
});

const KEY_SHAPE = /^bk_(test|live)_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The prefix of new keys: the provider this installation charges through decides it. */
export function currentKeyMode(): 'test' | 'live' {
  return env().usingSandbox ? 'test' : 'live';
}

/** Creates a key and returns it whole, the only time it exists outside the caller's hands. */
export async function createApiKey(name: string): Promise<{ id: string; key: string }> {
  const mode = currentKeyMode();
  const key = `bk_${mode}_${randomBytes(32).toString('base64url')}`;
  const id = newId();
  await database().transaction(function* (tx) {
    yield* run(tx.insert(apiKeys).values({ id, name, mode, keyHash: hashApiKey(key), hint: key.slice(-4) }));
  });
  return { id, key };
}

export async function revokeApiKey(id: string): Promise<boolean> {
  const changed = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(apiKeys)
        .set({ revokedAt: new Date().toISOString() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))),
    );
  });
  return changed === 1;
}

export type ApiKeyView = Pick<ApiKeyRow, 'id' | 'name' | 'mode' | 'hint' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>;

export async function listApiKeys(): Promise<ApiKeyView[]> {
  const { db } = database();
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, mode: apiKeys.mode, hint: apiKeys.hint, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .orderBy(desc(apiKeys.createdAt));
}

export type ApiCaller = { keyId: string; mode: 'test' | 'live' };

/**
 * The caller of an `Authorization: Bearer bk_…` header, or null (missing, malformed, unknown or
 * revoked). A key of the other mode (a bk_test_ key once a real provider is set) is refused too.
 * Records when the key was last used (at most once a minute per key, to spare the writes).
 */
export async function authenticateApiKey(authorization: string | null): Promise<ApiCaller | null> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!m || !KEY_SHAPE.test(m[1])) return null;
  const { db } = database();
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(m[1])));
  if (!row || row.revokedAt || row.mode !== currentKeyMode()) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) > 60_000) {
    await database().transaction(function* (tx) {
      yield* run(tx.update(apiKeys).set({ lastUsedAt: now.toISOString() }).where(eq(apiKeys.id, row.id)));
    });
  }
  return { keyId: row.id, mode: row.mode };
}
