/**
 * lib/pixels' pure door, without server code, for client components and the request proxy: the
 * consent cookie and how it reads, the CSP origins of the pixels that are on, the Integrações
 * forms' field names.
 */
export { CONSENT_COOKIE, consentOf, type Consent } from './consent';
export { pixelCspAdditions, type CspAdditions, type PixelsOn } from './csp';
export { GA4_FIELDS, META_FIELDS } from './pixel-form';
