/**
 * "Verificação em duas etapas" in "Minha conta": enabling it (a new secret shown as a QR code
 * and as text, confirmed by one code from the app), its 10 recovery codes (shown once, stored
 * as sha256, each usable once), turning it off (with a code), and the Dono's requirement of it
 * for everyone who can refund or change settings (lib/auth/two-factor.ts checks the codes).
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { accountPolicy, totpRecoveryCodes, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { checkSecondStep, matchTotp, normalizeRecoveryCode, secondStepLocked, TOTP_SEAL, totpSecretOf } from '@/lib/auth';
import { activityStep, recordActivity, seal, sha256Hex } from '@/lib/security';
import { qrPngDataUri } from '@balcao/br/qr';
import type { Actor } from './team';

export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'Código incorreto. Confira o aplicativo e digite o código que aparece agora.',
  locked: 'Muitos códigos incorretos. Por até 15 minutos, só um código de recuperação é aceito.',
  notStarted: 'Comece de novo: gere um novo código QR.',
  enabled: 'Verificação em duas etapas ativada. Guarde os códigos de recuperação: eles não aparecem de novo.',
  disabled: 'Verificação em duas etapas desativada.',
  already: 'A verificação em duas etapas já está ativada.',
} as const;

/** Ten codes like "k3m9x-2pq7d" (base32 without look-alikes): 50 bits each. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Starts enabling: a fresh secret (sealed into the account, not on yet), its otpauth URI and QR. */
export async function beginTwoFactor(merchant: Actor, shopName: string): Promise<{ ok: true; secret: string; uri: string; qr: string } | { ok: false; error: string }> {
  const [u] = await db().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, merchant.id));
  if (u?.on) return { ok: false, error: TWO_FACTOR_MESSAGES.already };
  const secret = generateSecret();
  await db()
    .update(users)
    .set({ totpSecret: seal(secret, env().authSecret, TOTP_SEAL), totpLastStep: null })
    .where(eq(users.id, merchant.id));
  const uri = generateURI({ issuer: shopName || 'Balcão', label: merchant.email, secret });
  return { ok: true, secret, uri, qr: await qrPngDataUri(uri) };
}

/** Confirms with a code from the app: on, and the 10 recovery codes (returned once). */
export async function confirmTwoFactor(merchant: Actor, code: string, ip: string | null, nowMs = Date.now()): Promise<{ ok: true; codes: string[] } | { ok: false; error: string }> {
  const [u] = await db().select({ sealed: users.totpSecret, on: users.totpEnabledAt }).from(users).where(eq(users.id, merchant.id));
  if (u?.on) return { ok: false, error: TWO_FACTOR_MESSAGES.already };
  const secret = totpSecretOf(u?.sealed ?? null);
  if (!secret) return { ok: false, error: TWO_FACTOR_MESSAGES.notStarted };
  const step = matchTotp(secret, code.trim().replace(/\s/g, ''), nowMs, null);
  if (step === null) return { ok: false, error: TWO_FACTOR_MESSAGES.wrongCode };
  const codes = newRecoveryCodes();
  const nowIso = new Date(nowMs).toISOString();
  const turnedOn = await database().transaction(function* (tx) {
    const changed = yield* run(
      tx
        .update(users)
        .set({ totpEnabledAt: nowIso, totpLastStep: step })
        .where(and(eq(users.id, merchant.id), isNull(users.totpEnabledAt))),
    );
    if (!changed) return false;
    yield* run(tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, merchant.id)));
    yield* run(tx.insert(totpRecoveryCodes).values(codes.map((c) => ({ userId: merchant.id, codeSha256: sha256Hex(normalizeRecoveryCode(c)) }))));
    yield* activityStep(tx, { actor: merchant, action: 'two_factor', summary: 'Ativou a verificação em duas etapas', ip });
    return true;
  });
  return turnedOn ? { ok: true, codes } : { ok: false, error: TWO_FACTOR_MESSAGES.already };
}

/** Turns it off, with a code from the app or a recovery code. */
export async function disableTwoFactor(merchant: Actor, code: string, ip: string | null, nowMs = Date.now()): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  if (!(await checkSecondStep(merchant.id, code, nowMs))) {
    return { ok: false, error: (await secondStepLocked(merchant.id, nowMs)) ? TWO_FACTOR_MESSAGES.locked : TWO_FACTOR_MESSAGES.wrongCode };
  }
  await database().transaction(function* (tx) {
    yield* run(tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, merchant.id)));
    yield* run(tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, merchant.id)));
    yield* activityStep(tx, { actor: merchant, action: 'two_factor', summary: 'Desativou a verificação em duas etapas', ip });
  });
  return { ok: true, message: TWO_FACTOR_MESSAGES.disabled };
}

/** The Dono's switch: require two-step sign-in of everyone who can refund or change settings. */
export async function setTwoFactorRequirement(actor: Actor, on: boolean, ip: string | null): Promise<void> {
  await db().insert(accountPolicy).values({ id: 1, requireTwoFactor: on }).onConflictDoUpdate({ target: accountPolicy.id, set: { requireTwoFactor: on } });
  await recordActivity({
    actor,
    action: 'people',
    summary: on ? 'Passou a exigir verificação em duas etapas de quem reembolsa ou altera configurações' : 'Deixou de exigir verificação em duas etapas',
    ip,
  });
}
