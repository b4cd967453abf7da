/**
 * The payment client's exchange (lib/payment-provider/exchange.ts) answered by this process's
 * sandbox, for when it is the provider (PAYMENT_API_URL unset; lib/payments/provider.ts chooses
 * it): each call is handed to the sandbox's handler directly instead of being sent over TCP
 * back into the same server.
 *
 * Why: a server calling its own route handlers over HTTP pays a second request on the same
 * event loop (Next.js advises calling the shared function instead). The call still goes
 * through everything the HTTP route does — method, URL, the headers with the key, the JSON
 * body, the sandbox's authentication, header checks, validation, faults (latency, 500s,
 * 429 + Retry-After) and idempotency — and the answer is read by the same client code
 * (status, Retry-After, body text), so the client cannot tell the two apart. Only the socket
 * and fetch's objects (Request, Response, streams, AbortSignal) are skipped; the timeout is
 * a timer. A PAYMENT_API_URL pointing at a sandbox (this app's or another's) is always
 * reached over HTTP.
 */
import 'server-only';
import { ExchangeTimeout, type Exchange } from '@/lib/payment-provider/exchange';
import { handleSandboxCall } from './index';

/** The path segments after the sandbox's mount point, decoded as the catch-all route would give them. */
export function sandboxSegments(baseUrl: string, url: string): string[] | null {
  const base = new URL(baseUrl);
  const target = new URL(url);
  if (target.origin !== base.origin) return null;
  const mount = base.pathname.replace(/\/+$/, '');
  if (target.pathname !== mount && !target.pathname.startsWith(`${mount}/`)) return null;
  return target.pathname
    .slice(mount.length)
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
}

/** Rejects with ExchangeTimeout when `work` takes longer than `ms`, as the HTTP transport does. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ExchangeTimeout(ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Header lookup by case-insensitive name, as fetch's Headers does. */
function headerGetter(headers: Record<string, string>): (name: string) => string | null {
  const byName = new Map<string, string>();
  for (const name in headers) byName.set(name.toLowerCase(), headers[name]);
  return (name) => byName.get(name.toLowerCase()) ?? null;
}

/** An exchange for `baseUrl` (…/api/sandbox of this app) answered by this process's sandbox. */
export function inProcessExchange(baseUrl: string): Exchange {
  return async ({ url, method, headers, body, timeoutMs }) => {
    const segments = sandboxSegments(baseUrl, url);
    if (!segments) throw new TypeError(`embedded sandbox transport: ${method} ${url} is not under ${baseUrl}`);
    const bytes = body === undefined ? undefined : new TextEncoder().encode(body);
    const reply = await within(
      handleSandboxCall(
        {
          method,
          url,
          headers: { get: headerGetter(headers) },
          readBody: async (max) => (!bytes ? new Uint8Array() : bytes.byteLength > max ? 'too_large' : bytes),
        },
        segments,
      ),
      timeoutMs,
    );
    return { status: reply.status, header: headerGetter(reply.headers), text: reply.body ?? '' };
  };
}
