/**
 * The shopper's answer to the consent banner ("Aceitar cookies de marketing" / "Recusar"), kept
 * in the first-party cookie `balcao_consent`. That cookie is strictly necessary (it only remembers
 * the answer, so the banner is not asked again) and is the only one this feature sets: the
 * marketing cookies (`_fbp`, `_fbc`, `_ga`) are written by the platforms' own scripts, which
 * load only after "Aceitar" (docs/reference.md, "Pixels e consentimento").
 *
 * Pure (no imports): the request proxy, the shop's pages and the banner's action all read it.
 */

export const CONSENT_COOKIE = 'balcao_consent';
/** About six months: the answer is asked again after that. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export type Consent = 'accepted' | 'refused' | 'unknown';

const VALUE_OF: Record<Exclude<Consent, 'unknown'>, string> = { accepted: 'marketing', refused: 'none' };

/** The cookie's value for an answer. */
export function consentCookieValue(answer: Exclude<Consent, 'unknown'>): string {
  return VALUE_OF[answer];
}

/** What the cookie says; anything but the two known values is no answer yet. */
export function consentOf(cookie: string | undefined | null): Consent {
  if (cookie === VALUE_OF.accepted) return 'accepted';
  if (cookie === VALUE_OF.refused) return 'refused';
  return 'unknown';
}

/** The banner's form field: "aceitar" or "recusar"; anything else is no answer. */
export function answerOf(field: unknown): Exclude<Consent, 'unknown'> | null {
  if (field === 'aceitar') return 'accepted';
  if (field === 'recusar') return 'refused';
  return null;
}

/**
 * Where the banner's form sends the shopper back: a path of this site only (never `//host` or a
 * scheme), at most 500 characters; anything else is the catalog.
 */
export function returnPathOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\\]/.test(value)) return '/';
  return value;
}

/**
 * Whether the banner's POST came from this site's own page: the browser's Origin names this
 * host (or the public APP_URL), or, without an Origin, Sec-Fetch-Site does not say another site.
 * A cross-site form cannot answer the banner for the shopper.
 */
export function fromThisSite(h: { origin: string | null; host: string | null; secFetchSite: string | null }, appUrl?: string): boolean {
  if (h.origin) {
    if (h.origin === 'null') return false;
    try {
      const origin = new URL(h.origin);
      return origin.host === h.host || (!!appUrl && origin.origin === new URL(appUrl).origin);
    } catch {
      return false;
    }
  }
  return h.secFetchSite === null || h.secFetchSite === 'same-origin' || h.secFetchSite === 'none';
}
