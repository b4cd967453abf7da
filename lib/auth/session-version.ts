/**
 * Revocable sessions. Sessions are JWT cookies (no session table), so a cookie stays valid
 * until it expires — unless the server refuses it. Each merchant has a session version
 * (users.session_version); a session carries the version it was issued at (`sv`), and
 * lib/auth/session.ts accepts it only while that is still the merchant's version. Signing out
 * ("Sair"), "Sair de todos os dispositivos" and a password change bump the version: every
 * cookie issued before — on this device, another one, or copied by someone — stops working.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';

/** The claim name in the session JWT. */
export const SESSION_VERSION_CLAIM = 'sv';

/** Ends every session of this merchant. Returns the new version (null: no such merchant). */
export async function revokeAllSessions(merchantId: number): Promise<number | null> {
  if (!Number.isSafeInteger(merchantId) || merchantId <= 0) return null;
  const [row] = await db()
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, merchantId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? null;
}

/** The version a session token carries; tokens issued before versions existed count as 0. */
export function sessionVersionOf(token: Record<string, unknown> | null | undefined): number {
  const v = token?.[SESSION_VERSION_CLAIM];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : 0;
}
