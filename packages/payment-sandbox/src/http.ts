/**
 * HTTP plumbing of the sandbox: JSON replies, errors as `{"error": "<message>"}`, bodies
 * read with a 1 MB cap (413 beyond), and validation messages that name the field path.
 *
 * Handlers take a SandboxRequest and give a SandboxReply: what an HTTP exchange carries, and
 * nothing that needs a socket. The route handler adapts a fetch Request to it and the reply to
 * a Response (`sandboxRequestOf`, `toResponse`); the app's in-process transport
 * (lib/embedded-provider/in-process-exchange.ts) builds them directly, so a call from this
 * process costs no Request, Response, stream or AbortSignal objects.
 */
import type { z } from 'zod';
import { readBodyCapped } from '@balcao/server-kit/read-body';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What the sandbox reads of a request. */
export type SandboxRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  /** The body's bytes (empty when there is none), or 'too_large' beyond `max` (the rest unread). */
  readBody(max: number): Promise<Uint8Array | 'too_large'>;
};

/** A reply before it becomes an HTTP response. */
export type SandboxReply = { status: number; headers: Record<string, string>; body: string | null };

/** A fetch Request as the sandbox reads it. */
export function sandboxRequestOf(req: Request): SandboxRequest {
  return { method: req.method, url: req.url, headers: req.headers, readBody: (max) => readBodyCapped(req, max) };
}

export function toResponse(reply: SandboxReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

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

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxReply {
  return rawJson(status, JSON.stringify(body), headers);
}

export function rawJson(status: number, body: string, headers: Record<string, string> = {}): SandboxReply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }, body };
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): SandboxReply {
  return json(status, { error: message }, headers);
}

export function noContent(): SandboxReply {
  return { status: 204, headers: { 'Cache-Control': 'no-store' }, body: null };
}

const tooLarge = () => new ApiError(413, 'body: must be at most 1 MB');

/** The raw body as text (empty string when there is none). 413 over 1 MB, 400 when not UTF-8. */
export async function readBodyText(req: SandboxRequest): Promise<string> {
  const bytes = await req.readBody(MAX_BODY_BYTES);
  if (bytes === 'too_large') throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'body: is not valid UTF-8');
  }
}

/** The body as JSON; `undefined` when empty. 400 when malformed. */
export async function readJsonBody(req: SandboxRequest): Promise<unknown> {
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
