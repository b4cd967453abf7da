/**
 * The merchant's API keys (Configurações → Integrações). A key is `bk_test_` (the embedded
 * sandbox is the provider) or `bk_live_` (a real provider) and 32 random bytes; only its SHA-256
 * is stored, so it is shown once, at creation. Authenticating is one indexed lookup by hash; a
 * revoked key stops working on its next request.
 *
 * Scopes are chosen at creation and never widened: which orders the key reads and refunds
 * ("Somente os pedidos criados por esta chave", the default, or "Todos os pedidos da loja") and
 * whether it may refund ("Permitir reembolsos"). Creating and revoking a key is written to the
 * activity log with its name, in the same transaction, and the key remembers who made it (so
 * "Remover acesso" can revoke it: lib/accounts/team.ts).
 */
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { API_KEY_ORDER_SCOPES, apiKeys, type ApiKeyOrderScope, type ApiKeyRow } from '@/db/schema';
import { env } from '@/lib/config/env';
import { activityStep, newId } from '@/lib/security';
import type { IntegrationActor } from '@/lib/outbound-events/webhook-endpoints';
import { API_KEY_NAME_MAX } from './key-limits';

export { API_KEY_NAME_MAX };

const nameField = z
  .string({ error: 'Dê um nome à chave, como "Site WordPress".' })
  .trim()
  .min(1, { error: 'Dê um nome à chave, como "Site WordPress".' })
  .max(API_KEY_NAME_MAX, { error: `Use até ${API_KEY_NAME_MAX} caracteres.` });

export const apiKeyNameSchema = z.object({ name: nameField });

/** "Criar chave de API": "Nome", the orders it covers ("own" unless asked) and "Permitir reembolsos" (a checkbox). */
export const apiKeyFormSchema = z.object({
  name: nameField,
  orderScope: z.enum(API_KEY_ORDER_SCOPES, { error: 'Escolha quais pedidos a chave pode ver.' }).default('own'),
  allowRefunds: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === '1' || v === 'true'),
});
export type ApiKeyForm = z.output<typeof apiKeyFormSchema>;

export const ORDER_SCOPE_LABELS: Record<ApiKeyOrderScope, string> = {
  own: 'Somente os pedidos criados por esta chave',
  all: 'Todos os pedidos da loja',
};

export type { IntegrationActor };
type ActorContext = { actor?: IntegrationActor; ip?: string | null };

/** How a key names itself in the activity log's "Quem" and on an order's timeline. */
export function apiActorName(name: string): string {
  return `API: chave “${name}”`;
}

const KEY_SHAPE = /^bk_(test|live)_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The prefix of new keys: the provider this installation charges through decides it. */
export function currentKeyMode(): 'test' | 'live' {
  return env().usingSandbox ? 'test' : 'live';
}

/** Creates a key and returns it whole, the only time it exists outside the caller's hands. */
export async function createApiKey(
  name: string,
  opts: { orderScope?: ApiKeyOrderScope; allowRefunds?: boolean } & ActorContext = {},
): Promise<{ id: string; key: string }> {
  const mode = currentKeyMode();
  const key = `bk_${mode}_${randomBytes(32).toString('base64url')}`;
  const id = newId();
  const orderScope = opts.orderScope ?? 'own';
  const allowRefunds = opts.allowRefunds ?? false;
  const actor = opts.actor ?? null;
  await database().transaction(function* (tx) {
    yield* run(
      tx.insert(apiKeys).values({ id, name, mode, keyHash: hashApiKey(key), hint: key.slice(-4), orderScope, allowRefunds, createdBy: actor?.id ?? null, createdByEmail: actor?.email ?? null }),
    );
    const scope = orderScope === 'all' ? 'todos os pedidos da loja' : 'somente os pedidos dela';
    yield* activityStep(tx, {
      actor,
      action: 'integrations',
      summary: `Criou a chave de API “${name}” (${scope}; ${allowRefunds ? 'pode reembolsar' : 'sem reembolsos'})`,
      target: id,
      ip: opts.ip ?? null,
    });
  });
  return { id, key };
}

/** Revokes a live key (false: unknown or already revoked). `why` ends the log line ("ao remover o acesso de …"). */
export async function revokeApiKey(id: string, opts: ActorContext & { why?: string } = {}): Promise<boolean> {
  return database().transaction(function* (tx) {
    const revoked = yield* get(
      tx
        .update(apiKeys)
        .set({ revokedAt: new Date().toISOString() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ name: apiKeys.name }),
    );
    if (!revoked) return false;
    yield* activityStep(tx, { actor: opts.actor ?? null, action: 'integrations', summary: `Revogou a chave de API “${revoked.name}”${opts.why ? ` ${opts.why}` : ''}`, target: id, ip: opts.ip ?? null });
    return true;
  });
}

export type ApiKeyView = Pick<
  ApiKeyRow,
  'id' | 'name' | 'mode' | 'hint' | 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'orderScope' | 'allowRefunds' | 'createdByEmail'
>;

export async function listApiKeys(): Promise<ApiKeyView[]> {
  const { db } = database();
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      mode: apiKeys.mode,
      hint: apiKeys.hint,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      orderScope: apiKeys.orderScope,
      allowRefunds: apiKeys.allowRefunds,
      createdByEmail: apiKeys.createdByEmail,
    })
    .from(apiKeys)
    .orderBy(desc(apiKeys.createdAt));
}

/** The authenticated key: its id, mode, name (for the activity log) and scopes. */
export type ApiCaller = { keyId: string; mode: 'test' | 'live'; name: string; orderScope: ApiKeyOrderScope; allowRefunds: boolean };

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
  return { keyId: row.id, mode: row.mode, name: row.name, orderScope: row.orderScope, allowRefunds: row.allowRefunds };
}
