import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, guardedFetch, isBlockedAddress } from './webhook-target';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1', 'fd00:ec2::254', 'fc00::1', 'ff02::1', '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts the public %s', (ip) =>
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
