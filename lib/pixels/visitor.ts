/**
 * What the current request says for the pixels: the shopper's consent, which pixels are on,
 * and — only with consent — what their browser brought (the Meta cookies, the GA client id, the
 * client's address from the trusted proxy hops only, the user agent). Without consent nothing
 * of the visitor is read.
 */
import 'server-only';
import { cookies, headers } from 'next/headers';
import { ATTRIBUTION_COOKIE, parseAttributionCookie } from '@/lib/attribution/attribution';
import { env } from '@/lib/config/env';
import { clientAddress, UNKNOWN_ADDRESS } from '@/lib/security';
import { CONSENT_COOKIE, consentOf, type Consent } from './consent';
import type { PixelsOn } from './csp';
import { isBearerPage, pixelPageUrl } from './page-url';
import { fbcFromClickId, gaClientIdOf, metaCookieOf, type Visitor } from './payloads';
import { cachedPixelSettings, pixelsOnOf, type PixelSettings } from './settings';

export type PixelRequest = {
  consent: Consent;
  on: PixelsOn;
  /** The ids of the pixels on (for the browser scripts). */
  ids: { meta: string | null; ga4: string | null };
  /** The shopper's browser, only when they accepted (else null). */
  visitor: Visitor | null;
  /** This page's address as a platform may read it (page-url.ts), for event_source_url / page_location. */
  url: string;
  /** A bearer link's page (the order's): its events go from the server only, no browser script. */
  bearerPage: boolean;
  /** The path and query, for the banner's way back. */
  path: string;
  nonce: string | undefined;
};

const NONE: PixelsOn = { meta: false, ga4: false };

export async function pixelRequest(): Promise<PixelRequest> {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const consent = consentOf(jar.get(CONSENT_COOKIE)?.value);
  const path = h.get('x-request-path') ?? '/';
  const base = { consent, url: pixelPageUrl(env().appUrl, path), bearerPage: isBearerPage(path), path, nonce: h.get('x-nonce') ?? undefined };
  // No consent answer yet: the banner is shown only when a pixel is on, so that is read too.
  if (consent === 'refused') return { ...base, on: NONE, ids: { meta: null, ga4: null }, visitor: null };
  const settings = await cachedPixelSettings();
  const on = pixelsOnOf(settings);
  const ids = idsOf(settings, on);
  if (consent !== 'accepted' || (!on.meta && !on.ga4)) return { ...base, on, ids, visitor: null };
  const ip = clientAddress(h);
  const clickId = parseAttributionCookie(jar.get(ATTRIBUTION_COOKIE)?.value)?.fbclid;
  return {
    ...base,
    on,
    ids,
    visitor: {
      fbp: metaCookieOf(jar.get('_fbp')?.value),
      fbc: metaCookieOf(jar.get('_fbc')?.value) ?? fbcFromClickId(clickId, new Date()),
      gaClientId: gaClientIdOf(jar.get('_ga')?.value),
      ip: ip === UNKNOWN_ADDRESS ? null : ip,
      userAgent: h.get('user-agent')?.slice(0, 500) ?? null,
    },
  };
}

/** Whether this request may send pixel events: consent given and a pixel on. */
export function sends(r: PixelRequest): r is PixelRequest & { visitor: Visitor } {
  return r.consent === 'accepted' && r.visitor !== null && (r.on.meta || r.on.ga4);
}

function idsOf(s: PixelSettings, on: PixelsOn): PixelRequest['ids'] {
  return { meta: on.meta ? s.metaPixelId : null, ga4: on.ga4 ? s.ga4MeasurementId : null };
}
