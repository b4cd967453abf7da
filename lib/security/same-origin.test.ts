import { describe, expect, it } from 'vitest';
import { isOwnUpload, isSameOrigin, ownHosts, type SameOriginPolicy } from './same-origin';

const headers = (h: Record<string, string>) => new Headers(h);
const byIp: SameOriginPolicy = { appUrl: 'http://203.0.113.7:3000', trustedProxyHops: 0, isProduction: true };
const local: SameOriginPolicy = { appUrl: 'http://127.0.0.1:3200', trustedProxyHops: 0, isProduction: true };

describe('the one same-origin rule', () => {
  it("accepts a shop opened at its APP_URL, an IP address or 127.0.0.1, whatever Next's req.url says", () => {
    expect(isSameOrigin(headers({ origin: 'http://203.0.113.7:3000', host: 'localhost:3000' }), byIp)).toBe(true);
    expect(isSameOrigin(headers({ origin: 'http://127.0.0.1:3200', host: '127.0.0.1:3200' }), local)).toBe(true);
  });

  it('refuses another site, a missing or "null" Origin, another port or scheme', () => {
    for (const origin of ['https://evil.example', 'null', 'http://203.0.113.7:3001', 'https://203.0.113.7:3000', 'not a url', 'file:///x']) {
      expect(isSameOrigin(headers({ origin, host: '203.0.113.7:3000' }), byIp)).toBe(false);
    }
    expect(isSameOrigin(headers({ host: '203.0.113.7:3000' }), byIp)).toBe(false);
  });

  it('trusts the Host only behind trusted proxies (a forged Host alone proves nothing)', () => {
    const h = headers({ origin: 'http://preview.loja.example', host: 'preview.loja.example' });
    const app = { appUrl: 'http://loja.example', isProduction: true };
    expect(isSameOrigin(h, { ...app, trustedProxyHops: 0 })).toBe(false);
    expect(isSameOrigin(h, { ...app, trustedProxyHops: 1 })).toBe(true);
    expect(isSameOrigin(headers({ origin: 'http://preview.loja.example', host: 'x', 'x-forwarded-host': 'preview.loja.example' }), { ...app, trustedProxyHops: 1 })).toBe(true);
  });

  it("outside production, APP_URL's loopback names are the same machine", () => {
    const dev = { appUrl: 'http://localhost:3000', trustedProxyHops: 0, isProduction: false };
    expect(isSameOrigin(headers({ origin: 'http://127.0.0.1:3000' }), dev)).toBe(true);
    expect(isSameOrigin(headers({ origin: 'http://127.0.0.1:3000' }), { ...dev, isProduction: true })).toBe(false);
    expect(ownHosts(headers({}), dev)).toEqual(expect.arrayContaining(['localhost:3000', '127.0.0.1:3000']));
  });

  it('takes an upload only from this shop and with a body type no form can send', () => {
    const own = { origin: 'http://203.0.113.7:3000' };
    expect(isOwnUpload(headers({ ...own, 'content-type': 'image/webp' }), byIp)).toBe(true);
    expect(isOwnUpload(headers({ ...own, 'content-type': 'application/octet-stream' }), byIp)).toBe(true);
    for (const type of ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'TEXT/PLAIN']) {
      expect(isOwnUpload(headers({ ...own, 'content-type': type }), byIp)).toBe(false);
    }
    expect(isOwnUpload(headers({ origin: 'https://evil.example', 'content-type': 'image/webp' }), byIp)).toBe(false);
  });
});
