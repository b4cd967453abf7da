/**
 * lib/security's door for the request proxy (proxy.ts), which runs before every request: the
 * security headers, the nonce and the request id, the server-action request checks, the shop's
 * own hosts. The rest goes through index.ts.
 */
export { checkServerActionBody, checkServerActionHeaders, type ActionVerdict } from './action-request';
export { acceptableRequestId, buildSecurityHeaders, hasSessionCookie, isHttpsRequest, newNonce, newRequestId } from './headers';
export { ownHosts } from './same-origin';
