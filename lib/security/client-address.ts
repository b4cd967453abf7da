/**
 * The client's address, for rate limits and logs: never simply the first X-Forwarded-For hop,
 * which the client writes itself.
 *
 * The chain is every address the request passed through: the X-Forwarded-For entries as they
 * reached this server, then the socket's peer (stamped by lib/security/peer-address.ts on a
 * Node host). Each proxy appends the address that connected to it, so only the right-most
 * entries were written by proxies we run; TRUSTED_PROXY_HOPS says how many of them there are,
 * and the client is the entry just before them:
 *
 *   0 (a Node host facing the Internet)        → the socket's peer; X-Forwarded-For is ignored
 *   1 (Nginx, Caddy or Vercel's edge in front) → the address that proxy saw
 *   2 (a CDN, then Nginx)                      → the address the CDN saw
 *
 * A request with fewer entries than trusted hops (it reached us around the proxy) gets the
 * left-most one. Where no peer was stamped (serverless hosts, tests), the chain is the
 * X-Forwarded-For entries alone and the right-most counts as the first trusted hop's view.
 */
import { isIP } from 'node:net';
import { env } from '@/lib/config/env';
import { PEER_ADDRESS_HEADER, peerStampInstalled, RECEIVED_FORWARDED_FOR_HEADER } from './peer-address';

export type HeadersLike = Headers | Record<string, string | string[] | undefined> | undefined;

/** Any address we cannot read (a proxy that writes names, garbage): all of them share one bucket. */
export const UNKNOWN_ADDRESS = 'unknown';

function header(headers: HeadersLike, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const v = headers[name] ?? headers[name.toLowerCase()];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : null;
}

/** "::ffff:1.2.3.4" → "1.2.3.4", "[2001:db8::1]:443" → "2001:db8::1", "1.2.3.4:5678" → "1.2.3.4"; null when not an IP. */
export function normalizeAddress(raw: string): string | null {
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%.*$/, ''); // IPv6 zone id
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(a)) a = a.slice(7);
  if (!isIP(a)) return null;
  return a.toLowerCase();
}

/** The client's address from what reached this server (pure; see the module comment). */
export function clientAddressFrom(input: { forwardedFor: string | null; peer: string | null; trustedHops: number }): string {
  const chain = (input.forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let hops = input.trustedHops;
  if (input.peer) chain.push(input.peer);
  else hops = Math.max(0, hops - 1); // the right-most entry is what the first trusted proxy saw
  if (chain.length === 0) return UNKNOWN_ADDRESS;
  const picked = chain[Math.max(0, chain.length - 1 - hops)];
  return normalizeAddress(picked) ?? UNKNOWN_ADDRESS;
}

/** The client's address of a request (route handler, server action, next-auth's authorize). */
export function clientAddress(headers: HeadersLike): string {
  const stamped = peerStampInstalled();
  return clientAddressFrom({
    // With the stamp, X-Forwarded-For as it arrived: Next.js fills a missing one with the peer itself.
    forwardedFor: stamped ? header(headers, RECEIVED_FORWARDED_FOR_HEADER) : header(headers, 'x-forwarded-for'),
    peer: stamped ? header(headers, PEER_ADDRESS_HEADER) : null,
    trustedHops: env().trustedProxyHops,
  });
}

/**
 * The rate-limit key of an address: an IPv6 client usually holds a whole /64 and can rotate
 * inside it for free, so IPv6 addresses count per /64.
 */
export function rateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key of every per-client rate limit: the client's address (its /64 for IPv6). */
export function clientRateKey(headers: HeadersLike): string {
  return rateLimitSubject(clientAddress(headers));
}
