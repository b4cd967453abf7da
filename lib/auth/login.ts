/**
 * The credentials check behind next-auth's authorize(): rate limit per IP + e-mail first
 * (RATE_LIMIT_LOGIN_PER_MIN), then e-mail and password. Counts every attempt.
 */
import 'server-only';
import { clientIp, hit } from '@/lib/security/rate-limit';
import { logger } from '@/lib/server/log';
import { normalizeEmail, verifyMerchantCredentials, type Merchant } from './credentials';
import { RATE_LIMITED_CODE } from './login-messages';

export class LoginRateLimitedError extends Error {
  constructor() {
    super(RATE_LIMITED_CODE);
    this.name = 'LoginRateLimitedError';
  }
}

type RawHeaders = Headers | Record<string, string | string[] | undefined> | undefined;

function toHeaders(raw: RawHeaders): Headers {
  if (raw instanceof Headers) return raw;
  const h = new Headers();
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (typeof v === 'string') h.set(k, v);
    else if (Array.isArray(v)) h.set(k, v.join(', '));
  }
  return h;
}

function field(credentials: Record<string, unknown> | undefined, name: string): string {
  const v = credentials?.[name];
  return typeof v === 'string' ? v : '';
}

/** Returns the merchant, null for wrong credentials; throws LoginRateLimitedError when over the limit. */
export async function authorizeLogin(credentials: Record<string, unknown> | undefined, headers: RawHeaders): Promise<Merchant | null> {
  const email = normalizeEmail(field(credentials, 'email')).slice(0, 254);
  const password = field(credentials, 'password');
  const ip = clientIp(toHeaders(headers));
  const decision = hit('login', `${ip}:${email}`);
  if (!decision.ok) {
    logger().warn({ ip, retryAfterSeconds: decision.retryAfterSeconds }, 'login rate limited');
    throw new LoginRateLimitedError();
  }
  const merchant = await verifyMerchantCredentials(email, password);
  if (!merchant) logger().info({ ip }, 'login refused: wrong e-mail or password');
  return merchant;
}
