import { describe, expect, it } from 'vitest';
import { buildSecurityHeaders } from '@/lib/security/headers';
import { pixelCspAdditions } from './csp';

const NONCE = 'bm9uY2U=';
const page = (extraSources?: ReturnType<typeof pixelCspAdditions>) => buildSecurityHeaders({ kind: 'page', nonce: NONCE, isProduction: true, https: true, pathname: '/', extraSources });

/** The headers of a shop page before the pixels existed, byte for byte (printed from the commit before them). */
const BEFORE_PIXELS =
  '{"X-Content-Type-Options":"nosniff","Referrer-Policy":"strict-origin-when-cross-origin","X-Frame-Options":"DENY","Permissions-Policy":"accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), clipboard-read=(), clipboard-write=(self)","Cross-Origin-Opener-Policy":"same-origin","X-DNS-Prefetch-Control":"off","Strict-Transport-Security":"max-age=63072000; includeSubDomains","Content-Security-Policy":"default-src \'self\'; script-src \'self\' \'nonce-bm9uY2U=\' \'strict-dynamic\'; style-src \'self\' \'unsafe-inline\'; img-src \'self\' data: blob:; font-src \'self\'; connect-src \'self\'; frame-src \'self\'; worker-src \'self\' blob:; manifest-src \'self\'; media-src \'self\'; object-src \'none\'; base-uri \'self\'; form-action \'self\'; frame-ancestors \'none\'; upgrade-insecure-requests"}';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('the CSP with and without pixels', () => {
  it('with no pixel on, the headers are byte for byte those from before the pixels', () => {
    expect(JSON.stringify(page())).toBe(BEFORE_PIXELS);
    expect(JSON.stringify(page(null))).toBe(BEFORE_PIXELS);
    expect(JSON.stringify(page(pixelCspAdditions(null)))).toBe(BEFORE_PIXELS);
    expect(JSON.stringify(page(pixelCspAdditions({ meta: false, ga4: false })))).toBe(BEFORE_PIXELS);
  });

  it('the Meta Pixel opens exactly its script, image and connection origins, and nothing else changes', () => {
    const csp = page(pixelCspAdditions({ meta: true, ga4: false }))['Content-Security-Policy'];
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic' https://connect.facebook.net");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://www.facebook.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://www.facebook.com https://connect.facebook.net");
    expect(csp).not.toMatch(/google/);
    const others = (s: string) => s.split('; ').filter((d) => !/^(script|img|connect)-src /.test(d));
    expect(others(csp)).toEqual(others(JSON.parse(BEFORE_PIXELS)['Content-Security-Policy']));
  });

  it('GA4 opens the origins of Google\'s CSP guide; both together open both', () => {
    const ga4 = page(pixelCspAdditions({ meta: false, ga4: true }))['Content-Security-Policy'];
    expect(directive(ga4, 'script-src')).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic' https://*.googletagmanager.com");
    expect(directive(ga4, 'connect-src')).toBe("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com");
    expect(ga4).not.toMatch(/facebook/);
    const both = page(pixelCspAdditions({ meta: true, ga4: true }))['Content-Security-Policy'];
    expect(directive(both, 'img-src')).toBe("img-src 'self' data: blob: https://www.facebook.com https://*.google-analytics.com https://*.googletagmanager.com");
  });
});
