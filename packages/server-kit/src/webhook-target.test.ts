import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, guardedFetch, isBlockedAddress } from './webhook-target';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1', 'fd00:ec2::254', 'fc00::1', 'ff02::1', '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  // The rest of IANA's special-purpose registries, and every way to write an IPv4 address inside IPv6.
  it.each([
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:a00:1::1', // 6to4 of 10.0.0.1
    '2002:808:808::1', // 6to4 of a public address: 6to4 is refused whole
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2001:2::1', // benchmarking
    '2001:20::1', // ORCHIDv2
    '64:ff9b::10.0.0.1', // NAT64, dotted
    '64:ff9b::7f00:1', // NAT64 of loopback
    '64:ff9b:1::1', // local-use NAT64
    '::ffff:7f00:1', // IPv4-mapped loopback in hextets
    '::ffff:0:a9fe:a9fe', // IPv4-translated metadata
    '0:0:0:0:0:ffff:192.168.0.1', // IPv4-mapped, written long
    '::127.0.0.1', // IPv4-compatible (deprecated)
    '100::1', // discard-only
    '2001:db8::1', // documentation
    '3fff::1', // documentation (2024)
    'fec0::1', // site-local (deprecated)
    '5f00::1', // SRv6
    '192.0.0.170', // NAT64 discovery
    '192.88.99.1', // 6to4 relay anycast
    '192.31.196.1', // AS112
    '198.18.0.1', // benchmarking
    'fe80::1%eth0', // a zone id
    'not-an-address',
  ])('refuses the special-purpose %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2001:4860:4860::8888'])('accepts the public %s', (ip) =>
    expect(isBlockedAddress(ip)).toBe(false),
  );
});

describe('checkWebhookTarget', () => {
  const lookupTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
  it('refuses loopback and private targets by literal or by name, unless the origin is allow-listed', async () => {
    expect(await checkWebhookTarget('http://127.0.0.1:6379/', [])).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('http://[::1]:8080/', [])).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://metadata.example/', [], lookupTo('169.254.169.254'))).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://shop.example/hook', [], lookupTo('93.184.216.34'))).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://localhost:3000/api/webhooks/payments/t', ['http://localhost:3000'])).toEqual({ ok: true });
    // Allow-listed means that exact origin: another port on the same host is not.
    expect(await checkWebhookTarget('http://localhost:6379/', ['http://localhost:3000'], lookupTo('127.0.0.1'))).toMatchObject({ ok: false });
  });
});

describe('a policy that allows loopback (development)', () => {
  const lookupTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
  it('reaches any loopback port, and still nothing private or metadata', async () => {
    const dev = { allowedOrigins: [], allowLoopback: true };
    expect(await checkWebhookTarget('http://127.0.0.1:4000/hook', dev)).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://[::1]:4000/hook', dev)).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://localhost:4000/hook', dev, lookupTo('127.0.0.1'))).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://10.0.0.5:8080/hook', dev)).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('http://169.254.169.254/', dev)).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('http://127.0.0.1:4000/hook', { allowedOrigins: [] })).toMatchObject({ ok: false });
  });
});

describe('guardedFetch', () => {
  it('refuses to connect to a name that resolves to loopback, and sends to an allow-listed origin', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const closed = guardedFetch(() => []);
      await expect(closed(`http://localhost:${port}/x`, { method: 'POST', body: '{}' })).rejects.toThrow(/refused/);
      expect(hits).toBe(0);
      const open = guardedFetch(() => [`http://localhost:${port}`]);
      expect((await open(`http://localhost:${port}/x`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect(hits).toBe(1);
      const dev = guardedFetch(() => ({ allowedOrigins: [], allowLoopback: true }));
      expect((await dev(`http://localhost:${port}/x`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect(hits).toBe(2);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
