// vitest: own process. It installs the peer-address stamp, a patch of Node's http.Server made once per process that no later file could undo.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, clientAddressFrom, clientRateKey, normalizeAddress, rateLimitSubject } from './client-address';
import { installPeerAddressStamp, PEER_ADDRESS_HEADER, RECEIVED_FORWARDED_FOR_HEADER } from './peer-address';
import { startProcessContext } from '@/lib/process/context';

describe('clientAddressFrom', () => {
  const from = (forwardedFor: string | null, peer: string | null, trustedHops: number) => clientAddressFrom({ forwardedFor, peer, trustedHops });

  it('0 trusted hops: the socket peer, whatever X-Forwarded-For says', () => {
    expect(from('6.6.6.6', '203.0.113.5', 0)).toBe('203.0.113.5');
    expect(from(null, '::ffff:203.0.113.5', 0)).toBe('203.0.113.5');
  });

  it('1 trusted hop (Nginx, Caddy): the address that proxy appended, not the client-written ones', () => {
    expect(from('6.6.6.6, 7.7.7.7, 198.51.100.4', '127.0.0.1', 1)).toBe('198.51.100.4');
    expect(from('198.51.100.4', '127.0.0.1', 1)).toBe('198.51.100.4');
  });

  it('2 trusted hops (a CDN, then Nginx)', () => {
    expect(from('6.6.6.6, 198.51.100.4, 172.16.0.9', '127.0.0.1', 2)).toBe('198.51.100.4');
  });

  it('fewer entries than trusted hops (reached around the proxy): the left-most, the real peer', () => {
    expect(from(null, '198.51.100.4', 1)).toBe('198.51.100.4');
  });

  it('no socket stamp (serverless, tests): the right-most entry is the first trusted hop’s view', () => {
    expect(from('6.6.6.6, 198.51.100.4', null, 1)).toBe('198.51.100.4');
    expect(from('6.6.6.6, 198.51.100.4', null, 0)).toBe('198.51.100.4');
    expect(from('6.6.6.6, 198.51.100.4, 10.0.0.2', null, 2)).toBe('198.51.100.4');
    expect(from(null, null, 0)).toBe('unknown');
  });

  it('anything that is not an IP address falls in one shared bucket', () => {
    expect(from('evil.example', null, 1)).toBe('unknown');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('1.2.3')).toBeNull();
  });

  it('IPv6 clients are limited per /64', () => {
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSubject('203.0.113.5')).toBe('203.0.113.5');
  });
});

describe('on a Node host: the socket stamp', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXY_HOPS;
    startProcessContext();
  });

  /** A real HTTP server in this process, answering with what the app would read of the request. */
  async function seenBy(headers: Record<string, string>): Promise<{ address: string; key: string; stamped: Record<string, unknown> }> {
    installPeerAddressStamp();
    const server = http.createServer((req, res) => {
      const h = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') h.set(k, v);
      res.end(
        JSON.stringify({
          address: clientAddress(h),
          key: clientRateKey(h),
          stamped: { peer: req.headers[PEER_ADDRESS_HEADER], received: req.headers[RECEIVED_FORWARDED_FOR_HEADER] },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
      return (await res.json()) as { address: string; key: string; stamped: Record<string, unknown> };
    } finally {
      await new Promise((r) => server.close(r));
    }
  }

  it('TRUSTED_PROXY_HOPS=0: a rotating X-Forwarded-For, and forged stamp headers, change nothing', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = await seenBy({ 'X-Forwarded-For': `198.18.0.${i}`, [PEER_ADDRESS_HEADER]: `192.0.2.${i}`, [RECEIVED_FORWARDED_FOR_HEADER]: '' });
      seen.add(r.address);
    }
    expect([...seen]).toEqual(['127.0.0.1']);
  });

  it('TRUSTED_PROXY_HOPS=1: the hop our proxy appended, whatever the client put before it', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    startProcessContext();
    const r = await seenBy({ 'X-Forwarded-For': '6.6.6.6, 198.51.100.4' });
    expect(r.address).toBe('198.51.100.4');
    expect(r.stamped).toEqual({ peer: '127.0.0.1', received: '6.6.6.6, 198.51.100.4' });
  });
});
