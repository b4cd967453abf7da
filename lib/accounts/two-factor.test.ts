import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { database } from '@/db';
import { accountPolicy, activityLog, totpRecoveryCodes, users } from '@/db/schema';
import { createMerchant } from '@/lib/auth/create-merchant';
import { authorizeLogin, SecondStepInvalidError, SecondStepLockedError, SecondStepRequiredError } from '@/lib/auth/login';
import { mustEnrollTwoFactor } from '@/lib/auth/two-factor';
import { withCleanLimits } from '@/test/security/rate-limits';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, RECOVERY_CODE_COUNT, setTwoFactorRequirement, TWO_FACTOR_MESSAGES } from './two-factor';

/** A fixed clock: every code in this file is computed for these instants. */
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const at = (ms: number) => Math.floor(ms / 1000);
const EMAIL = 'dono@loja.com.br';
const PASSWORD = 'senha-do-dono-boa';
const headers = { 'x-forwarded-for': '203.0.113.77' };
let me: { id: number; email: string };

async function enable(): Promise<{ secret: string; codes: string[] }> {
  const begun = await beginTwoFactor(me, 'Café');
  if (!begun.ok) throw new Error(begun.error);
  const confirmed = await confirmTwoFactor(me, generateSync({ secret: begun.secret, epoch: at(T0) }), '203.0.113.77', T0);
  if (!confirmed.ok) throw new Error(confirmed.error);
  return { secret: begun.secret, codes: confirmed.codes };
}

const login = (code: string | undefined, nowMs: number) => authorizeLogin({ email: EMAIL, password: PASSWORD, ...(code !== undefined ? { code } : {}) }, headers, nowMs);

withCleanLimits();
beforeEach(async () => {
  await database().db.delete(users);
  await database().db.delete(accountPolicy);
  const r = await createMerchant({ email: EMAIL, name: 'Dono', password: PASSWORD });
  if (!r.ok) throw new Error(r.error);
  me = { id: r.id, email: EMAIL };
});

describe('enabling two-step sign-in', () => {
  it('shows a QR of an otpauth URI, turns on with a code from the app, and gives 10 recovery codes stored hashed', async () => {
    const begun = await beginTwoFactor(me, 'Café');
    if (!begun.ok) throw new Error(begun.error);
    expect(begun.uri).toMatch(/^otpauth:\/\/totp\/Caf%C3%A9:dono%40loja\.com\.br\?secret=[A-Z2-7]+&issuer=Caf%C3%A9$/);
    expect(begun.qr).toMatch(/^data:image\/png;base64,/);
    const [u] = await database().db.select().from(users).where(eq(users.id, me.id));
    expect(u.totpSecret).not.toContain(begun.secret); // sealed
    expect(u.totpEnabledAt).toBeNull();
    expect(await confirmTwoFactor(me, '000000', null, T0)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode });
    const confirmed = await confirmTwoFactor(me, generateSync({ secret: begun.secret, epoch: at(T0) }), null, T0);
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect(confirmed.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await database().db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, me.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(stored)).not.toContain(confirmed.codes[0]);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for the code after the right password, accepts a code from a fixed clock once, refuses a wrong one', async () => {
    const { secret } = await enable();
    const t1 = T0 + 5 * 60_000;
    await expect(login(undefined, t1)).rejects.toBeInstanceOf(SecondStepRequiredError);
    await expect(login('123456', t1)).rejects.toBeInstanceOf(SecondStepInvalidError);
    const code = generateSync({ secret, epoch: at(t1) });
    expect(await login(code, t1)).toMatchObject({ id: me.id });
    await expect(login(code, t1 + 1000)).rejects.toBeInstanceOf(SecondStepInvalidError); // the same code twice: refused
    expect(await login(generateSync({ secret, epoch: at(t1 + 60_000) }), t1 + 60_000)).toMatchObject({ id: me.id });
  });

  it('a wrong password never reaches the code', async () => {
    await enable();
    expect(await authorizeLogin({ email: EMAIL, password: 'senha-errada-xx' }, headers, T0)).toBeNull();
  });

  it('accepts each recovery code once, whatever its case and dash', async () => {
    const { codes } = await enable();
    const t1 = T0 + 60_000;
    expect(await login(codes[3].toUpperCase().replace('-', ' '), t1)).toMatchObject({ id: me.id });
    await expect(login(codes[3], t1)).rejects.toBeInstanceOf(SecondStepInvalidError);
    const log = await database().db.select().from(activityLog).where(eq(activityLog.action, 'sign_in'));
    expect(log.at(-1)?.summary).toBe('Entrou no painel com um código de recuperação');
  });

  it('turns off with a code; the password alone signs in again', async () => {
    const { secret } = await enable();
    const t1 = T0 + 120_000;
    expect(await disableTwoFactor(me, '111111', null, t1)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await disableTwoFactor(me, generateSync({ secret, epoch: at(t1) }), null, t1)).ok).toBe(true);
    expect(await login(undefined, t1)).toMatchObject({ id: me.id });
  });
});

/** A 6-digit code that is not the one of `epoch` (nor its neighbours, almost surely). */
const wrongCode = (secret: string, epoch: number) => String((Number(generateSync({ secret, epoch })) + 500_000) % 1_000_000).padStart(6, '0');

describe('5 wrong codes lock the second step for 15 minutes, except for a recovery code', () => {
  it('at sign-in: after 5 wrong codes even the right app code is refused, a recovery code passes, and after 15 minutes app codes pass again', async () => {
    const { secret, codes } = await enable();
    const t1 = T0 + 60_000;
    for (let i = 0; i < 4; i++) await expect(login(wrongCode(secret, at(t1)), t1 + i * 1000)).rejects.toBeInstanceOf(SecondStepInvalidError);
    await expect(login(wrongCode(secret, at(t1)), t1 + 4000)).rejects.toBeInstanceOf(SecondStepLockedError);
    // The owner, with the right password and the app's code of the moment, is refused too...
    await expect(login(generateSync({ secret, epoch: at(t1 + 5000) }), t1 + 5000)).rejects.toBeInstanceOf(SecondStepLockedError);
    // ...but a recovery code signs them in.
    expect(await login(codes[0], t1 + 6000)).toMatchObject({ id: me.id });
    const later = t1 + 15 * 60_000 + 1000;
    expect(await login(generateSync({ secret, epoch: at(later) }), later)).toMatchObject({ id: me.id });
  });

  it('"Desativar" counts toward the same lock: after 5 wrong codes only a recovery code turns it off', async () => {
    const { secret, codes } = await enable();
    const t1 = T0 + 60_000;
    for (let i = 0; i < 4; i++) expect(await disableTwoFactor(me, wrongCode(secret, at(t1)), null, t1 + i * 1000)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.wrongCode });
    expect(await disableTwoFactor(me, wrongCode(secret, at(t1)), null, t1 + 4000)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.locked });
    expect(await disableTwoFactor(me, generateSync({ secret, epoch: at(t1 + 5000) }), null, t1 + 5000)).toEqual({ ok: false, error: TWO_FACTOR_MESSAGES.locked });
    // Wrong codes typed at "Desativar" lock the sign-in's app codes too: one account, one lock.
    await expect(login(generateSync({ secret, epoch: at(t1 + 35_000) }), t1 + 35_000)).rejects.toBeInstanceOf(SecondStepLockedError);
    expect((await disableTwoFactor(me, codes[1], null, t1 + 40_000)).ok).toBe(true);
  });
});

describe('the Dono requires it of whoever can refund or change settings', () => {
  it('Dono and Gerente must enable it; an Atendente and the public demo login are not asked', async () => {
    await setTwoFactorRequirement(me, true, null);
    const roles = ['manager', 'attendant', 'demo'] as const;
    const ids = await Promise.all(roles.map(async (role) => (await database().db.insert(users).values({ email: `${role}@loja.com.br`, name: role, passwordHash: 'x', role }).returning())[0].id));
    expect(await mustEnrollTwoFactor({ id: me.id, role: 'owner' })).toBe(true);
    expect(await Promise.all(roles.map((role, i) => mustEnrollTwoFactor({ id: ids[i], role })))).toEqual([true, false, false]);
    await enable();
    expect(await mustEnrollTwoFactor({ id: me.id, role: 'owner' })).toBe(false);
    await setTwoFactorRequirement(me, false, null);
    expect(await mustEnrollTwoFactor({ id: ids[0], role: 'manager' })).toBe(false);
  });
});
