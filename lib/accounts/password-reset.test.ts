import { beforeEach, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { accountTokens, activityLog, emailOutbox, users } from '@/db/schema';
import { createMerchant } from '@/lib/auth/create-merchant';
import { loadAccountEmail } from '@/lib/email/account-emails';
import { drainOutbox } from '@/lib/email/worker';
import { catcherTransport } from '@/lib/email/transport';
import { withCleanLimits } from '@/test/security/rate-limits';
import { changePassword, CHANGE_MESSAGES, requestPasswordReset, resetPassword, RESET_MESSAGES, RESET_TTL_MS } from './password-reset';

const EMAIL = 'dona@loja.com.br';
const OLD = 'senha-antiga-boa';
const NEW = 'nova-senha-forte';
const IP = '203.0.113.9';
let userId: number;

async function user() {
  const [u] = await database().db.select().from(users).where(eq(users.id, userId));
  return u;
}

/** The reset link of the last account e-mail in the outbox, as the worker would write it. */
async function lastLinkToken(): Promise<string> {
  const rows = await database().db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password_reset'));
  const row = rows.at(-1)!;
  const mail = await loadAccountEmail({ dedupeKey: row.dedupeKey, kind: 'password_reset' });
  if ('skip' in mail) throw new Error(mail.skip);
  const m = /\/login\/redefinir\/([A-Za-z0-9_-]+)/.exec(mail.rendered.text);
  return m![1];
}

withCleanLimits();
beforeEach(async () => {
  const { db } = database();
  await db.delete(emailOutbox);
  await db.delete(accountTokens);
  await db.delete(users);
  const r = await createMerchant({ email: EMAIL, name: 'Dona', password: OLD });
  if (!r.ok) throw new Error(r.error);
  userId = r.id;
});

describe('requestPasswordReset', () => {
  it('answers the same for an account and for an unknown e-mail; only the account gets an e-mail', async () => {
    const known = await requestPasswordReset({ email: ' Dona@Loja.com.br ', ip: IP });
    const unknown = await requestPasswordReset({ email: 'ninguem@loja.com.br', ip: IP });
    expect(known).toEqual({ ok: true, message: RESET_MESSAGES.sent });
    expect(unknown).toEqual(known);
    const outbox = await database().db.select().from(emailOutbox);
    expect(outbox.map((r) => [r.kind, r.recipient, r.orderId])).toEqual([['password_reset', EMAIL, null]]);
  });

  it('keeps only the sha256 of the link: the token is nowhere in the database', async () => {
    await requestPasswordReset({ email: EMAIL, ip: IP });
    const token = await lastLinkToken();
    const [row] = await database().db.select().from(accountTokens);
    expect(row.tokenSha256).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify([await database().db.select().from(accountTokens), await database().db.select().from(emailOutbox)]);
    expect(dump).not.toContain(token);
  });

  it('is sent by the outbox into the mail catcher, with the link', async () => {
    await requestPasswordReset({ email: EMAIL, ip: IP });
    expect(await drainOutbox({ transport: catcherTransport })).toMatchObject({ sent: 1 });
    const [row] = await database().db.select().from(emailOutbox);
    expect(row.status).toBe('sent');
  });

  it('is limited per account (3 a minute) whatever the address, and per address (5 a minute)', async () => {
    for (let i = 0; i < 3; i++) expect((await requestPasswordReset({ email: EMAIL, ip: `198.51.100.${i}` })).ok).toBe(true);
    expect(await requestPasswordReset({ email: EMAIL, ip: '198.51.100.99' })).toEqual({ ok: false, error: RESET_MESSAGES.limited });
    for (let i = 0; i < 5; i++) expect((await requestPasswordReset({ email: `x${i}@loja.com.br`, ip: '192.0.2.1' })).ok).toBe(true);
    expect((await requestPasswordReset({ email: 'y@loja.com.br', ip: '192.0.2.1' })).ok).toBe(false);
  });

  it('is capped per e-mail per day (10), for an account and an unknown e-mail alike, however slowly asked', async () => {
    const day0 = Date.now();
    const ask = (email: string, minute: number) => requestPasswordReset({ email, ip: `198.51.100.${minute}` }, day0 + minute * 60_000);
    for (const email of [EMAIL, 'ninguem@loja.com.br']) {
      for (let minute = 0; minute < 10; minute++) expect((await ask(email, minute)).ok).toBe(true);
      expect(await ask(email, 30)).toEqual({ ok: false, error: RESET_MESSAGES.limitedToday });
      // The next day the e-mail has its budget again.
      expect((await ask(email, 24 * 60 + 1)).ok).toBe(true);
    }
    const sent = await database().db.select().from(emailOutbox);
    expect(sent).toHaveLength(11);
  });

  it('refuses a malformed e-mail next to the field', async () => {
    expect(await requestPasswordReset({ email: 'não-é-email', ip: IP })).toMatchObject({ ok: false, fieldErrors: { email: RESET_MESSAGES.invalidEmail } });
  });

  it('gives the public demo account no reset link', async () => {
    await database().db.update(users).set({ role: 'demo' }).where(eq(users.id, userId));
    expect((await requestPasswordReset({ email: EMAIL, ip: IP })).ok).toBe(true);
    expect(await database().db.select().from(emailOutbox)).toHaveLength(0);
  });
});

describe('resetPassword', () => {
  it('sets the new password once, ends every session, and a second use of the link is refused', async () => {
    await requestPasswordReset({ email: EMAIL, ip: IP });
    const token = await lastLinkToken();
    const before = (await user()).sessionVersion;
    expect(await resetPassword({ token, password: NEW, confirm: NEW, ip: IP })).toEqual({ ok: true, message: RESET_MESSAGES.done });
    const after = await user();
    expect(after.sessionVersion).toBe(before + 1);
    expect(await bcrypt.compare(NEW, after.passwordHash)).toBe(true);
    expect(await resetPassword({ token, password: 'outra-senha-nova', confirm: 'outra-senha-nova', ip: IP })).toEqual({ ok: false, error: RESET_MESSAGES.invalidLink });
    expect(await bcrypt.compare(NEW, (await user()).passwordHash)).toBe(true);
    const log = await database().db.select().from(activityLog).where(eq(activityLog.action, 'password_reset'));
    expect(log).toMatchObject([{ actorEmail: EMAIL, ip: IP }]);
  });

  it('refuses an expired link (1 hour) and one never issued', async () => {
    const t0 = Date.now();
    await requestPasswordReset({ email: EMAIL, ip: IP }, t0);
    const token = await lastLinkToken();
    expect(await resetPassword({ token, password: NEW, confirm: NEW, ip: IP }, t0 + RESET_TTL_MS + 1)).toEqual({ ok: false, error: RESET_MESSAGES.invalidLink });
    expect(await resetPassword({ token: 'x'.repeat(43), password: NEW, confirm: NEW, ip: IP })).toEqual({ ok: false, error: RESET_MESSAGES.invalidLink });
  });

  it('a used link voids the account’s other reset links', async () => {
    await requestPasswordReset({ email: EMAIL, ip: IP });
    const first = await lastLinkToken();
    await requestPasswordReset({ email: EMAIL, ip: IP });
    const second = await lastLinkToken();
    expect(second).not.toBe(first);
    expect((await resetPassword({ token: second, password: NEW, confirm: NEW, ip: IP })).ok).toBe(true);
    expect((await resetPassword({ token: first, password: 'mais-uma-senha', confirm: 'mais-uma-senha', ip: IP })).ok).toBe(false);
  });

  it('checks the password rules and the confirmation next to their fields', async () => {
    await requestPasswordReset({ email: EMAIL, ip: IP });
    const token = await lastLinkToken();
    expect(await resetPassword({ token, password: 'curta', confirm: 'curta', ip: IP })).toMatchObject({ ok: false, fieldErrors: { password: 'A senha precisa de pelo menos 10 caracteres.' } });
    expect(await resetPassword({ token, password: '1234567890', confirm: '1234567890', ip: IP })).toMatchObject({ ok: false, fieldErrors: { password: 'Essa senha é comum demais. Escolha outra.' } });
    expect(await resetPassword({ token, password: NEW, confirm: NEW + 'x', ip: IP })).toMatchObject({ ok: false, fieldErrors: { confirm: 'As senhas não conferem.' } });
    // Refusals do not use the link up.
    expect((await resetPassword({ token, password: NEW, confirm: NEW, ip: IP })).ok).toBe(true);
  });
});

describe('changePassword', () => {
  it('asks for the current password, then changes it and ends every session', async () => {
    const me = { id: userId, email: EMAIL };
    expect(await changePassword(me, { current: 'errada-errada', password: NEW, confirm: NEW, ip: IP })).toMatchObject({ ok: false, fieldErrors: { current: CHANGE_MESSAGES.wrongCurrent } });
    expect(await changePassword(me, { current: OLD, password: OLD, confirm: OLD, ip: IP })).toMatchObject({ ok: false, fieldErrors: { password: CHANGE_MESSAGES.same } });
    const before = (await user()).sessionVersion;
    expect(await changePassword(me, { current: OLD, password: NEW, confirm: NEW, ip: IP })).toEqual({ ok: true, message: CHANGE_MESSAGES.done });
    expect((await user()).sessionVersion).toBe(before + 1);
    expect(await bcrypt.compare(NEW, (await user()).passwordHash)).toBe(true);
    const [entry] = await database().db.select().from(activityLog).where(eq(activityLog.action, 'password_changed'));
    expect(entry).toMatchObject({ actorId: userId, actorEmail: EMAIL, ip: IP });
    expect(JSON.stringify(entry)).not.toContain(NEW);
  });
});
