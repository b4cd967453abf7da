/** The links' server actions check the session on the server before anything else. */
import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { paymentLinks, users } from '@/db/schema';
import { SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { env } from '@/lib/config/env';
import { createLink, linkById } from '@/lib/links/links';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
const redirects = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    redirects.to.push(to);
    throw new Error('NEXT_REDIRECT');
  },
}));

const actions = await import('./actions');
let sessionCookie: string;

const newLinkForm = () => fd({ title: 'Bolo de cenoura', amountMode: 'fixed', amount: '150,00', methods: 'both', maxPayments: '1' });
const linkCount = async () => (await db().select().from(paymentLinks)).length;

beforeAll(async () => {
  await ensureMigrated();
  const [u] = await db().insert(users).values({ email: 'links@balcao.dev', name: 'Loja Links', passwordHash: 'x' }).returning();
  sessionCookie = await encode({ token: { sub: String(u.id) }, secret: env().authSecret });
});
beforeEach(() => {
  jar.cookies = [];
  redirects.to = [];
});
const signIn = () => {
  jar.cookies = [{ name: 'next-auth.session-token', value: sessionCookie }];
};

describe('payment link actions', () => {
  it('refuse everything without a session (or with a forged one), changing nothing', async () => {
    const link = await createLink({ title: 'X', description: null, amountCents: 1000, minAmountCents: null, methods: 'both', pixDiscount: true, expiresOn: null, maxPayments: null }, 'a@b.c');
    const before = await linkCount();
    for (const cookies of [[], [{ name: 'next-auth.session-token', value: 'forged' }]]) {
      jar.cookies = cookies;
      expect(await actions.createLinkAction(null, newLinkForm())).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
      expect(await actions.disableLinkAction(null, fd({ linkId: link.id }))).toMatchObject({ ok: false, error: SESSION_EXPIRED_MESSAGE });
    }
    expect(await linkCount()).toBe(before);
    expect((await linkById(link.id))?.disabledAt).toBeNull();
  });

  it("create a link as the signed-in merchant and go to its page; a refused form comes back with each field's message and the values", async () => {
    signIn();
    const refused = await actions.createLinkAction(null, fd({ title: '', amountMode: 'fixed', amount: '3', methods: 'both' }));
    expect(refused).toMatchObject({ ok: false, error: 'Confira os campos destacados.', fieldErrors: { title: expect.any(String), amount: expect.stringMatching(/R\$ 5,00/) }, values: { amount: '3' } });
    await expect(actions.createLinkAction(null, newLinkForm())).rejects.toThrow('NEXT_REDIRECT');
    const id = /^\/dashboard\/links\/([0-9a-f-]{36})\?novo=1$/.exec(redirects.to[0])?.[1];
    expect(await linkById(id!)).toMatchObject({ title: 'Bolo de cenoura', amountCents: 15000, maxPayments: 1, createdBy: 'links@balcao.dev' });
    expect(await actions.disableLinkAction(null, fd({ linkId: id! }))).toMatchObject({ ok: true, message: 'Link desativado: ele não aceita mais pagamentos.' });
    expect(await actions.disableLinkAction(null, fd({ linkId: 'nao-existe' }))).toMatchObject({ ok: false, error: 'Link não encontrado.' });
  });
});
