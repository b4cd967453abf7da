/**
 * lib/auth's face for the server: who is signed in (session, the dashboard's pages and routes),
 * the envelope of every merchant action and route (merchantAction, merchantFor) with its
 * answers, next-auth's options and the sign-in's known device, passwords and the second step
 * for lib/accounts. The other doors are browser-safe: permissions.ts (the roles and what each
 * may do, read by the dashboard's navigation) and login-messages.ts (the sign-in form's words).
 */
export { type ActionState, done, refused, UNEXPECTED } from './action-state';
export { type Merchant, normalizeEmail } from './credentials';
export { withKnownDevice } from './known-device';
export { type FormParser, INVALID_FORM, merchantAction, merchantFor, type ParseResult, plainTextResponse, routeRefusal } from './merchant-action';
export { authOptions } from './options';
export { newPasswordSchema, PASSWORD_MESSAGES, passwordProblem } from './password-rules';
export { revokeAllSessions } from './session-version';
export { ACCOUNT_PATH, getEnrolledMerchantOrNull, getMerchantOrNull, isSessionCookieName, requireMerchant } from './session';
export { checkSecondStep, matchTotp, mustEnrollTwoFactor, normalizeRecoveryCode, recoveryCodesLeft, secondStepLocked, TOTP_SEAL, totpSecretOf, twoFactorEnabled, twoFactorRequired } from './two-factor';
