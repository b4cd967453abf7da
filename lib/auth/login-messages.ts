/**
 * What the sign-in page says for each outcome (browser-safe). The codes travel from the
 * credentials provider to the page through next-auth's `error` parameter.
 */

/** Thrown by authorize() when the IP + e-mail pair is over RATE_LIMIT_LOGIN_PER_MIN. */
export const RATE_LIMITED_CODE = 'rate_limited';
/** The password was right; the account asks for its two-step code (none sent). */
export const SECOND_STEP_REQUIRED_CODE = 'totp_required';
/** The two-step code (from the app, or a recovery code) was wrong or already used. */
export const SECOND_STEP_INVALID_CODE = 'totp_invalid';
/** Too many wrong two-step codes on this account: for a while only a recovery code passes. */
export const SECOND_STEP_LOCKED_CODE = 'totp_locked';

export const LOGIN_MESSAGES = {
  wrongCredentials: 'E-mail ou senha incorretos.',
  rateLimited: 'Muitas tentativas. Aguarde um minuto.',
  sessionExpired: 'Sua sessão terminou. Entre novamente.',
  generic: 'Não foi possível entrar agora. Tente novamente em instantes.',
  missingEmail: 'Informe o e-mail.',
  missingPassword: 'Informe a senha.',
  secondStep: 'Digite o código de 6 dígitos do seu aplicativo autenticador, ou um código de recuperação.',
  secondStepInvalid: 'Código incorreto ou já usado. Confira o aplicativo e tente de novo.',
  secondStepLocked: 'Muitos códigos incorretos. Por até 15 minutos, só um código de recuperação é aceito.',
  missingCode: 'Informe o código.',
} as const;

/** next-auth error code (from signIn() or ?error= on /login) → a sentence for the merchant. */
export function loginErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === RATE_LIMITED_CODE) return LOGIN_MESSAGES.rateLimited;
  if (code === SECOND_STEP_REQUIRED_CODE) return LOGIN_MESSAGES.secondStep;
  if (code === SECOND_STEP_INVALID_CODE) return LOGIN_MESSAGES.secondStepInvalid;
  if (code === SECOND_STEP_LOCKED_CODE) return LOGIN_MESSAGES.secondStepLocked;
  if (code === 'CredentialsSignin') return LOGIN_MESSAGES.wrongCredentials;
  if (code === 'SessionRequired') return LOGIN_MESSAGES.sessionExpired;
  return LOGIN_MESSAGES.generic;
}

/**
 * Where to go after signing in: only a path of this site under /dashboard (never another
 * origin, never `//evil.example`), else the overview.
 */
export function safeCallbackPath(raw: string | null | undefined, origin?: string): string {
  const fallback = '/dashboard';
  if (!raw) return fallback;
  let value = raw.trim();
  if (origin && value.startsWith(origin)) value = value.slice(origin.length) || '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  const path = value.split(/[?#]/)[0];
  // The dashboard, and the sandbox's mail catcher (behind the session in a public demo).
  const allowed = ['/dashboard', '/sandbox/emails'].some((base) => path === base || path.startsWith(`${base}/`));
  if (!allowed) return fallback;
  return value;
}
