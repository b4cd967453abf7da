/**
 * Structured JSON logs (pino). Secrets and personal data never reach a log line:
 * - secrets (the provider API key, AUTH_SECRET, CRON_SECRET) are cut out of every string —
 *   messages, error messages and stacks, nested values — by `redactSecrets`;
 * - keys that hold secrets or personal data are censored by path (pino redact): API keys,
 *   passwords, auth headers and cookies → "[redacted]"; CPF/CNPJ → masked (123.***.***-09);
 *   buyer/payer names and e-mails → "[redacted]";
 * - callers log an order or webhook token as `tokenHash(token)` (lib/security/tokens.ts), never the token.

 */
import 'server-only';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { maskDocument } from '@balcao/br/documents';
import { env } from '@/lib/config/env';
import { processSlot } from '@/lib/process/context';

const processLogger = processSlot<Logger>('logger');

const CENSOR = '[redacted]';

/** Keys whose values are secrets, wherever they appear (top level or one level down). */
const SECRET_KEYS = ['apiKey', 'api_key', 'paymentApiKey', 'password', 'passwordHash', 'secret', 'authSecret', 'cronSecret', 'token', 'webhookToken', 'authorization', 'cookie'];
/** Keys that hold a person's document (CPF/CNPJ): masked, so support can still tell them apart. */
const DOCUMENT_KEYS = ['document', 'buyerDocument', 'payerDocument', 'cpf', 'cnpj'];
/** Keys that hold a person's name or e-mail. */
const PERSON_KEYS = ['buyerName', 'payerName', 'buyerEmail', 'email', 'fullName'];

const anywhere = (k: string) => [k, `*.${k}`];

export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap(anywhere),
  ...DOCUMENT_KEYS.flatMap(anywhere),
  ...PERSON_KEYS.flatMap(anywhere),
  // Header bags (ours and Node's) and payer/buyer objects as the API and the checkout shape them.
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
  'payer.name',
  '*.payer.name',
  'buyer.name',
  '*.buyer.name',
  '*.payer.document',
  '*.buyer.document',
  '*.buyer.email',
];

const DOCUMENT_KEY_SET = new Set(DOCUMENT_KEYS);

/** pino's censor: documents are masked, everything else replaced. */
export function censor(value: unknown, path: string[]): unknown {
  // Two paths may name one key (`*.document` and `buyer.document`): censor once.
  if (value === CENSOR || (typeof value === 'string' && value.includes('***'))) return value;
  const last = path[path.length - 1];
  if (DOCUMENT_KEY_SET.has(last) && (typeof value === 'string' || typeof value === 'number')) return maskDocument(String(value));
  return CENSOR;
}

/** The secrets of this process: never written anywhere. Short values are ignored (they would cut words). */
function secrets(): string[] {
  const out: string[] = [];
  for (const name of ['PAYMENT_API_KEY', 'CRON_SECRET', 'AUTH_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_AUTH_TOKEN']) {
    const v = process.env[name]?.trim();
    if (v && v.length >= 8) out.push(v);
  }
  // The SMTP URL carries the relay's password (and the URL as a whole is a secret too).
  const smtp = process.env.SMTP_URL?.trim();
  if (smtp && smtp.length >= 8) {
    out.push(smtp);
    const password = URL.canParse(smtp) ? decodeURIComponent(new URL(smtp).password) : '';
    if (password.length >= 8) out.push(password);
  }
  const extra = process.env.SANDBOX_API_KEYS?.split(',') ?? [];
  for (const k of extra) if (k.trim().length >= 8) out.push(k.trim());
  return out.sort((a, b) => b.length - a.length);
}

/** Removes every configured secret from a text (error messages, URLs) before it is logged or shown. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets()) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
  return out;
}

/** A copy of `value` with `redactSecrets` applied to every string inside (bounded depth, cycles cut). */
export function redactDeep(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6 || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1, seen));
  if (value instanceof Error) return serializeError(value);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, depth + 1, seen);
  return out;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** pino's error serializer (type, message, stack, cause, own fields), with secrets removed. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return redactDeep(err);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(pino.stdSerializers.err(err))) out[k] = typeof v === 'string' ? redactSecrets(v) : redactDeep(v, 1);
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { app: 'balcao' },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    serializers: { err: serializeError, error: serializeError },
    formatters: {
      level: (label) => ({ level: label }),
      // Every string of every log object loses the configured secrets.
      log: (object) => redactDeep(object) as Record<string, unknown>,
    },
    hooks: {
      // The message (and printf-style arguments) too.
      logMethod(args, method) {
        const cleaned: unknown[] = args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a));
        // log.error(err) takes its message from the error: give pino a clean one.
        if (cleaned.length === 1 && cleaned[0] instanceof Error) cleaned.push(redactSecrets(cleaned[0].message));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
    redact: { paths: REDACT_PATHS, censor },
  };
}

export function logger(): Logger {
  const existing = processLogger.get();
  if (existing) return existing;
  let level: string = process.env.LOG_LEVEL ?? 'info';
  try {
    level = env().logLevel;
  } catch {
    // configuration errors are reported by start-up; logging must still work
  }
  return processLogger.set(pino(loggerOptions(level)));
}
