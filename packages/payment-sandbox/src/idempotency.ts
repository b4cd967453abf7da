/**
 * Idempotency-Key on POST (docs/payment-api-contract.md): kept 24 h of sandbox time per API key. The same key
 * with the same body answers the original 201 (same id, same bytes); the same key with a
 * different body is 400. Only successful creations are remembered.
 */
import { createHash } from 'node:crypto';
import type { SandboxContext } from './context';
import { ApiError, canonicalJson, type SandboxRequest } from './http';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

/** The header's value, or undefined; 400 when present but unusable. */
export function idempotencyKeyOf(req: SandboxRequest): string | undefined {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return undefined;
  const key = raw.trim();
  if (key.length < 1 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(400, 'Idempotency-Key: must be 1 to 255 visible ASCII characters');
  }
  return key;
}

export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(`${operation}\n${canonicalJson(body)}`).digest('hex');
}

/** The stored response for (owner, key) when it is still fresh; 400 when the key was used for another body. */
export function findIdempotent(ctx: SandboxContext, owner: string, key: string, hash: string, now: number): StoredResponse | undefined {
  const row = ctx.db
    .prepare('SELECT request_hash, status, headers_json, body, created_at FROM idempotency_keys WHERE owner = ? AND key = ?')
    .get(owner, key) as { request_hash: string; status: number; headers_json: string; body: string; created_at: number } | undefined;
  if (!row) return undefined;
  if (row.created_at <= now - IDEMPOTENCY_TTL_MS) {
    ctx.db.prepare('DELETE FROM idempotency_keys WHERE owner = ? AND key = ?').run(owner, key);
    return undefined;
  }
  if (row.request_hash !== hash) {
    throw new ApiError(400, 'Idempotency-Key: already used with a different request body');
  }
  return { status: row.status, headers: JSON.parse(row.headers_json) as Record<string, string>, body: row.body };
}

export function storeIdempotent(ctx: SandboxContext, owner: string, key: string, hash: string, response: StoredResponse, now: number): void {
  ctx.db
    .prepare(
      `INSERT INTO idempotency_keys (owner, key, request_hash, status, headers_json, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (owner, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
         headers_json = excluded.headers_json, body = excluded.body, created_at = excluded.created_at`,
    )
    .run(owner, key, hash, response.status, JSON.stringify(response.headers), response.body, now);
}

export function purgeIdempotency(ctx: SandboxContext, now: number): void {
  ctx.db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(now - IDEMPOTENCY_TTL_MS);
}
