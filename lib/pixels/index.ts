/**
 * lib/pixels' face for the server: the shop's browser scripts and tracked events, the consent
 * answer and forgetting a refusing browser, the Integrações settings and their forms, and the
 * pixel outbox's sender (which the job list loads on demand). The other doors: words.ts (pure:
 * client components and the proxy), pixels-on.ts (which pixels are on, the proxy's lazy read,
 * without 'server-only') and record.ts (what the paying transaction writes to the pixel outbox).
 */
export { ga4BaseScript, metaBaseScript, metaTrackScript } from './browser';
export { answerOf, CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentCookieValue, consentOf, fromThisSite, returnPathOf } from './consent';
export { forgetPendingPixelContexts, orderTokenOfPath } from './forget';
export { gaClientIdOf, metaCookieOf, type PixelEventName, type PixelItem } from './payloads';
export { GA4_FIELDS, GA4_SECRET_NEEDED, META_FIELDS, META_TOKEN_NEEDED, parseGa4Form, parseMetaForm } from './pixel-form';
export { pixelWorker } from './sender';
export { getPixelSettings, saveGa4, saveMetaPixel } from './settings';
export { pixelItemOf, trackAddToCart, trackBrowsing, trackOrderPage } from './track';
export { pixelRequest } from './visitor';
