/**
 * The one same-origin rule for requests a page of this shop sends with fetch (the checkout's
 * draft autosave, the product photo and digital file uploads): the browser's `Origin` must be
 * this shop. "This shop" is APP_URL's origin; behind trusted proxies (TRUSTED_PROXY_HOPS > 0)
 * also the host the proxy says the visitor used (X-Forwarded-Host, else Host), because there
 * the public name may differ from APP_URL (a preview deployment). Never `req.url`: under
 * `next start` it names the address Next.js listens on (localhost), not the one the visitor typed.
 * Outside production, the loopback names of APP_URL's port (localhost, 127.0.0.1, [::1]) are the
 * same machine, so a shop opened at 127.0.0.1 works in development as at its APP_URL.
 *
 * The same hosts are "this shop" for attribution: a visit referred by the shop's own pages is
 * no origin (ownHosts).
 */
import 'server-only';
import { env } from '@/lib/config/env';

type HeaderReader = { get(name: string): string | null };

export type SameOriginPolicy = { appUrl: string; trustedProxyHops: number; isProduction: boolean };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function firstForwarded(value: string | null): string | null {
  const first = value?.split(',')[0]?.trim();
  return first ? first.toLowerCase() : null;
}

/** The hosts (host[:port], lower case) that are this shop for this request. */
export function ownHosts(h: HeaderReader, policy: SameOriginPolicy = policyOfEnv()): string[] {
  const app = new URL(policy.appUrl);
  const hosts = [app.host.toLowerCase()];
  if (policy.trustedProxyHops > 0) {
    const told = firstForwarded(h.get('x-forwarded-host')) ?? firstForwarded(h.get('host'));
    if (told) hosts.push(told);
  }
  if (!policy.isProduction && LOOPBACK.has(app.hostname.toLowerCase())) {
    for (const name of LOOPBACK) hosts.push(app.port ? `${name}:${app.port}` : name);
  }
  return [...new Set(hosts)];
}

/** Whether the request's `Origin` is this shop. No Origin, "null" or a malformed one is not. */
export function isSameOrigin(h: HeaderReader, policy: SameOriginPolicy = policyOfEnv()): boolean {
  const origin = h.get('origin');
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const app = new URL(policy.appUrl);
  if (url.origin === app.origin) return true;
  // A proxy's host or a loopback alias: the scheme must still be the one the shop is served with.
  return url.protocol === app.protocol && ownHosts(h, policy).includes(url.host.toLowerCase());
}

/** Body types an HTML form can send cross-site without a CORS preflight. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * A raw-bytes upload from this shop's own pages (the product photos, a digital product's file):
 * the Origin is this shop and the body's type is not one a form can send, so a cross-site page
 * cannot post one.
 */
export function isOwnUpload(h: HeaderReader, policy: SameOriginPolicy = policyOfEnv()): boolean {
  return isSameOrigin(h, policy) && !FORM_TYPES.test(h.get('content-type') ?? '');
}

export function policyOfEnv(): SameOriginPolicy {
  const e = env();
  return { appUrl: e.appUrl, trustedProxyHops: e.trustedProxyHops, isProduction: e.isProduction };
}
