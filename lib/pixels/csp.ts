/**
 * The origins a configured pixel's browser script needs, added to a shop page's CSP only when
 * that pixel is configured and the shopper accepted marketing cookies (proxy.ts). Nothing
 * configured or no consent: no additions, and the policy is byte for byte the one without
 * pixels (lib/security/headers.ts, tested).
 *
 * - Meta Pixel: fbevents.js from connect.facebook.net; its hits go to www.facebook.com (an image
 *   or a beacon).
 * - Google Analytics 4 (gtag.js): the origins Google's CSP guide lists for GA4.
 *
 * With 'strict-dynamic' a modern browser trusts the script our nonce'd snippet inserts whatever
 * its host; the script-src hosts are for browsers without 'strict-dynamic'.
 *
 * Pure (no imports).
 */

export type PixelsOn = { meta: boolean; ga4: boolean };
export type CspAdditions = { script: string[]; img: string[]; connect: string[] };

const META: CspAdditions = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
};

const GA4: CspAdditions = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** The additions for the pixels on; null when none is (the policy stays as without pixels). */
export function pixelCspAdditions(on: PixelsOn | null | undefined): CspAdditions | null {
  if (!on || (!on.meta && !on.ga4)) return null;
  const parts = [on.meta ? META : null, on.ga4 ? GA4 : null].filter((p): p is CspAdditions => p !== null);
  return {
    script: parts.flatMap((p) => p.script),
    img: parts.flatMap((p) => p.img),
    connect: parts.flatMap((p) => p.connect),
  };
}
