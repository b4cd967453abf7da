/**
 * The second step of a sign-in (TOTP, RFC 6238, with otplib): a 6-digit code from the person's
 * authenticator app, or one of their 10 recovery codes. A TOTP code is accepted at most once
 * (users.totp_last_step, compare-and-set), a recovery code once (its used_at). The TOTP secret
 * is sealed in the database with AUTH_SECRET (lib/security/sealed.ts).
 */
import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { verifySync } from 'otplib';
import { db } from '@/db';
import { accountPolicy, totpRecoveryCodes, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { hit, usedUp, sha256Hex, unseal } from '@/lib/security';
import { can, type Role } from './permissions';

export const TOTP_SEAL = 'totp';
/** One 30-second step either side: a phone's clock a little off still signs in. */
export const TOTP_TOLERANCE_SECONDS = 30;

export function totpSecretOf(sealed: string | null): string | null {
  return sealed ? unseal(sealed, env().authSecret, TOTP_SEAL) : null;
}

/** "abcde-12345", "ABCDE 12345" → "abcde12345". */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Checks a TOTP code against a secret at `nowMs`; the time step it matched, or null. */
export function matchTotp(secret: string, code: string, nowMs: number, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const r = verifySync({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_TOLERANCE_SECONDS, ...(afterStep != null ? { afterTimeStep: afterStep } : {}) });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/** Whether this person has two-step sign-in on. */
export async function twoFactorEnabled(userId: number): Promise<boolean> {
  const [u] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return !!u?.on;
}

/**
 * Whether the account took SECOND_STEP_FAILURES wrong codes in the last SECOND_STEP_WINDOW_MS:
 * then app codes are refused, right or wrong, until the window ends — a million codes cannot be
 * guessed 5 at a time — while a recovery code (50 bits: not guessable) still passes, so whoever
 * guesses cannot lock the owner out.
 */
export async function secondStepLocked(userId: number, nowMs = Date.now()): Promise<boolean> {
  return usedUp('second-step', String(userId), nowMs);
}

/**
 * The second step: 'totp' or 'recovery' when `code` is good (and now used up), null otherwise.
 * Every wrong code counts toward the account's lock (secondStepLocked), at sign-in and at
 * "Desativar" alike.
 */
export async function checkSecondStep(userId: number, rawCode: string, nowMs = Date.now()): Promise<'totp' | 'recovery' | null> {
  const step = await matchSecondStep(userId, rawCode, nowMs);
  if (!step) await hit('second-step', String(userId), nowMs);
  return step;
}

async function matchSecondStep(userId: number, rawCode: string, nowMs: number): Promise<'totp' | 'recovery' | null> {
  const code = rawCode.trim().replace(/\s/g, '');
  const [u] = await db().select({ secret: users.totpSecret, on: users.totpEnabledAt, last: users.totpLastStep }).from(users).where(eq(users.id, userId));
  if (!u?.on) return null;
  const secret = totpSecretOf(u.secret);
  if (secret && /^\d{6}$/.test(code)) {
    if (await secondStepLocked(userId, nowMs)) return null;
    const step = matchTotp(secret, code, nowMs, u.last);
    if (step === null) return null;
    // Compare-and-set: the same code sent twice at once is accepted once.
    const taken = await db()
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return taken.length ? 'totp' : null;
  }
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return null;
  const used = await db()
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date(nowMs).toISOString() })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeSha256, sha256Hex(normalized)), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/**
 * A role the Dono's requirement covers: whoever can send money back or change settings, and can
 * set up two-step sign-in (`account:edit`: never the public demo's shared login).
 */
export function coveredByRequirement(role: Role | null): boolean {
  if (!can(role, 'account:edit')) return false;
  return can(role, 'orders:act') || can(role, 'settings:edit') || can(role, 'payments:configure');
}

export async function twoFactorRequired(): Promise<boolean> {
  const [p] = await db().select({ on: accountPolicy.requireTwoFactor }).from(accountPolicy).where(eq(accountPolicy.id, 1));
  return !!p?.on;
}

/** Whether this person must enable two-step sign-in before using the dashboard. */
export async function mustEnrollTwoFactor(merchant: { id: number; role: Role | null }): Promise<boolean> {
  if (!coveredByRequirement(merchant.role)) return false;
  if (!(await twoFactorRequired())) return false;
  return !(await twoFactorEnabled(merchant.id));
}

/** How many of a person's recovery codes are still unused. */
export async function recoveryCodesLeft(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`count(*)` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return r?.n ?? 0;
}
