/**
 * The request proxy and the ad pixels: the CSP opens a pixel's origins only on a shop page, only
 * for a shopper who accepted marketing cookies, and only while that pixel is on. Against a real
 * database (the proxy reads which pixels are on).
 */
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureMigrated } from '@/db';
import { forgetPixelsOn, saveGa4, saveMetaPixel } from '@/lib/pixels/settings';
import { buildSecurityHeaders } from '@/lib/security/headers';
import { proxy } from './proxy';

const req = (path: string, cookie?: string) => new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
const cspOf = async (path: string, cookie?: string) => (await proxy(req(path, cookie))).headers.get('content-security-policy')!;
/** The policy without pixels, with the response's own nonce. */
const plain = (csp: string, pathname = '/') =>
  buildSecurityHeaders({ kind: 'page', nonce: /'nonce-([^']+)'/.exec(csp)![1], isProduction: false, https: false, pathname })['Content-Security-Policy'];

beforeAll(ensureMigrated);

describe('proxy: the CSP and the ad pixels', () => {
  it('nothing on: every page keeps the policy without pixels, consent or not', async () => {
    await saveMetaPixel({ pixelId: '' });
    await saveGa4({ measurementId: '' });
    for (const cookie of [undefined, 'balcao_consent=marketing', 'balcao_consent=none']) {
      const csp = await cspOf('/', cookie);
      expect(csp).toBe(plain(csp));
    }
  });

  it('a pixel on: opened only for a shop page of a shopper who accepted', async () => {
    await saveMetaPixel({ pixelId: '123456789012345', token: 'EAAB'.padEnd(40, 'x') });
    const accepted = await cspOf('/products/cafe', 'balcao_consent=marketing');
    expect(accepted).toContain('https://connect.facebook.net');
    expect(accepted).not.toContain('google');
    for (const [path, cookie] of [
      ['/', undefined],
      ['/', 'balcao_consent=none'],
      ['/', 'balcao_consent=whatever'],
      ['/dashboard/orders', 'balcao_consent=marketing; next-auth.session-token=x'],
      ['/login', 'balcao_consent=marketing'],
    ] as const) {
      const csp = await cspOf(path, cookie);
      expect(csp, `${path} ${cookie}`).toBe(plain(csp, path));
    }
  });

  it('switched off again: closed at once in this process', async () => {
    await saveMetaPixel({ pixelId: '' });
    forgetPixelsOn();
    const csp = await cspOf('/', 'balcao_consent=marketing');
    expect(csp).toBe(plain(csp));
  });
});
