/**
 * The credentials check behind next-auth's authorize(): rate limits first, then e-mail and
 * password. Two limits, each counting every attempt: per client address + e-mail
 * (RATE_LIMIT_LOGIN_PER_MIN) and per e-mail from all addresses together (five times that), so
 * neither one address nor many addresses can keep guessing one account's password. A browser
 * that has signed in to the account before (known-device.ts) is counted on its own instead of
 * with all addresses: the owner's devices are never locked out by someone else's guessing.
 * The second step locks after 5 wrong codes (two-factor.ts), a recovery code still passing.
 */
import 'server-only';
import { clientAddress, rateLimitSubject, type HeadersLike, hit, recordActivity } from '@/lib/security';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';
import { logger } from '@/lib/server/log';
import { normalizeEmail, verifyMerchantCredentials, type MerchantWithSessionVersion } from './credentials';
import { RATE_LIMITED_CODE, SECOND_STEP_INVALID_CODE, SECOND_STEP_LOCKED_CODE, SECOND_STEP_REQUIRED_CODE } from './login-messages';
import { knownDeviceOf } from './known-device';
import { checkSecondStep, secondStepLocked, twoFactorEnabled } from './two-factor';
import { env } from '@/lib/config/env';

/** Right password, and the account has two-step sign-in: the page asks for the code. */
export class SecondStepRequiredError extends Error {
  constructor() {
    super(SECOND_STEP_REQUIRED_CODE);
    this.name = 'SecondStepRequiredError';
  }
}
export class SecondStepLockedError extends Error {
  constructor() {
    super(SECOND_STEP_LOCKED_CODE);
    this.name = 'SecondStepLockedError';
  }
}
export class SecondStepInvalidError extends Error {
  constructor() {
    super(SECOND_STEP_INVALID_CODE);
    this.name = 'SecondStepInvalidError';
  }
}

export class LoginRateLimitedError extends Error {
  constructor() {
    super(RATE_LIMITED_CODE);
    this.name = 'LoginRateLimitedError';
  }
}

function field(credentials: Record<string, unknown> | undefined, name: string): string {
  const v = credentials?.[name];
  return typeof v === 'string' ? v : '';
}

/**
 * Returns the merchant, null for wrong credentials; throws LoginRateLimitedError when over the
 * limit, SecondStepRequiredError when the password is right and the account's code is missing,
 * SecondStepInvalidError when that code (TOTP or recovery) is wrong or used.
 */
export async function authorizeLogin(credentials: Record<string, unknown> | undefined, headers: HeadersLike, nowMs = Date.now()): Promise<MerchantWithSessionVersion | null> {
  const email = normalizeEmail(field(credentials, 'email')).slice(0, 254);
  const password = field(credentials, 'password');
  const ip = clientAddress(headers);
  const perAddress = await hit('login', `${rateLimitSubject(ip)}:${email}`, nowMs);
  // A browser that signed in to this account before has a budget of its own; all other clients
  // share the account's, so guessing from many addresses cannot lock the owner's devices out.
  const device = knownDeviceOf(headers, email, env().authSecret);
  const perAccount = device ? await hit('login-device', device, nowMs) : await hit('login-account', email, nowMs);
  if (!perAddress.ok || !perAccount.ok) {
    logger().warn({ ip, limit: perAddress.ok ? (device ? 'device' : 'account') : 'address' }, 'login rate limited');
    throw new LoginRateLimitedError();
  }
  const merchant = await verifyMerchantCredentials(email, password);
  if (!merchant) {
    logger().info({ ip }, 'login refused: wrong e-mail or password');
    // Only attempts on the shop's own accounts: random e-mails must not fill the log.
    const [known] = email ? await db().select({ id: users.id }).from(users).where(eq(users.email, email)) : [];
    if (known) await recordActivity({ actor: null, email, action: 'sign_in_failed', summary: 'Senha incorreta', target: email, ip });
    return null;
  }
  let how = '';
  if (await twoFactorEnabled(merchant.id)) {
    const code = field(credentials, 'code').slice(0, 40);
    if (!code) throw new SecondStepRequiredError();
    const step = await checkSecondStep(merchant.id, code, nowMs);
    if (!step) {
      await recordActivity({ actor: null, email, action: 'sign_in_failed', summary: 'Código de verificação incorreto', target: email, ip });
      throw (await secondStepLocked(merchant.id, nowMs)) ? new SecondStepLockedError() : new SecondStepInvalidError();
    }
    how = step === 'totp' ? ' com código do aplicativo' : ' com um código de recuperação';
  }
  await recordActivity({ actor: merchant, action: 'sign_in', summary: `Entrou no painel${how}`, ip });
  return merchant;
}
