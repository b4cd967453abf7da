/**
 * The Payment Service API under /api/sandbox/v1/… (docs/payment-api-contract.md).
 * Check order: 401 key → 400 headers → (faults) → 400 malformed id → 400 body → 404 → 400 state.
 */
import { reaisToCents } from '@balcao/br/money';
import { refundRequestSchema } from '@balcao/payment-contract';
import type { SandboxContext } from './context';
import { createBoleto, createPix } from './create';
import { drawRequestFault, readFaults } from './faults';
import { ApiError, errorResponse, json, noContent, rawJson, readJsonBody, validateBody, type SandboxReply, type SandboxRequest } from './http';
import { idempotencyKeyOf } from './idempotency';
import { authenticate, customerIdOf } from './keys';
import { boletoReadBody, findOwnPayment, pixReadBody } from './payments';
import { balanceOf, cancelByRequest, refundPixByRequest, type OpResult } from './transitions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkId(id: string, name = 'id'): string {
  if (!UUID.test(id)) throw new ApiError(400, `${name}: must be a UUID`);
  return id.toLowerCase();
}

/** 401 for a missing or unknown X-API-KEY; returns the key's owner fingerprint. */
export function requireKey(ctx: SandboxContext, req: SandboxRequest): string {
  const owner = authenticate(ctx, req.headers.get('x-api-key'));
  if (!owner) throw new ApiError(401, 'X-API-KEY: missing or invalid API key');
  return owner;
}

/** 400 unless Content-Type is application/json (parameters allowed) and User-Agent is present. */
export function requireHeaders(req: SandboxRequest): void {
  const contentType = req.headers.get('content-type');
  const media = contentType?.split(';')[0].trim().toLowerCase();
  if (media !== 'application/json') throw new ApiError(400, 'Content-Type: must be application/json');
  if (!req.headers.get('user-agent')?.trim()) throw new ApiError(400, 'User-Agent: is required');
}

async function applyFaults(ctx: SandboxContext): Promise<void> {
  const faults = readFaults(ctx);
  if (faults.latency_ms > 0) await new Promise((r) => setTimeout(r, faults.latency_ms));
  const decision = drawRequestFault(ctx, faults);
  if (decision.kind === 'error') throw new ApiError(500, 'internal error (simulated by the sandbox error_rate fault)');
  if (decision.kind === 'rate_limit') {
    throw new ApiError(429, 'too many requests (simulated by the sandbox rate_limit_rate fault)', {
      'Retry-After': String(decision.retryAfterSeconds),
    });
  }
}

function opResponse(result: OpResult): SandboxReply {
  if (result.ok) return noContent();
  return errorResponse(result.code === 'not_found' ? 404 : 400, result.message);
}

type Route = { method: string; pattern: string[]; run: (ctx: SandboxContext, req: SandboxRequest, owner: string, params: string[]) => Promise<SandboxReply> };

const ROUTES: Route[] = [
  {
    method: 'POST',
    pattern: ['charges'],
    run: async (ctx, req, owner) => {
      const idempotencyKey = idempotencyKeyOf(req);
      const body = await readJsonBody(req);
      const r = createBoleto(ctx, { owner, body, idempotencyKey });
      return rawJson(r.status, r.body, r.headers);
    },
  },
  {
    method: 'GET',
    pattern: ['charges', ':id'],
    run: async (ctx, _req, owner, [rawId]) => {
      const id = checkId(rawId, 'chargeID');
      const row = findOwnPayment(ctx, owner, 'boleto', id);
      if (!row) return errorResponse(404, 'boleto not found');
      return json(200, boletoReadBody(ctx, row));
    },
  },
  {
    method: 'DELETE',
    pattern: ['charges', ':id'],
    run: async (ctx, _req, owner, [rawId]) => opResponse(cancelByRequest(ctx, checkId(rawId, 'chargeID'), { owner, kind: 'boleto' })),
  },
  {
    method: 'POST',
    pattern: ['pix', 'due'],
    run: async (ctx, req, owner) => {
      const idempotencyKey = idempotencyKeyOf(req);
      const body = await readJsonBody(req);
      const r = await createPix(ctx, { owner, body, idempotencyKey });
      return rawJson(r.status, r.body, r.headers);
    },
  },
  {
    method: 'GET',
    pattern: ['pix', ':id'],
    run: async (ctx, _req, owner, [rawId]) => {
      const row = findOwnPayment(ctx, owner, 'pix', checkId(rawId));
      if (!row) return errorResponse(404, 'QR code not found');
      return json(200, pixReadBody(row));
    },
  },
  {
    method: 'DELETE',
    pattern: ['pix', ':id'],
    run: async (ctx, _req, owner, [rawId]) => opResponse(cancelByRequest(ctx, checkId(rawId), { owner, kind: 'pix' })),
  },
  {
    method: 'DELETE',
    pattern: ['pix', ':id', 'refund'],
    run: async (ctx, req, owner, [rawId]) => {
      const id = checkId(rawId);
      const refund = validateBody(refundRequestSchema, await readJsonBody(req));
      return opResponse(refundPixByRequest(ctx, id, { owner }, refund, reaisToCents(refund.amount)));
    },
  },
  {
    method: 'GET',
    pattern: ['customers', 'balance'],
    run: async (ctx, _req, owner) => json(200, { customer_id: customerIdOf(owner), balance: balanceOf(ctx, owner) / 100 }),
  },
];

function match(pattern: string[], segments: string[]): string[] | null {
  if (pattern.length !== segments.length) return null;
  const params: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) params.push(segments[i]);
    else if (pattern[i] !== segments[i]) return null;
  }
  return params;
}

/** Routes /v1/<segments>. Literal segments win over parameters (POST /v1/pix/due is not "pix/{id}"). */
function resolve(method: string, segments: string[]): { route: Route; params: string[] } | { allowed: string[] } | null {
  const candidates = ROUTES.map((route) => ({ route, params: match(route.pattern, segments) })).filter(
    (c): c is { route: Route; params: string[] } => c.params !== null,
  );
  if (candidates.length === 0) return null;
  const literalFirst = (c: { route: Route }) => c.route.pattern.filter((p) => p.startsWith(':')).length;
  const forMethod = candidates.filter((c) => c.route.method === method).sort((a, b) => literalFirst(a) - literalFirst(b));
  if (forMethod.length > 0) return forMethod[0];
  return { allowed: [...new Set(candidates.map((c) => c.route.method))] };
}

export async function handleV1(ctx: SandboxContext, req: SandboxRequest, segments: string[]): Promise<SandboxReply> {
  const owner = requireKey(ctx, req);
  requireHeaders(req);
  const found = resolve(req.method, segments);
  if (!found) return errorResponse(404, `not found: ${req.method} /v1/${segments.join('/')}`);
  if ('allowed' in found) return errorResponse(405, `method ${req.method} not allowed here`, { Allow: found.allowed.join(', ') });
  await applyFaults(ctx);
  return found.route.run(ctx, req, owner, found.params);
}
