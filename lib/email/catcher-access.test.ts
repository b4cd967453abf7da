/**
 * Who reads the mail catcher in a public demo: the Dono's "exigir verificação em duas etapas"
 * covers it as it covers the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { accountPolicy } from '@/db/schema';
import { startProcessContext } from '@/lib/process/context';
import { insertPerson, sessionCookiesOf } from '@/test/auth/session';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
const { catcherAccess } = await import('./catcher');

const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: 's'.repeat(32), AUTH_SECRET: 'a'.repeat(40) });
  startProcessContext();
  await ensureMigrated();
});
afterAll(() => {
  for (const k of ['SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET']) delete process.env[k];
  Object.assign(process.env, saved);
  startProcessContext();
});

async function signInAs(email: string, role: 'owner' | 'manager' | 'demo', totp: boolean): Promise<void> {
  jar.cookies = await sessionCookiesOf(await insertPerson(email, role, totp));
}

describe('the catcher and the two-step requirement', () => {
  it('without the requirement, an owner reads it whole and a manager masked', async () => {
    await signInAs('dono1@loja.example', 'owner', false);
    expect(await catcherAccess()).toBe('open');
    await signInAs('gerente1@loja.example', 'manager', false);
    expect(await catcherAccess()).toBe('masked');
  });

  it('with it, a covered person who has not enabled two-step sign-in is sent to enable it first', async () => {
    await db().insert(accountPolicy).values({ id: 1, requireTwoFactor: true }).onConflictDoUpdate({ target: accountPolicy.id, set: { requireTwoFactor: true } });
    await signInAs('dono2@loja.example', 'owner', false);
    expect(await catcherAccess()).toBe('needs_two_factor');
    await signInAs('gerente2@loja.example', 'manager', false);
    expect(await catcherAccess()).toBe('needs_two_factor');
    await signInAs('dono3@loja.example', 'owner', true);
    expect(await catcherAccess()).toBe('open');
    // The public demo's shared login is never covered (it cannot enable it).
    await signInAs('demo2@loja.example', 'demo', false);
    expect(await catcherAccess()).toBe('masked');
  });
});
