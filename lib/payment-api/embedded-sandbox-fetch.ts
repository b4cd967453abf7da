/**
 * The transport to the embedded sandbox when it is this process's provider (PAYMENT_API_URL
 * unset): a `fetch` that hands the request to the sandbox's handler directly instead of
 * sending it over TCP back into the same server.
 *
 * Why: a server calling its own route handlers over HTTP pays a second request on the same
 * event loop (Next.js advises calling the shared function instead). The request still goes
 * through everything the HTTP route does — the same Request object (method, headers with the
 * key, JSON body, abort signal), the sandbox's authentication, validation, faults (latency,
 * 500s, 429 + Retry-After) and idempotency — and the answer is a real Response read by the
 * same client code, so the client cannot tell the two apart. Only the socket is skipped.
 * A PAYMENT_API_URL pointing at a sandbox (this app's or another's) is always reached over HTTP.
 */
import 'server-only';

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

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Rejects when `signal` aborts first, as fetch does on a timeout. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Loaded on first use (a server that talks to a real provider never loads the sandbox), then kept. */
let sandboxModule: Promise<typeof import('@/lib/sandbox')> | undefined;

/** A fetch for `baseUrl` (…/api/sandbox of this app) answered by this process's sandbox. */
export function embeddedSandboxFetch(baseUrl: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const segments = sandboxSegments(baseUrl, request.url);
    if (!segments) throw new TypeError(`embedded sandbox transport: ${request.method} ${request.url} is not under ${baseUrl}`);
    const { handleSandboxRequest } = await (sandboxModule ??= import('@/lib/sandbox'));
    return untilAborted(handleSandboxRequest(request, segments), request.signal);
  };
}
