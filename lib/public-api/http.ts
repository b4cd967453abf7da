/**
 * The one pipeline of every /api/v1 request, so each route handler is one line: the Bearer key
 * (401), the key's rate limit (429 + Retry-After), the JSON body (400; 413 over 1 MB), the
 * Idempotency-Key of a POST (stored in the database: the same key and body replay the first
 * answer, the same key with another body is 409), then the use-case, whose answer is JSON.
 * Every error has one shape: {"error": {"type", "message", "field"?}}.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { readBodyCapped } from '@balcao/server-kit/read-body';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { apiIdempotency } from '@/db/schema';
import { hit } from '@/lib/security';
import { logger } from '@/lib/server/log';
import { authenticateApiKey, type ApiCaller } from './keys';
import type { ApiErrorType } from './schemas';
import { withAfterPass } from '@/lib/server/after-pass';

export type ApiResult = { status: number; body: unknown; headers?: Record<string, string> };

const STATUS_OF: Record<ApiErrorType, number> = { invalid_request: 400, unauthorized: 401, not_found: 404, conflict: 409, rate_limited: 429 };

export function apiError(type: ApiErrorType, message: string, field?: string, status = STATUS_OF[type]): ApiResult {
  return { status, body: { error: { type, message, ...(field ? { field } : {}) } } };
}

/** A zod failure as the API's one error: the first issue, its path as `field`. */
export function invalidRequest(error: z.ZodError): ApiResult {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  return apiError('invalid_request', issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'invalid request', field);
}

const MAX_BODY = 1024 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/** Stored answers older than this are forgotten (a key reused a day later is a new request) and swept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim (status 0) older than this belongs to a request that died mid-way (a crash, a killed
 * process): the next request with the key takes it over instead of being told for a day that it
 * is "still being processed". Well above the longest request (provider calls time out in 10 s);
 * a refund taken over is still made once (lib/payments' refund slot per payment).
 */
export const IDEMPOTENCY_CLAIM_LEASE_MS = 2 * 60 * 1000;

function json(result: ApiResult): Response {
  return Response.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store', ...result.headers } });
}

export type ApiContext = { caller: ApiCaller; body: unknown; url: URL };

/** Serves one /api/v1 request with `handler` (the use-case's adapter). */
export function serveApi(req: Request, handler: (ctx: ApiContext) => Promise<ApiResult>): Promise<Response> {
  // What the call wrote to the outbox (a refund's e-mail and webhook) is sent right after the response.
  return withAfterPass(() => serveApiNow(req, handler));
}

async function serveApiNow(req: Request, handler: (ctx: ApiContext) => Promise<ApiResult>): Promise<Response> {
  try {
    const caller = await authenticateApiKey(req.headers.get('authorization'));
    if (!caller) return json(apiError('unauthorized', 'Missing, unknown or revoked API key. Send Authorization: Bearer bk_…'));
    const limit = await hit('api', caller.keyId);
    if (!limit.ok) return json({ ...apiError('rate_limited', 'Too many requests for this API key.'), headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
    const url = new URL(req.url);
    if (req.method !== 'POST') return json(await handler({ caller, body: undefined, url }));

    const bytes = await readBodyCapped(req, MAX_BODY);
    if (bytes === 'too_large') return json(apiError('invalid_request', 'Body over 1 MB.', undefined, 413));
    const raw = Buffer.from(bytes).toString('utf8');
    let body: unknown;
    try {
      body = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      return json(apiError('invalid_request', 'The body is not valid JSON.'));
    }
    const key = req.headers.get('idempotency-key');
    if (key === null) return json(await handler({ caller, body, url }));
    if (!IDEMPOTENCY_KEY.test(key)) return json(apiError('invalid_request', 'Idempotency-Key: 1 to 255 visible ASCII characters.', 'Idempotency-Key'));
    return json(await idempotent(caller.keyId, key, `${req.method} ${url.pathname}\n${raw}`, () => handler({ caller, body, url })));
  } catch (error) {
    logger().error({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error), path: new URL(req.url).pathname }, 'api request failed');
    return Response.json({ error: { type: 'internal', message: 'Unexpected error; retry with the same Idempotency-Key.' } }, { status: 500 });
  }
}

/**
 * Runs `work` once per (API key, Idempotency-Key). The key is claimed first (a row with status 0)
 * in its own transaction, so a concurrent request with the same key is answered 409 instead of
 * running twice; the answer is stored when the work ends. A 5xx answer (or a thrown error)
 * releases the key, so the same request can be retried; so does a claim left past its lease by a
 * request that never ended. The claim's `created_at` identifies it: a request whose claim was
 * taken over neither stores nor releases the newer one.
 */
export async function idempotent(apiKeyId: string, key: string, request: string, work: () => Promise<ApiResult>, now = Date.now()): Promise<ApiResult> {
  const requestHash = createHash('sha256').update(request, 'utf8').digest('hex');
  const nowIso = new Date(now).toISOString();
  const staleBefore = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  const abandonedBefore = new Date(now - IDEMPOTENCY_CLAIM_LEASE_MS).toISOString();
  const keyWhere = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key));
  const claim = await database().transaction(function* (tx) {
    const row = yield* get(tx.select().from(apiIdempotency).where(keyWhere));
    const abandoned = row?.statusCode === 0 && row.createdAt < abandonedBefore;
    if (row && row.createdAt >= staleBefore && !abandoned) return { kind: 'existing' as const, row };
    if (row) yield* run(tx.delete(apiIdempotency).where(keyWhere));
    yield* run(tx.insert(apiIdempotency).values({ apiKeyId, key, requestHash, statusCode: 0, responseBody: '', createdAt: nowIso }));
    return { kind: 'claimed' as const };
  });
  if (claim.kind === 'existing') {
    const { row } = claim;
    if (row.requestHash !== requestHash) return apiError('conflict', 'This Idempotency-Key was used with another request.', 'Idempotency-Key');
    if (row.statusCode === 0) return apiError('conflict', 'A request with this Idempotency-Key is still being processed.', 'Idempotency-Key');
    return { status: row.statusCode, body: JSON.parse(row.responseBody), headers: { 'Idempotent-Replayed': 'true' } };
  }
  const mine = and(keyWhere, eq(apiIdempotency.createdAt, nowIso), eq(apiIdempotency.statusCode, 0));
  let result: ApiResult;
  try {
    result = await work();
  } catch (error) {
    await database().transaction(function* (tx) {
      yield* run(tx.delete(apiIdempotency).where(mine));
    });
    throw error;
  }
  await database().transaction(function* (tx) {
    if (result.status >= 500) yield* run(tx.delete(apiIdempotency).where(mine));
    else yield* run(tx.update(apiIdempotency).set({ statusCode: result.status, responseBody: JSON.stringify(result.body) }).where(mine));
  });
  return result;
}

/**
 * Deletes the stored answers (and claims) older than IDEMPOTENCY_TTL_MS: past it a key is a new
 * request anyway, and an answer holds a buyer's data (a refund's order). Returns how many.
 */
export async function sweepIdempotency(now = Date.now()): Promise<number> {
  const before = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  return database().transaction(function* (tx) {
    return yield* run(tx.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, before)));
  });
}
