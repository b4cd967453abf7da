/**
 * Structured JSON logs (pino). Secrets and personal data never reach a log line:
 * the API key, auth headers and cookies are redacted by path, and callers log masked
 * documents (lib/br/documents.maskDocument) and token hashes, never raw values.
 */
import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from '@/lib/config/env';

const key = Symbol.for('balcao.logger');
type Holder = { [key]?: Logger };
const holder = globalThis as unknown as Holder;

export function logger(): Logger {
  if (!holder[key]) {
    let level: string = process.env.LOG_LEVEL ?? 'info';
    try {
      level = env().logLevel;
    } catch {
      // configuration errors are reported by start-up; logging must still work
    }
    holder[key] = pino({
      level,
      base: { app: 'balcao' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['apiKey', 'headers["x-api-key"]', 'headers.authorization', 'headers.cookie', '*.apiKey', 'password', '*.password', 'document', '*.document'],
        censor: '[redacted]',
      },
    });
  }
  return holder[key]!;
}

/** Removes the configured API key from any text (error messages, URLs) before it is logged or shown. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of [process.env.PAYMENT_API_KEY, process.env.CRON_SECRET, process.env.AUTH_SECRET, process.env.NEXTAUTH_SECRET]) {
    if (secret && secret.length >= 8) out = out.split(secret).join('[redacted]');
  }
  return out;
}
