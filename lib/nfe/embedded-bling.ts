/**
 * The app's one embedded Bling sandbox (@balcao/bling-sandbox), served at /api/sandbox/bling
 * and called in process by the client: its own SQLite file beside the payment sandbox's
 * database, its notes authorised on the shop's clock (the payment sandbox's while that is the
 * provider). Its OAuth client is well known in development; in a public demo its secret is
 * derived from AUTH_SECRET, never shown, and the well-known one is refused.
 */
import 'server-only';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { createBlingSandbox, handleBlingCall, type BlingClient, type BlingSandbox } from '@balcao/bling-sandbox';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { processSingleton } from '@/lib/process/context';

export const BLING_EMBEDDED_PATH = '/api/sandbox/bling';
export const SANDBOX_CLIENT_ID = 'balcao-sandbox';
const DEV_SANDBOX_SECRET = 'bling_sandbox_dev_secret';

/** The OAuth app the embedded sandbox knows (and the shop uses against it). */
export function sandboxClient(): BlingClient {
  const e = env();
  const secret = e.publicDemo ? createHmac('sha256', e.authSecret).update('bling-sandbox-client').digest('hex') : DEV_SANDBOX_SECRET;
  return { id: SANDBOX_CLIENT_ID, secret, redirectUri: `${e.appUrl}/api/dashboard/bling/callback` };
}

/** Beside the payment sandbox's database file; memory when that is in memory. */
export function blingStoreFile(sandboxDatabaseUrl: string): string {
  const p = sandboxDatabaseUrl.replace(/^file:(\/\/)?/, '');
  if (!p || p.startsWith(':memory:') || /^[a-z]+:\/\//i.test(sandboxDatabaseUrl)) return ':memory:';
  return path.join(path.dirname(path.resolve(p)), 'bling-sandbox.db');
}

export const blingSandbox = processSingleton<BlingSandbox>(
  'nfe.bling-sandbox',
  () => createBlingSandbox({ file: blingStoreFile(env().sandboxDatabaseUrl), now: shopNow, clients: [sandboxClient()] }),
  { close: (sb) => sb.db.close() },
);

/** A fetch answered by the embedded sandbox without a network hop (timeouts hold as over the network). */
export function embeddedBlingFetch(): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const rel = url.pathname.startsWith(BLING_EMBEDDED_PATH) ? url.pathname.slice(BLING_EMBEDDED_PATH.length) : url.pathname;
    const headers = new Headers(init?.headers);
    const answer = handleBlingCall(blingSandbox(), {
      method: init?.method ?? 'GET',
      path: rel.replace(/^\/+/, '').split('/'),
      query: url.searchParams,
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      body: typeof init?.body === 'string' ? init.body : '',
      baseUrl: `${env().appUrl}${BLING_EMBEDDED_PATH}`,
    });
    const signal = init?.signal;
    const reply = signal
      ? await Promise.race([
          answer,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        ])
      : await answer;
    if (reply.bytes) return new Response(Buffer.from(reply.bytes), { status: reply.status, headers: { 'Content-Type': reply.contentType ?? 'application/octet-stream' } });
    return new Response(JSON.stringify(reply.json ?? null), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}
