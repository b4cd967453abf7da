import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { database, ensureMigrated } from '@/db';
import { accountTokens, activityLog, emailOutbox, users } from '@/db/schema';
import { loadAccountEmail } from '@/lib/email/account-emails';
import { findMerchantById } from '@/lib/auth/credentials';
import { acceptInvitation, INVITATION_TTL_MS, inviteMember, listTeam, removeMember, TEAM_MESSAGES } from './team';

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
    expect(await removeMember(owner, ana.id, IP)).toEqual({ ok: true, message: TEAM_MESSAGES.removed('ana@loja.com.br') });
    expect(await findMerchantById(ana.id)).toBeNull(); // lib/auth/session.ts refuses the cookie
  });

  it('never removes the last Dono', async () => {
    expect(await removeMember(owner, owner.id, IP)).toEqual({ ok: false, error: TEAM_MESSAGES.lastOwner });
    const [other] = await database().db.insert(users).values({ email: 'socio@loja.com.br', name: 'Sócio', passwordHash: 'x', role: 'owner' }).returning();
    expect((await removeMember(owner, other.id, IP)).ok).toBe(true);
    expect(await removeMember(owner, owner.id, IP)).toEqual({ ok: false, error: TEAM_MESSAGES.lastOwner });
  });
});
