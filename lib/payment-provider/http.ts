/**
 * One HTTP exchange with the payment API, and the retry loop for reads.
 * Headers on every request, a timeout on every attempt, errors typed by status,
 * secrets scrubbed from every message. No knowledge of the resources here.
 */
import 'server-only';
import { logger, redactSecrets } from '@/lib/server/log';
import { errorMessageOf } from '@balcao/payment-contract';
import { PaymentProviderError, type PaymentProviderErrorKind } from './errors';
import { ExchangeTimeout, type ExchangeAnswer } from './exchange';
import type { PaymentProviderOptions } from './types';

/** The client's options, resolved (nothing left to default), and the User-Agent it sends. */
export type Transport = PaymentProviderOptions & { userAgent: string };

export type Call = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path after the base URL, starting with /v1. */
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  /** Reads only: retry on 429, 5xx, network errors and timeouts. */
  retry: boolean;
};

export type Answer = { status: number; json: unknown };

/** Longest Retry-After we are willing to wait inside one call; beyond it we give up and report it. */
export const MAX_RETRY_AFTER_SECONDS = 10;
export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 4_000;
const MAX_MESSAGE_CHARS = 300;

/** Capped exponential back-off with jitter: retry n waits between half and all of min(cap, base·2ⁿ). */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Removes the key in use (and every configured secret) from text that may reach a log or a screen. */
export function scrub(text: string, apiKey: string): string {
  let out = redactSecrets(text);
  if (apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  return out.length > MAX_MESSAGE_CHARS ? `${out.slice(0, MAX_MESSAGE_CHARS)}…` : out;
}

/** Top-level request fields a validation message may start with ("payer.document: invalid CPF or CNPJ"). */
const FIELD_ROOTS = new Set([
  'due_date', 'grace_period', 'amount', 'description', 'metadata', 'payer', 'fine', 'interest', 'discount',
  'notification_url', 'customer_code', 'expiration', 'reason', 'id', 'chargeID', 'qrcodeID', 'body',
]);

/** The field path a provider message starts with, if any. */
export function fieldOf(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*:\s*\S/.exec(message);
  if (!m || !FIELD_ROOTS.has(m[1].split('.')[0])) return undefined;
  return m[1];
}

function kindOf(status: number, field: string | undefined): PaymentProviderErrorKind {
  if (status === 400 || status === 422) return field ? 'validation' : 'rejected';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408) return 'unavailable';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'rejected'; // 409, 413, …
  return 'bad_response'; // 1xx/3xx: we never follow a redirect with the key on it
}

function label(call: Call): string {
  return `${call.method} ${call.path}`;
}

function headersFor(t: Transport, call: Call): Record<string, string> {
  const headers: Record<string, string> = {
    'X-API-KEY': t.apiKey,
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'User-Agent': t.userAgent,
  };
  if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
  return headers;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** One attempt: resolves with a 2xx answer or throws a PaymentProviderError. */
async function once(t: Transport, call: Call): Promise<Answer> {
  let answer: ExchangeAnswer;
  try {
    answer = await t.exchange({
      url: `${t.baseUrl}${call.path}`,
      method: call.method,
      headers: headersFor(t, call),
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      timeoutMs: t.timeoutMs,
    });
  } catch (error) {
    if (error instanceof ExchangeTimeout) {
      throw new PaymentProviderError('unavailable', `Payment API ${label(call)} did not answer within ${t.timeoutMs} ms`, {
        cause: error,
      });
    }
    const err = error as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
    const detail = [err?.cause?.code, err?.cause?.message ?? err?.message].filter((x) => typeof x === 'string').join(' ');
    throw new PaymentProviderError('unavailable', scrub(`Payment API ${label(call)} could not be reached: ${detail || 'network error'}`, t.apiKey), {
      cause: error,
    });
  }
  const { status, text } = answer;

  const parsed = parseJson(text);
  if (status >= 200 && status < 300) {
    if (!parsed.ok) {
      throw new PaymentProviderError('bad_response', `Payment API ${label(call)} answered ${status} with a body that is not JSON`, { status });
    }
    return { status, json: parsed.value };
  }

  const raw = parsed.ok ? errorMessageOf(parsed.value) : undefined;
  const providerMessage = raw === undefined ? undefined : scrub(raw, t.apiKey);
  const field = fieldOf(providerMessage);
  const kind = kindOf(status, field);
  const retryAfterSeconds = parseRetryAfter(answer.header('retry-after'));
  throw new PaymentProviderError(
    kind,
    `Payment API ${label(call)} answered ${status}: ${providerMessage ?? (parsed.ok ? 'no error message' : 'body is not JSON')}`,
    {
      status,
      field: kind === 'validation' && field !== 'body' ? field : undefined,
      retryAfterSeconds,
      providerMessage,
    },
  );
}

/** How long to wait before retrying after `error`, or null to give up now. */
function retryDelay(error: unknown, retry: number): number | null {
  if (!(error instanceof PaymentProviderError)) return null;
  if (error.kind !== 'unavailable' && error.kind !== 'rate_limited') return null;
  const after = error.retryAfterSeconds;
  if (after !== undefined) {
    if (after > MAX_RETRY_AFTER_SECONDS) return null; // honour it: the caller reports it (e.g. 503 + Retry-After)
    if (after > 0) return after * 1000;
  }
  return backoffMs(retry);
}

/** Sends a call; reads are retried up to maxReadRetries times, writes never. */
export async function send(t: Transport, call: Call): Promise<Answer> {
  for (let retry = 0; ; retry++) {
    try {
      return await once(t, call);
    } catch (error) {
      if (!call.retry || retry >= t.maxReadRetries) throw error;
      const wait = retryDelay(error, retry);
      if (wait === null) throw error;
      const e = error as PaymentProviderError;
      logger().warn({ op: label(call), kind: e.kind, status: e.status, retry: retry + 1, waitMs: wait }, 'payment API read retried');
      await t.sleep(wait);
    }
  }
}
