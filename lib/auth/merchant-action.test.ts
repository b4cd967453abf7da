/** The one envelope of merchant actions: session, permission, parsing and outcome, each able to stop the run. */
import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { db, ensureMigrated } from '@/db';
import { users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { UNEXPECTED, done } from './action-state';
import { SESSION_EXPIRED_MESSAGE } from './session';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
const redirects = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    redirects.to.push(to);
    throw Object.assign(new Error('NEXT_REDIRECT'), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
}));

const { merchantAction, merchantFor } = await import('./merchant-action');

let owner: string;
let demo: string;
const as = (cookie: string | null) => {
  jar.cookies = cookie ? [{ name: 'next-auth.session-token', value: cookie }] : [];
};

beforeAll(async () => {
  await ensureMigrated();
  const [o] = await db().insert(users).values({ email: 'envelope-dono@balcao.dev', name: 'Dono', passwordHash: 'x' }).returning();
  const [d] = await db().insert(users).values({ email: 'envelope-demo@balcao.dev', name: 'Demo', passwordHash: 'x', role: 'demo' }).returning();
  owner = await encode({ token: { sub: String(o.id) }, secret: env().authSecret });
  demo = await encode({ token: { sub: String(d.id) }, secret: env().authSecret });
});
beforeEach(() => {
  as(null);
  redirects.to = [];
});

describe('merchantAction', () => {
  const run = vi.fn(async (input: unknown) => done(`ok ${JSON.stringify(input)}`));
  beforeEach(() => run.mockClear());

  it('without a session: refused, nothing runs', async () => {
    const action = merchantAction({ name: 't', permission: 'orders:act' }, run);
    expect(await action(null, fd({}))).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
    expect(run).not.toHaveBeenCalled();
  });

  it('a role without the permission: refused in Portuguese, nothing runs, not even the parser', async () => {
    const parse = vi.fn(() => ({ ok: true as const, value: 1 }));
    const action = merchantAction({ name: 't', permission: 'catalog:edit', parse }, run);
    as(demo);
    expect(await action(null, fd({}))).toMatchObject({ ok: false, error: 'Conta de demonstração: não pode alterar produtos nem fotos.' });
    expect(parse).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    // The same role runs what it may do.
    expect(await merchantAction({ name: 't', permission: 'orders:act' }, run)(null, fd({}))).toMatchObject({ ok: true });
  });

  it('a form parser’s field errors go back with what was typed', async () => {
    const action = merchantAction(
      { name: 't', permission: 'settings:edit', parse: () => ({ ok: false, fieldErrors: { a: 'Informe a.' }, values: { a: '' } }) },
      run,
    );
    as(owner);
    expect(await action(null, fd({ a: '' }))).toMatchObject({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { a: 'Informe a.' }, values: { a: '' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('a zod schema parses the form’s fields, its first message per field', async () => {
    const schema = z.object({ n: z.coerce.number().int({ message: 'Um número inteiro.' }).min(1, { message: 'A partir de 1.' }) });
    const action = merchantAction({ name: 't', permission: 'settings:edit', parse: schema }, run);
    as(owner);
    expect(await action(null, fd({ n: '0' }))).toMatchObject({ ok: false, fieldErrors: { n: 'A partir de 1.' }, values: { n: '0' } });
    expect(await action(null, fd({ n: '7' }))).toMatchObject({ ok: true, message: 'ok {"n":7}' });
  });

  it('an unexpected error is logged and answered, never thrown; onError words it', async () => {
    as(owner);
    const boom = async () => {
      throw new Error('disco cheio');
    };
    expect(await merchantAction({ name: 't', permission: 'orders:act' }, boom)(null, fd({}))).toMatchObject({ ok: false, error: UNEXPECTED });
    const worded = merchantAction({ name: 't', permission: 'orders:act', onError: () => ({ ok: false, error: 'O provedor não respondeu.', at: 1 }) }, boom);
    expect(await worded(null, fd({}))).toMatchObject({ ok: false, error: 'O provedor não respondeu.' });
  });

  it('a redirect outcome, or a redirect thrown inside, reaches Next', async () => {
    as(owner);
    await expect(merchantAction({ name: 't', permission: 'links:edit' }, async () => ({ redirect: '/x' }))(null, fd({}))).rejects.toThrow('NEXT_REDIRECT');
    const { redirect } = await import('next/navigation');
    await expect(
      merchantAction({ name: 't', permission: 'links:edit' }, async () => redirect('/y'))(null, fd({})),
    ).rejects.toThrow('NEXT_REDIRECT');
    expect(redirects.to).toEqual(['/x', '/y']);
  });
});

describe('merchantFor (route handlers)', () => {
  it('401 without a session, 403 without the permission, the merchant with it', async () => {
    expect(await merchantFor('dashboard:view')).toMatchObject({ ok: false, status: 401 });
    as(demo);
    expect(await merchantFor('catalog:edit')).toMatchObject({ ok: false, status: 403, error: 'Conta de demonstração: não pode alterar produtos nem fotos.' });
    expect(await merchantFor('dashboard:view')).toMatchObject({ ok: true, merchant: { role: 'demo' } });
  });
});
