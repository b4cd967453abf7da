import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { database, ensureMigrated } from '@/db';
import { randomUUID } from 'node:crypto';
import { accountTokens, activityLog, apiKeys, emailOutbox, users, webhookEndpoints } from '@/db/schema';
import { loadAccountEmail } from '@/lib/email/account-emails';
import { findMerchantById } from '@/lib/auth/credentials';
import { acceptInvitation, cancelInvitation, INVITATION_TTL_MS, inviteMember, listTeam, removeMember, TEAM_MESSAGES } from './team';

const IP = '203.0.113.7';
const PASSWORD = 'senha-da-atendente';
let owner: { id: number; email: string };

async function invitationToken(): Promise<string> {
  const rows = await database().db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'invitation'));
  const mail = await loadAccountEmail({ dedupeKey: rows.at(-1)!.dedupeKey, kind: 'invitation' });
  if ('skip' in mail) throw new Error(mail.skip);
  return /\/convite\/([A-Za-z0-9_-]+)/.exec(mail.rendered.text)![1];
}

beforeAll(ensureMigrated);
beforeEach(async () => {
  const { db } = database();
  await db.delete(emailOutbox);
  await db.delete(accountTokens);
  await db.delete(users);
  const [u] = await db.insert(users).values({ email: 'dona@loja.com.br', name: 'Dona', passwordHash: 'x', role: 'owner' }).returning();
  owner = { id: u.id, email: u.email };
});

describe('inviting a person', () => {
  it('sends a 7-day single-use link; accepting it makes the account with its role, once', async () => {
    expect(await inviteMember(owner, { email: ' Ana@Loja.com.br ', role: 'attendant', ip: IP })).toEqual({ ok: true, message: TEAM_MESSAGES.invited('ana@loja.com.br') });
    expect((await listTeam()).invitations).toMatchObject([{ email: 'ana@loja.com.br', role: 'attendant' }]);
    const token = await invitationToken();
    expect(await acceptInvitation({ token, name: 'Ana', password: PASSWORD, confirm: PASSWORD, ip: IP })).toEqual({ ok: true, message: TEAM_MESSAGES.accepted });
    const [ana] = await database().db.select().from(users).where(eq(users.email, 'ana@loja.com.br'));
    expect(ana).toMatchObject({ name: 'Ana', role: 'attendant' });
    expect(await bcrypt.compare(PASSWORD, ana.passwordHash)).toBe(true);
    expect(await acceptInvitation({ token, name: 'Outra', password: PASSWORD, confirm: PASSWORD, ip: IP })).toEqual({ ok: false, error: TEAM_MESSAGES.invalidLink });
    const log = await database().db.select().from(activityLog).where(eq(activityLog.action, 'people'));
    expect(log.map((r) => r.summary)).toEqual(expect.arrayContaining(['Convidou ana@loja.com.br como Atendente', 'Aceitou o convite como Atendente']));
  });

  it('refuses an expired invitation, a bad role, and someone already in the team', async () => {
    const t0 = Date.now();
    await inviteMember(owner, { email: 'beto@loja.com.br', role: 'manager', ip: IP }, t0);
    const token = await invitationToken();
    expect(await acceptInvitation({ token, name: 'Beto', password: PASSWORD, confirm: PASSWORD, ip: IP }, t0 + INVITATION_TTL_MS + 1)).toEqual({ ok: false, error: TEAM_MESSAGES.invalidLink });
    expect(await inviteMember(owner, { email: 'c@loja.com.br', role: 'demo', ip: IP })).toMatchObject({ ok: false, fieldErrors: { role: TEAM_MESSAGES.role } });
    expect(await inviteMember(owner, { email: 'dona@loja.com.br', role: 'owner', ip: IP })).toMatchObject({ ok: false, fieldErrors: { email: TEAM_MESSAGES.member } });
  });
});

describe('"Remover acesso"', () => {
  it('deletes the account, so its session ends at once', async () => {
    const [ana] = await database().db.insert(users).values({ email: 'ana@loja.com.br', name: 'Ana', passwordHash: 'x', role: 'attendant' }).returning();
    expect(await findMerchantById(ana.id)).not.toBeNull();
    expect(await removeMember(owner, ana.id, IP)).toMatchObject({ ok: true, message: TEAM_MESSAGES.removed('ana@loja.com.br') });
    expect(await findMerchantById(ana.id)).toBeNull(); // lib/auth/session.ts refuses the cookie
  });

  it('never removes the last Dono', async () => {
    expect(await removeMember(owner, owner.id, IP)).toEqual({ ok: false, error: TEAM_MESSAGES.lastOwner });
    const [other] = await database().db.insert(users).values({ email: 'socio@loja.com.br', name: 'Sócio', passwordHash: 'x', role: 'owner' }).returning();
    expect((await removeMember(owner, other.id, IP)).ok).toBe(true);
    expect(await removeMember(owner, owner.id, IP)).toEqual({ ok: false, error: TEAM_MESSAGES.lastOwner });
  });

  it("lists the person's API keys and endpoints and, by default, revokes the keys and disables the endpoints, each logged", async () => {
    const { db } = database();
    const [ana] = await db.insert(users).values({ email: 'ana@loja.com.br', name: 'Ana', passwordHash: 'x', role: 'manager' }).returning();
    const key = async (name: string, createdBy: number | null) => {
      const id = randomUUID();
      await db.insert(apiKeys).values({ id, name, mode: 'test', keyHash: randomUUID(), hint: 'abcd', createdBy, createdByEmail: createdBy ? 'x' : null });
      return id;
    };
    const endpoint = async (url: string, createdBy: number | null) => {
      const id = randomUUID();
      await db.insert(webhookEndpoints).values({ id, url, events: 'order.paid', secret: 'whsec_x', createdBy });
      return id;
    };
    const anasKey = await key('Site da Ana', ana.id);
    const ownersKey = await key('Site da loja', owner.id);
    const anasEndpoint = await endpoint('https://ana.example/hook?token=segredo', ana.id);
    const ownersEndpoint = await endpoint('https://loja.example/hook', owner.id);
    const listed = (await listTeam()).members.find((m) => m.id === ana.id)!;
    expect(listed).toMatchObject({ keys: [{ id: anasKey, name: 'Site da Ana' }], endpoints: [{ id: anasEndpoint, url: 'https://ana.example/hook?token=segredo' }] });

    expect(await removeMember(owner, ana.id, IP)).toEqual({ ok: true, message: TEAM_MESSAGES.removedWithIntegrations('ana@loja.com.br', 1, 1), revokedKeys: 1, disabledEndpoints: 1 });
    expect(TEAM_MESSAGES.removedWithIntegrations('ana@loja.com.br', 1, 1)).toBe('Acesso de ana@loja.com.br removido. As sessões dessa pessoa terminaram; 1 chave de API revogada e 1 endpoint desativado.');
    const keys = await db.select().from(apiKeys);
    expect(keys.find((k) => k.id === anasKey)).toMatchObject({ revokedAt: expect.any(String), createdBy: null, createdByEmail: 'x' });
    expect(keys.find((k) => k.id === ownersKey)?.revokedAt).toBeNull();
    const endpoints = await db.select().from(webhookEndpoints);
    expect(endpoints.find((e) => e.id === anasEndpoint)?.enabled).toBe(false);
    expect(endpoints.find((e) => e.id === ownersEndpoint)?.enabled).toBe(true);
    const log = await db.select().from(activityLog).where(eq(activityLog.action, 'integrations'));
    const summaries = log.filter((r) => r.target === anasKey || r.target === anasEndpoint).map((r) => r.summary);
    expect(summaries).toEqual([
      'Revogou a chave de API “Site da Ana” ao remover o acesso de ana@loja.com.br',
      'Desativou o endpoint de webhook https://ana.example ao remover o acesso de ana@loja.com.br',
    ]);
    expect(log.every((r) => r.actorEmail === 'dona@loja.com.br' && r.ip === IP)).toBe(true);
  });

  it("keeps the person's keys and endpoints working when the Dono chose so", async () => {
    const { db } = database();
    const [beto] = await db.insert(users).values({ email: 'beto@loja.com.br', name: 'Beto', passwordHash: 'x', role: 'manager' }).returning();
    const id = randomUUID();
    await db.insert(apiKeys).values({ id, name: 'Site do Beto', mode: 'test', keyHash: randomUUID(), hint: 'abcd', createdBy: beto.id });
    expect(await removeMember(owner, beto.id, IP, { revokeIntegrations: false })).toEqual({ ok: true, message: TEAM_MESSAGES.removed('beto@loja.com.br'), revokedKeys: 0, disabledEndpoints: 0 });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row).toMatchObject({ revokedAt: null, createdBy: null });
  });
});

describe('"Cancelar convite"', () => {
  it('deletes the pending invitation: its link stops working, its unsent e-mail is skipped, the log says who', async () => {
    await inviteMember(owner, { email: 'caio@loja.com.br', role: 'attendant', ip: IP });
    const token = await invitationToken();
    const [pending] = (await listTeam()).invitations;
    expect(await cancelInvitation(owner, pending.id, IP)).toEqual({ ok: true, message: TEAM_MESSAGES.invitationCanceled('caio@loja.com.br') });
    expect((await listTeam()).invitations).toEqual([]);
    expect(await acceptInvitation({ token, name: 'Caio', password: PASSWORD, confirm: PASSWORD, ip: IP })).toEqual({ ok: false, error: TEAM_MESSAGES.invalidLink });
    const [mail] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'invitation'));
    expect(await loadAccountEmail({ dedupeKey: mail.dedupeKey, kind: 'invitation' })).toMatchObject({ skip: expect.any(String) });
    const log = await database().db.select().from(activityLog).where(eq(activityLog.target, 'caio@loja.com.br'));
    expect(log.map((r) => r.summary)).toContain('Cancelou o convite de caio@loja.com.br (Atendente)');
    // Twice, or an unknown id: nothing to cancel.
    expect(await cancelInvitation(owner, pending.id, IP)).toEqual({ ok: false, error: TEAM_MESSAGES.invitationNotFound });
    expect(await cancelInvitation(owner, 'nope', IP)).toEqual({ ok: false, error: TEAM_MESSAGES.invitationNotFound });
  });
});
