/**
 * Where an outgoing webhook may go (SSRF guard), for the sandbox's deliveries and the shop's own
 * webhooks to merchants' endpoints alike. A target URL is chosen by whoever holds a key; without
 * a guard a worker would POST (again and again) to the host's loopback, the private network or a
 * cloud metadata endpoint. So every delivery resolves its host at delivery time and refuses
 * loopback, private, link-local, shared, multicast, reserved and metadata addresses — unless the
 * URL's origin is allow-listed (the app's own APP_URL origin, WEBHOOK_ALLOWED_ORIGINS), or the
 * policy allows loopback (development: a developer's receiver on 127.0.0.1:4000). The address
 * checked is the address connected to: the default transport re-checks inside the socket's DNS
 * lookup, so a name that resolves to a public address for the check and a private one for the
 * connection (DNS rebinding) is refused too.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export type TargetVerdict = { ok: true } | { ok: false; reason: string };

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return n >= start && n < start + size;
  });
}

/** The 8 hextets of an IPv6 address. */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4ToInt(v4[1]);
    text = text.slice(0, -v4[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const middle = tail !== undefined ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...middle, ...right].map((g) => parseInt(g || '0', 16));
}

/** Whether a webhook must never be sent to this address (not a public unicast one). */
export function isBlockedAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return v4Blocked(ip);
  if (kind !== 6) return true;
  const g = v6Groups(ip);
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form: judge the IPv4 address.
    return v4Blocked(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) return v4Blocked(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`); // NAT64
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((g[0] & 0xffc0) === 0xfe80) return true; // link-local
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether the address is the host's own (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return ip.startsWith('127.');
  if (kind !== 6) return false;
  const g = v6Groups(ip);
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  return g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && g[6] >> 8 === 127;
}

/**
 * What a sender may reach besides public addresses: exact origins (scheme, host and port), and
 * in development any loopback address (not the private network: only this machine).
 */
export type TargetPolicy = { allowedOrigins: readonly string[]; allowLoopback?: boolean };

/** Accepts the old form (a list of origins) as a policy with loopback refused. */
function policyOf(p: TargetPolicy | readonly string[]): TargetPolicy {
  return Array.isArray(p) ? { allowedOrigins: p as readonly string[] } : (p as TargetPolicy);
}

function refusedBy(policy: TargetPolicy, address: string): boolean {
  return isBlockedAddress(address) && !(policy.allowLoopback && isLoopbackAddress(address));
}

/** "http://localhost:3000" for a URL, or null. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isAllowListed(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.some((o) => originOf(o) === origin);
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Resolves the URL's host now and judges every address it resolves to. */
export async function checkWebhookTarget(url: string, targetPolicy: TargetPolicy | readonly string[], lookup: Lookup = systemLookup): Promise<TargetVerdict> {
  const policy = policyOf(targetPolicy);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid URL' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, reason: 'not an http(s) URL' };
  if (isAllowListed(url, policy.allowedOrigins)) return { ok: true };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host)).map((a) => a.address);
  } catch {
    return { ok: false, reason: 'host not found' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'host not found' };
  if (addresses.some((a) => refusedBy(policy, a))) return { ok: false, reason: 'private, loopback, link-local or reserved address refused' };
  return { ok: true };
}

/** A socket lookup that refuses blocked addresses (the connection's own resolution: no DNS rebinding). */
function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error | null, a: unknown, f?: number) => void)(err, options.all ? [] : '', undefined);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => refusedBy(policy, a.address));
      if (refused || list.length === 0) {
        const error = Object.assign(new Error('private, loopback, link-local or reserved address refused'), { code: 'EADDRREFUSED' });
        return (callback as (e: Error | null, a: unknown, f?: number) => void)(error, options.all ? [] : '', undefined);
      }
      if (options.all) return (callback as (e: Error | null, a: dns.LookupAddress[]) => void)(null, list);
      (callback as (e: Error | null, a: string, f: number) => void)(null, list[0].address, list[0].family);
    });
  };
}

/**
 * The sandbox's default webhook transport: one POST, no redirects followed, the answer's body
 * read and discarded, the address re-checked at connect time unless the origin is allow-listed.
 */
export function guardedFetch(targetPolicy: () => TargetPolicy | readonly string[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const body = typeof init?.body === 'string' ? init.body : '';
    const headers = { ...(init?.headers as Record<string, string>), 'Content-Length': String(Buffer.byteLength(body)) };
    const policy = policyOf(targetPolicy());
    const trusted = isAllowListed(url.href, policy.allowedOrigins);
    const transport = url.protocol === 'https:' ? https : http;
    const status = await new Promise<number>((resolve, reject) => {
      const req = transport.request(url, { method: init?.method ?? 'POST', headers, signal: init?.signal ?? undefined, ...(trusted ? {} : { lookup: guardedLookup(policy) }) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    return { status, ok: status >= 200 && status < 300, arrayBuffer: async () => new ArrayBuffer(0) } as Response;
  }) as typeof fetch;
}
