/**
 * Configurações → Equipe: the people who may sign in. A Dono invites a person by e-mail with a
 * role ("Convidar pessoa"): a single-use link valid for 7 days (account_tokens, only its sha256
 * stored; the e-mail through the outbox in the invitation's own transaction). The invited
 * person chooses a name and a password on the link's page and the account is made; "Cancelar
 * convite" deletes a pending invitation (its link stops working, an unsent e-mail is not sent).
 * "Remover acesso" deletes the account, which ends its sessions at once (lib/auth/session.ts
 * finds no user); the last Dono cannot be removed (counted and deleted in one transaction). The
 * API keys and webhook endpoints the person made keep working for the shop unless revoked, so the
 * same transaction revokes the keys and disables the endpoints, unless the Dono chose to keep
 * them, and logs each one.
 */
import 'server-only';
import bcrypt from 'bcryptjs';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { database, db } from '@/db';
import { all, get, run, type Step } from '@/db/driver';
import { accountTokens, apiKeys, users, webhookEndpoints } from '@/db/schema';
import { env } from '@/lib/config/env';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@/lib/auth/permissions';
import { enqueueAccountEmail, kickOutbox } from '@/lib/email';
import { activityStep, accountLinkToken, newId, sha256Hex } from '@/lib/security';
import { newPasswordErrors, openAccountToken, spendAccountToken, type AccountResult } from './password-reset';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const TEAM_MESSAGES = {
  invited: (email: string) => `Convite enviado para ${email}. O link vale por 7 dias.`,
  member: 'Essa pessoa já faz parte da equipe.',
  invalidEmail: 'Informe um e-mail válido.',
  role: 'Escolha o papel.',
  invalidLink: 'Este convite não vale mais: ele expirou ou já foi usado. Peça um novo convite a quem cuida da loja.',
  accepted: 'Conta criada. Entre com seu e-mail e a senha que você escolheu.',
  taken: 'Já existe uma conta com este e-mail. Entre com ela ou use "Esqueci minha senha".',
  name: 'Informe seu nome.',
  removed: (email: string) => `Acesso de ${email} removido. As sessões dessa pessoa terminaram.`,
  removedWithIntegrations: (email: string, keys: number, endpoints: number) => `Acesso de ${email} removido. ${afterRemoval(keys, endpoints)}`,
  /** The team page's notice after the redirect (the person's row is gone, and the e-mail stays out of the URL). */
  removedNotice: (keys: number, endpoints: number) => `Acesso removido. ${afterRemoval(keys, endpoints)}`,
  invitationCanceled: (email: string) => `Convite de ${email} cancelado. O link não funciona mais.`,
  invitationCanceledNotice: 'Convite cancelado. O link não funciona mais.',
  invitationNotFound: 'Este convite não está mais pendente.',
  lastOwner: 'Não é possível remover o último Dono. Convide outro Dono antes.',
  notFound: 'Essa pessoa não está mais na equipe.',
} as const;

function afterRemoval(keys: number, endpoints: number): string {
  const parts = [
    keys === 0 ? '' : keys === 1 ? '1 chave de API revogada' : `${keys} chaves de API revogadas`,
    endpoints === 0 ? '' : endpoints === 1 ? '1 endpoint desativado' : `${endpoints} endpoints desativados`,
  ].filter(Boolean);
  return `As sessões dessa pessoa terminaram${parts.length ? `; ${parts.join(' e ')}` : ''}.`;
}

export type Actor = { id: number; email: string };

/** The live API keys and enabled webhook endpoints a person made (what "Remover acesso" revokes). */
export type MemberIntegrations = { keys: { id: string; name: string }[]; endpoints: { id: string; url: string }[] };
export type TeamMember = { id: number; name: string; email: string; role: string; createdAt: string } & MemberIntegrations;
export type PendingInvitation = { id: string; email: string; role: TeamRole | null; expiresAt: string };

export async function listTeam(now = Date.now()): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const people = await db().select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt }).from(users).orderBy(asc(users.id));
  const keys = await db()
    .select({ id: apiKeys.id, name: apiKeys.name, createdBy: apiKeys.createdBy })
    .from(apiKeys)
    .where(and(isNull(apiKeys.revokedAt), isNotNull(apiKeys.createdBy)))
    .orderBy(asc(apiKeys.createdAt));
  const endpoints = await db()
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, createdBy: webhookEndpoints.createdBy })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), isNotNull(webhookEndpoints.createdBy)))
    .orderBy(asc(webhookEndpoints.createdAt));
  const members = people.map((m) => ({
    ...m,
    keys: keys.filter((k) => k.createdBy === m.id).map(({ id, name }) => ({ id, name })),
    endpoints: endpoints.filter((e) => e.createdBy === m.id).map(({ id, url }) => ({ id, url })),
  }));
  const invitations = await db()
    .select({ id: accountTokens.id, email: accountTokens.email, role: accountTokens.role, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.purpose, 'invitation'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(now).toISOString())))
    .orderBy(asc(accountTokens.createdAt));
  return { members, invitations };
}

const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ message: TEAM_MESSAGES.invalidEmail })),
  role: z.enum(TEAM_ROLES, { message: TEAM_MESSAGES.role }),
});

/** "Convidar pessoa". */
export async function inviteMember(actor: Actor, input: { email: string; role: string; ip: string }, now = Date.now()): Promise<AccountResult> {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.path[0] === 'email' ? TEAM_MESSAGES.invalidEmail : issue.message;
    return { ok: false, error: 'Confira os campos destacados.', fieldErrors };
  }
  const { email, role } = parsed.data;
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: { email: TEAM_MESSAGES.member } };
  const id = newId();
  const token = accountLinkToken(id, env().authSecret);
  await database().transaction(function* (tx) {
    yield* run(
      tx.insert(accountTokens).values({ id, purpose: 'invitation', email, role, createdBy: actor.id, tokenSha256: sha256Hex(token), expiresAt: new Date(now + INVITATION_TTL_MS).toISOString() }),
    );
    yield* enqueueAccountEmail(tx, { tokenId: id, kind: 'invitation', recipient: email });
    yield* activityStep(tx, { actor, action: 'people', summary: `Convidou ${email} como ${ROLE_LABELS[role]}`, target: email, ip: input.ip });
  });
  kickOutbox();
  return { ok: true, message: TEAM_MESSAGES.invited(email) };
}

/** The invitation's page: the person chooses a name and a password; the account is made once. */
export async function acceptInvitation(input: { token: string; name: string; password: string; confirm: string; ip: string }, now = Date.now()): Promise<AccountResult> {
  const name = input.name.trim().slice(0, 100);
  const errors = newPasswordErrors(input.password, input.confirm) ?? {};
  if (!name) errors.name = TEAM_MESSAGES.name;
  if (Object.keys(errors).length) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: errors };
  const row = await openAccountToken(input.token, 'invitation', now);
  if (!row?.role) return { ok: false, error: TEAM_MESSAGES.invalidLink };
  const role = row.role;
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  const nowIso = new Date(now).toISOString();
  const outcome = await database().transaction(function* (tx) {
    if (!(yield* spendAccountToken(tx, row.id, nowIso))) return 'invalid' as const;
    const made = yield* get(tx.insert(users).values({ email: row.email, name, passwordHash, role }).onConflictDoNothing({ target: users.email }).returning({ id: users.id }));
    if (!made) return 'taken' as const;
    yield* activityStep(tx, { actor: { id: made.id, email: row.email }, action: 'people', summary: `Aceitou o convite como ${ROLE_LABELS[role]}`, target: row.email, ip: input.ip });
    return 'ok' as const;
  });
  if (outcome === 'invalid') return { ok: false, error: TEAM_MESSAGES.invalidLink };
  if (outcome === 'taken') return { ok: false, error: TEAM_MESSAGES.taken };
  return { ok: true, message: TEAM_MESSAGES.accepted };
}

/**
 * "Remover acesso": the account is deleted, so its sessions end at once. Never the last Dono.
 * `revokeIntegrations` (the default): the person's live API keys are revoked and their enabled
 * webhook endpoints disabled, in the same transaction, each logged by name (an endpoint by its
 * origin only: its path may hold a secret token).
 */
export type RemovalResult = { ok: true; message: string; revokedKeys: number; disabledEndpoints: number } | { ok: false; error: string };

export async function removeMember(actor: Actor, userId: number, ip: string, opts: { revokeIntegrations?: boolean } = {}): Promise<RemovalResult> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return { ok: false, error: TEAM_MESSAGES.notFound };
  const revoke = opts.revokeIntegrations ?? true;
  const nowIso = new Date().toISOString();
  type Outcome = { error: string } | { email: string; keys: number; endpoints: number };
  const outcome = await database().transaction(function* (tx): Generator<Step, Outcome, unknown> {
    const target = yield* get(tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)));
    if (!target) return { error: TEAM_MESSAGES.notFound };
    if (target.role === 'owner') {
      const owners = yield* get(tx.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.role, 'owner')));
      if ((owners?.n ?? 0) <= 1) return { error: TEAM_MESSAGES.lastOwner };
    }
    let keys: { id: string; name: string }[] = [];
    let endpoints: { id: string; url: string }[] = [];
    if (revoke) {
      keys = yield* all(
        tx
          .update(apiKeys)
          .set({ revokedAt: nowIso })
          .where(and(eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id, name: apiKeys.name }),
      );
      endpoints = yield* all(
        tx
          .update(webhookEndpoints)
          .set({ enabled: false })
          .where(and(eq(webhookEndpoints.createdBy, userId), eq(webhookEndpoints.enabled, true)))
          .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url }),
      );
    }
    yield* run(tx.delete(users).where(eq(users.id, userId)));
    yield* activityStep(tx, { actor, action: 'people', summary: `Removeu o acesso de ${target.email} (${ROLE_LABELS[target.role]})`, target: target.email, ip });
    const why = `ao remover o acesso de ${target.email}`;
    for (const k of keys) yield* activityStep(tx, { actor, action: 'integrations', summary: `Revogou a chave de API “${k.name}” ${why}`, target: k.id, ip });
    for (const e of endpoints) {
      const origin = URL.canParse(e.url) ? new URL(e.url).origin : 'URL inválida';
      yield* activityStep(tx, { actor, action: 'integrations', summary: `Desativou o endpoint de webhook ${origin} ${why}`, target: e.id, ip });
    }
    return { email: target.email, keys: keys.length, endpoints: endpoints.length };
  });
  if ('error' in outcome) return { ok: false, error: outcome.error };
  return { ok: true, message: TEAM_MESSAGES.removedWithIntegrations(outcome.email, outcome.keys, outcome.endpoints), revokedKeys: outcome.keys, disabledEndpoints: outcome.endpoints };
}

/** "Cancelar convite": the pending invitation is deleted (its link stops working; an e-mail not yet sent is skipped). */
export async function cancelInvitation(actor: Actor, invitationId: string, ip: string, now = Date.now()): Promise<AccountResult> {
  if (!/^[0-9a-f-]{36}$/i.test(invitationId)) return { ok: false, error: TEAM_MESSAGES.invitationNotFound };
  const nowIso = new Date(now).toISOString();
  const canceled = await database().transaction(function* (tx) {
    const row = yield* get(
      tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.id, invitationId), eq(accountTokens.purpose, 'invitation'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, nowIso)))
        .returning({ email: accountTokens.email, role: accountTokens.role }),
    );
    if (!row) return null;
    const role = row.role ? ` (${ROLE_LABELS[row.role]})` : '';
    yield* activityStep(tx, { actor, action: 'people', summary: `Cancelou o convite de ${row.email}${role}`, target: row.email, ip });
    return row.email;
  });
  return canceled ? { ok: true, message: TEAM_MESSAGES.invitationCanceled(canceled) } : { ok: false, error: TEAM_MESSAGES.invitationNotFound };
}
