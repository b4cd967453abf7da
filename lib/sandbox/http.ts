/**
 * HTTP plumbing of the sandbox: JSON responses, errors as `{"error": "<message>"}`, bodies
 * read with a 1 MB cap (413 beyond), and validation messages that name the field path.
 */
import type { z } from 'zod';
import { readBodyCapped } from '@/lib/server/read-body';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown by handlers; the router turns it into a response. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function rawJson(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: message }, headers);
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

const tooLarge = () => new ApiError(413, 'body: must be at most 1 MB');

/** The raw body as text (empty string when there is none). 413 over 1 MB, 400 when not UTF-8. */
export async function readBodyText(req: Request): Promise<string> {
  const bytes = await readBodyCapped(req, MAX_BODY_BYTES);
  if (bytes === 'too_large') throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'body: is not valid UTF-8');
  }
}

/** The body as JSON; `undefined` when empty. 400 when malformed. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await readBodyText(req);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'body: malformed JSON');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Parses a JSON object body with a schema; the first problem becomes `400 "<path>: <message>"`. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (!isPlainObject(body)) throw new ApiError(400, 'body: expected a JSON object');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.map(String).join('.') || 'body';
  const missing = issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined;
  throw new ApiError(400, `${path}: ${missing ? 'is required' : issue.message}`);
}

/** JSON with keys sorted at every level: equal bodies give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
