/**
 * "Esqueci minha senha": a single-use link by e-mail, valid for 1 hour, and the new password it
 * sets. The page answers the same whether the e-mail has an account or not; asking is limited
 * per client address and per e-mail. The link's token is not stored (account_tokens keeps its
 * sha256; lib/security/tokens.ts `accountLinkToken`); its e-mail goes through the outbox, written
 * in the token's own transaction. Setting the new password uses the token up, ends every
 * session of the account (users.session_version) and voids its other reset links, in one
 * transaction. The demonstration account of a public demo has no reset: its password is public.
 */
import 'server-only';
import bcrypt from 'bcryptjs';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { database, db, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { accountTokens, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { normalizeEmail, PASSWORD_MESSAGES, newPasswordSchema } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { enqueueAccountEmail, kickOutbox } from '@/lib/email';
import { activityStep, recordActivity, rateLimitSubject, hit, accountLinkToken, newId, sha256Hex } from '@/lib/security';

export const RESET_TTL_MS = 60 * 60_000;

export const RESET_MESSAGES = {
  sent: 'Se houver uma conta com esse e-mail, enviamos um link para criar uma nova senha. Ele vale por 1 hora.',
  invalidEmail: 'Informe um e-mail válido.',
  limited: 'Muitos pedidos de nova senha. Aguarde um minuto e tente de novo.',
  limitedToday: 'Este e-mail já recebeu o máximo de links de nova senha por hoje. Use o último link enviado ou peça de novo amanhã.',
  invalidLink: 'Este link não vale mais: ele expirou ou já foi usado. Peça um novo em "Esqueci minha senha".',
  done: 'Senha redefinida. Entre com a nova senha.',
} as const;

export type AccountResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: Record<string, string> };

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** Asks for a reset link. The same answer for every well-formed e-mail. */
export async function requestPasswordReset(input: { email: string; ip: string }, now = Date.now()): Promise<AccountResult> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) return { ok: false, error: RESET_MESSAGES.invalidEmail, fieldErrors: { email: RESET_MESSAGES.invalidEmail } };
  const email = normalizeEmail(parsed.data);
  const perAddress = await hit('password-reset', rateLimitSubject(input.ip), now);
  const perAccount = await hit('password-reset-account', email, now);
  if (!perAddress.ok || !perAccount.ok) return { ok: false, error: RESET_MESSAGES.limited };
  // A day's cap per e-mail too: 3 a minute alone let about 4,300 links a day reach one inbox.
  // Counted for every e-mail, an account or not, so the answer tells nothing about who has one.
  if (!(await hit('password-reset-account-day', email, now)).ok) return { ok: false, error: RESET_MESSAGES.limitedToday };

  const [user] = await db().select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  // A login without a password of its own (the public demo's: no `account:edit`) gets no link.
  if (user && can(user.role, 'account:edit')) {
    const id = newId();
    const token = accountLinkToken(id, env().authSecret);
    await database().transaction(function* (tx) {
      yield* run(
        tx.insert(accountTokens).values({ id, purpose: 'password_reset', userId: user.id, email, tokenSha256: sha256Hex(token), expiresAt: new Date(now + RESET_TTL_MS).toISOString() }),
      );
      yield* enqueueAccountEmail(tx, { tokenId: id, kind: 'password_reset', recipient: email });
      yield* activityStep(tx, { actor: null, email, action: 'password_reset_requested', summary: 'Pediu um link para criar uma nova senha', ip: input.ip });
    });
    kickOutbox();
  }
  return { ok: true, message: RESET_MESSAGES.sent };
}

/** The unused, unexpired token of this purpose named by `token`, or undefined. */
export async function openAccountToken(token: string, purpose: 'password_reset' | 'invitation', now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db()
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenSha256, sha256Hex(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(now).toISOString())));
  return row;
}

/**
 * Uses up an opened token inside the transaction that acts on it, compare-and-set: of two tabs
 * submitting the same link, one wins (true); the other, or a token expired meanwhile, gets false.
 */
export function* spendAccountToken(tx: Tx, id: string, nowIso: string): Generator<Step, boolean, unknown> {
  const used = yield* get(
    tx
      .update(accountTokens)
      .set({ usedAt: nowIso })
      .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, nowIso)))
      .returning({ id: accountTokens.id }),
  );
  return !!used;
}

const resetSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: PASSWORD_MESSAGES.mismatch, path: ['confirm'] });

/** Checks a new password and its confirmation: the field errors ("password", "confirm"), or null. */
export function newPasswordErrors(password: string, confirm: string): Record<string, string> | null {
  const r = resetSchema.safeParse({ password, confirm });
  if (r.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Sets the new password through a reset link: once, within the hour; every session of the account ends. */
export async function resetPassword(input: { token: string; password: string; confirm: string; ip: string }, now = Date.now()): Promise<AccountResult> {
  const errors = newPasswordErrors(input.password, input.confirm);
  if (errors) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: errors };
  const row = await openAccountToken(input.token, 'password_reset', now);
  if (!row?.userId) return { ok: false, error: RESET_MESSAGES.invalidLink };
  const userId = row.userId;
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  const nowIso = new Date(now).toISOString();
  const done = await database().transaction(function* (tx) {
    if (!(yield* spendAccountToken(tx, row.id, nowIso))) return false;
    yield* run(tx.update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)));
    // Any other reset link of this account stops working too.
    yield* run(tx.update(accountTokens).set({ usedAt: nowIso }).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'password_reset'), isNull(accountTokens.usedAt))));
    yield* activityStep(tx, { actor: { id: userId, email: row.email }, action: 'password_reset', summary: 'Redefiniu a senha pelo link do e-mail; todas as sessões foram encerradas', ip: input.ip });
    return true;
  });
  if (!done) return { ok: false, error: RESET_MESSAGES.invalidLink };
  return { ok: true, message: RESET_MESSAGES.done };
}

export const CHANGE_MESSAGES = {
  wrongCurrent: 'A senha atual não confere.',
  same: 'A nova senha precisa ser diferente da atual.',
  limited: 'Muitas tentativas. Aguarde um minuto e tente de novo.',
  done: 'Senha alterada. Entre com a nova senha.',
} as const;

/** "Alterar senha" in "Minha conta": the current password, then the new one twice; every session ends (this one too). */
export async function changePassword(merchant: { id: number; email: string }, input: { current: string; password: string; confirm: string; ip: string }): Promise<AccountResult> {
  const errors = newPasswordErrors(input.password, input.confirm) ?? {};
  if (!input.current) errors.current = 'Informe a senha atual.';
  if (Object.keys(errors).length) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: errors };
  // Guessing the current password from a session left open counts like guessing it at the login.
  if (!(await hit('login-account', merchant.email)).ok) return { ok: false, error: CHANGE_MESSAGES.limited };
  const [user] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, merchant.id));
  if (!user || !(await bcrypt.compare(input.current, user.passwordHash))) {
    return { ok: false, error: 'Confira os campos destacados.', fieldErrors: { current: CHANGE_MESSAGES.wrongCurrent } };
  }
  if (input.current === input.password) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: { password: CHANGE_MESSAGES.same } };
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  await db().update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, merchant.id));
  await recordActivity({ actor: merchant, action: 'password_changed', summary: 'Alterou a própria senha; todas as sessões foram encerradas', ip: input.ip });
  return { ok: true, message: CHANGE_MESSAGES.done };
}
