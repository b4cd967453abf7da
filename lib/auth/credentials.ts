/**
 * Merchant credentials: e-mail + bcrypt hash in the users table. Unknown e-mails cost the
 * same bcrypt work as known ones, so timing does not tell which e-mails exist.
 */
import 'server-only';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';
import { roleOf, type Role } from './permissions';

/** `role` null: a value this code does not know, which is given no permission. */
export type Merchant = { id: number; email: string; name: string; role: Role | null };
/** A merchant as a session sees it: sessions issued at an older version are over (lib/auth/session-version.ts). */
export type MerchantWithSessionVersion = Merchant & { sessionVersion: number };

/** bcrypt hash (BCRYPT_COST, password-cost.ts) of a random string nobody knows: compared against for unknown e-mails. */
export const DUMMY_HASH = '$2b$12$LXULb6JCCnxw/F5PFUkV3.I20jahmiVtNtvJoXXIzncMUb7E5UilS';

/** bcrypt only reads the first 72 bytes; longer input is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function verifyMerchantCredentials(email: string, password: string): Promise<MerchantWithSessionVersion | null> {
  const normalized = normalizeEmail(email);
  const tooLong = Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
  if (!normalized || !password || tooLong || normalized.length > 254) {
    await bcrypt.compare('x', DUMMY_HASH);
    return null;
  }
  const [user] = await db().select().from(users).where(eq(users.email, normalized));
  if (!user) {
    await bcrypt.compare(password, DUMMY_HASH);
    return null;
  }
  const ok = await bcrypt.compare(password, user.passwordHash);
  return ok ? { id: user.id, email: user.email, name: user.name, role: roleOf(user.role), sessionVersion: user.sessionVersion } : null;
}

export async function findMerchantById(id: number): Promise<MerchantWithSessionVersion | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [user] = await db()
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, id));
  return user ? { ...user, role: roleOf(user.role) } : null;
}
