/**
 * Where an outgoing webhook may go (SSRF guard), for the sandbox's deliveries and the shop's own
 * webhooks to merchants' endpoints alike. A target URL is chosen by whoever holds a key; without
 * a guard a worker would POST (again and again) to the host's loopback, the private network or a
 * cloud metadata endpoint. So every delivery resolves its host at delivery time and refuses every
 * special-purpose address of IANA's registries (loopback, private, link-local, shared, multicast,
 * reserved, metadata, 6to4, Teredo, a private address behind NAT64 or written IPv4-mapped) — unless the
 * URL's origin is allow-listed (the app's own APP_URL origin, WEBHOOK_ALLOWED_ORIGINS), or the
 * policy allows loopback (development: a developer's receiver on 127.0.0.1:4000). The address
 * checked is the address connected to: the default transport re-checks inside the socket's DNS
 * lookup, so a name that resolves to a public address for the check and a private one for the
 * connection (DNS rebinding) is refused too.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type TargetVerdict = { ok: true } | { ok: false; reason: string };

/**
 * What a delivery log shows for a target refused by this guard AND for one that refused the
 * connection (closed port, unreachable, unknown host): one answer, so whoever sets the URL cannot
 * tell a private address from a closed port, nor map a network through the log. The precise
 * reason goes to the server's own log.
 */
export const TARGET_REFUSED = 'destino recusado';

/**
 * The IANA special-purpose address registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry), plus multicast and the deprecated site-local range: nothing a
 * merchant's webhook endpoint has any business being. Matched by Node's own net.BlockList, which
 * also judges an IPv4-mapped IPv6 address (::ffff:a.b.c.d, written either way) by the IPv4 rules.
 */
const SPECIAL_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP, TURN anycast)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

const SPECIAL_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT, RFC 6145)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy IPv6 prefix
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHIDv2, DRIP
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address (any, private too) tunnelled inside
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

function blockListOf(v4: [string, number][], v6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, bits] of v4) list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of v6) list.addSubnet(net, bits, 'ipv6');
  return list;
}

const SPECIAL = blockListOf(SPECIAL_V4, SPECIAL_V6);
const LOOPBACK = blockListOf([['127.0.0.0', 8]], [['::1', 128]]);
const NAT64 = blockListOf([], [['64:ff9b::', 96]]);

function matches(list: BlockList, ip: string): boolean | null {
  const kind = isIP(ip);
  if (kind === 0) return null;
  try {
    return list.check(ip, kind === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return null; // a form BlockList cannot read (a zone id "fe80::1%eth0"): judged blocked by the caller
  }
}

/** The IPv4 address inside a NAT64 address (64:ff9b::a.b.c.d), from its last 32 bits. */
function nat64Embedded(ip: string): string | null {
  if (!matches(NAT64, ip)) return null;
  // The URL parser writes any IPv6 form (dotted tail, zeros) as canonical hextets.
  const groups = new URL(`http://[${ip}]/`).hostname.slice(1, -1).split(':');
  const [hi, lo] = groups.slice(-2).map((g) => parseInt(g || '0', 16));
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether a webhook must never be sent to this address (not a public unicast one). */
export function isBlockedAddress(ip: string): boolean {
  const special = matches(SPECIAL, ip);
  if (special !== false) return true;
  // Well-known NAT64 (what DNS64 answers on an IPv6-only host): judge the IPv4 address inside.
  const embedded = isIP(ip) === 6 ? nat64Embedded(ip) : null;
  return embedded !== null && matches(SPECIAL, embedded) !== false;
}

/** Whether the address is the host's own (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(ip: string): boolean {
  return matches(LOOPBACK, ip) === true;
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
    // A string (a webhook's JSON) or bytes (an encrypted Web Push body).
    const body = typeof init?.body === 'string' ? init.body : init?.body instanceof Uint8Array ? Buffer.from(init.body) : '';
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

export type GuardedGetResult = { status: number; location: string | null; bytes: Uint8Array | null };

/**
 * One GET under the same guard (a product photo named by URL in an import): the address
 * re-checked at connect time unless the origin is allow-listed, no redirect followed (the caller
 * checks a `location` like any other URL), the body read up to `maxBytes` (beyond, it fails).
 */
export async function guardedGet(url: string, targetPolicy: TargetPolicy | readonly string[], opts: { maxBytes: number; signal?: AbortSignal; userAgent?: string }): Promise<GuardedGetResult> {
  const u = new URL(url);
  const policy = policyOf(targetPolicy);
  const trusted = isAllowListed(u.href, policy.allowedOrigins);
  const transport = u.protocol === 'https:' ? https : http;
  return new Promise<GuardedGetResult>((resolve, reject) => {
    const req = transport.request(
      u,
      { method: 'GET', headers: { 'User-Agent': opts.userAgent ?? 'Balcao/1.0', Accept: 'image/*' }, signal: opts.signal, ...(trusted ? {} : { lookup: guardedLookup(policy) }) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          const location = typeof res.headers.location === 'string' ? new URL(res.headers.location, u).href : null;
          res.on('end', () => resolve({ status, location, bytes: null }));
          res.on('error', reject);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy(Object.assign(new Error('answer too large'), { code: 'ETOOLARGE' }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, bytes: new Uint8Array(Buffer.concat(chunks)) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
