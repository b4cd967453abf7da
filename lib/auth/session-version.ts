/**
 * Revocable sessions. Sessions are JWT cookies (no session table), so a cookie stays valid
 * until it expires — unless the server refuses it. Two ways to end them:
 * - one session ("Sair"): each session has its own id (`sid`, given at sign-in); signing out
 *   lists that id in revoked_sessions until the cookie would have expired anyway, so a copy of
 *   the cleared cookie stops working while the person's other devices stay signed in;
 * - all of them ("Sair de todos os dispositivos", a password change): each merchant has a
 *   session version (users.session_version); a session carries the version it was issued at
 *   (`sv`), and bumping it ends every cookie issued before — on any device, or copied.
 * lib/auth/session.ts accepts a session only while its version is current and its id is not listed.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { db } from '@/db';
import { revokedSessions, users } from '@/db/schema';

/** The claim name in the session JWT. */
export const SESSION_VERSION_CLAIM = 'sv';
/** The session's own id: what "Sair" revokes. */
export const SESSION_ID_CLAIM = 'sid';

export function newSessionId(): string {
  return randomUUID();
}

/** The id a session token carries; null for a token issued before sessions had ids. */
export function sessionIdOf(token: Record<string, unknown> | null | undefined): string | null {
  const v = token?.[SESSION_ID_CLAIM];
  return typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : null;
}

/**
 * Ends one session: its id is refused until `expiresAtMs` (when its cookie expires anyway).
 * Rows past their expiry are swept here, so the list never outgrows the sessions still alive.
 */
export async function revokeSession(sessionId: string, expiresAtMs: number, nowMs = Date.now()): Promise<void> {
  const expiresAt = new Date(Math.max(expiresAtMs, nowMs)).toISOString();
  await db().insert(revokedSessions).values({ sessionId, expiresAt }).onConflictDoNothing();
  await db().delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date(nowMs).toISOString()));
}

export async function isSessionRevoked(sessionId: string): Promise<boolean> {
  const [row] = await db().select({ id: revokedSessions.sessionId }).from(revokedSessions).where(eq(revokedSessions.sessionId, sessionId));
  return !!row;
}

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
