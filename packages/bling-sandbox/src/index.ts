export { createBlingSandbox, handleBlingCall, ncmAccepted, SITUATION, ACCESS_TTL_S, REFRESH_TTL_S, AUTHORIZE_AFTER_MS, CANCEL_WINDOW_MS, RATE_PER_SECOND } from './sandbox';
export type { BlingSandbox, BlingClient, BlingRequest, BlingReply } from './sandbox';
export { makeAccessKey, isValidAccessKey, parseAccessKey, groupAccessKey, accessKeyCheckDigit } from './access-key';
