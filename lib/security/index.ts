/**
 * lib/security's face: tokens and sealed secrets, rate limits, the activity log, the client's
 * address (and the peer-address stamp start-up installs), the same-origin rule for uploads and
 * autosaves, and whether a request came over HTTPS. The other door: request-checks.ts (what the
 * request proxy runs).
 */
export {
  ACTIVITY_ACTIONS,
  activityActors,
  activityStep,
  listActivity,
  recordActivity,
  recordRequestActivity,
  type ActivityAction,
} from './activity';
export { clientAddress, clientRateKey, rateLimitSubject, UNKNOWN_ADDRESS, type HeadersLike } from './client-address';
export { isHttpsRequest } from './headers';
export { installPeerAddressStamp } from './peer-address';
export { hit, hitAlong, usedUp, type RateDecision } from './rate-limit';
export { isOwnUpload, isSameOrigin } from './same-origin';
export { seal, unseal } from './sealed';
export { accountLinkToken, looksLikeToken, newId, orderIdOfReviewToken, randomToken, reviewLinkToken, sha256Hex, tokenHash } from './tokens';
