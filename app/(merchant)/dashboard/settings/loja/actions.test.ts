/**
 * Configurações → Loja through the envelope: the owner saves name, colour, CNPJ and a logo
 * (stored as WebP); a low-contrast colour is refused on its field with nothing stored; the
 * demonstration account of a public demo is refused.
 */
import { encode } from 'next-auth/jwt';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { shopIdentity, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { getShopIdentity, policyText, storedPolicies } from '@/lib/shop/identity';
import { defaultPolicy } from '@/lib/shop/policies';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const { saveShopIdentityAction, savePoliciesAction } = await import('./actions');

let owner: string;
let demo: string;

const as = (cookie: string) => {
  jar.cookies = [{ name: 'next-auth.session-token', value: cookie }];
};

beforeAll(async () => {
  await ensureMigrated();
  const [o] = await db().insert(users).values({ email: 'dona-loja@balcao.dev', name: 'Dona', passwordHash: 'x', role: 'owner' }).returning();
  const [d] = await db().insert(users).values({ email: 'demo-loja@balcao.dev', name: 'Demo', passwordHash: 'x', role: 'demo' }).returning();
  owner = await encode({ token: { sub: String(o.id), sv: 0 }, secret: env().authSecret });
  demo = await encode({ token: { sub: String(d.id), sv: 0 }, secret: env().authSecret });
});
beforeEach(async () => {
  jar.cookies = [];
  await db().delete(shopIdentity);
});

describe('saveShopIdentityAction', () => {
  it('a shop never saved is neutral: "Loja", not set up', async () => {
    expect(await getShopIdentity()).toMatchObject({ name: 'Loja', configured: false });
  });

  it('the owner saves name, colour, CNPJ and a logo stored as WebP', async () => {
    as(owner);
    const png = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#3b2a1a' } }).png().toBuffer();
    const state = await saveShopIdentityAction(
      null,
      fd({ name: 'Torrefação do Zé', color: '#3B2A1A', document: '11.222.333/0001-81', logo: new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }) }),
    );
    expect(state).toMatchObject({ ok: true, message: 'Dados da loja salvos.' });
    const s = await getShopIdentity();
    expect(s).toMatchObject({ name: 'Torrefação do Zé', color: '#3b2a1a', document: '11222333000181', configured: true });
    const [row] = await db().select().from(shopIdentity);
    expect((await sharp(row.logo!).metadata()).format).toBe('webp');
    expect(s.logo?.width).toBe(320);
  });

  it('refuses a colour without contrast, on its field, storing nothing and keeping what was typed', async () => {
    as(owner);
    const state = await saveShopIdentityAction(null, fd({ name: 'Torrefação do Zé', color: '#ffdd55' }));
    expect(state).toMatchObject({ ok: false, values: { name: 'Torrefação do Zé', color: '#ffdd55' } });
    expect(state && !state.ok && state.fieldErrors?.color).toMatch(/^Contraste insuficiente: 1,\d:1 .*mínimo 4,5:1/);
    expect(await db().select().from(shopIdentity)).toEqual([]);
  });

  it('refuses a file that is not an image on the logo field', async () => {
    as(owner);
    const state = await saveShopIdentityAction(null, fd({ name: 'Zé', logo: new File(['GIF89a'], 'logo.png', { type: 'image/png' }) }));
    expect(state).toMatchObject({ ok: false, fieldErrors: { logo: 'Este arquivo não é uma imagem. Envie uma imagem JPEG, PNG ou WebP.' } });
    expect(await db().select().from(shopIdentity)).toEqual([]);
  });

  it('the demonstration account cannot change the shop', async () => {
    as(demo);
    expect(await saveShopIdentityAction(null, fd({ name: 'GANHE R$500' }))).toMatchObject({ ok: false, error: 'Conta de demonstração: não pode alterar a loja.' });
    expect(await db().select().from(shopIdentity)).toEqual([]);
  });

  it('without a session nothing runs', async () => {
    expect(await saveShopIdentityAction(null, fd({ name: 'X' }))).toMatchObject({ ok: false });
    expect(await db().select().from(shopIdentity)).toEqual([]);
  });

  it('policies: a rewritten text is stored; empty or the default text means the default, which follows the shop', async () => {
    as(owner);
    await saveShopIdentityAction(null, fd({ name: 'Torrefação do Zé', contactEmail: 'ze@cafe.com.br' }));
    const shop = await getShopIdentity();
    const own = '# Trocas\n\nTrocamos em até **30 dias**.';
    expect(await savePoliciesAction(null, fd({ policyReturns: own, policyPrivacy: '', policyTerms: defaultPolicy('termos', shop) }))).toMatchObject({ ok: true, message: 'Políticas salvas.' });
    expect(await storedPolicies()).toEqual({ trocas: own, privacidade: null, termos: null });
    expect(await policyText('privacidade', shop)).toContain('Torrefação do Zé');
    expect(await policyText('trocas', shop)).toBe(own);
    expect(await getShopIdentity()).toMatchObject({ name: 'Torrefação do Zé', configured: true });

    as(demo);
    expect(await savePoliciesAction(null, fd({ policyReturns: 'golpe', policyPrivacy: '', policyTerms: '' }))).toMatchObject({ ok: false, error: 'Conta de demonstração: não pode alterar a loja.' });
    expect((await storedPolicies()).trocas).toBe(own);
  });

  it('policies saved before the shop has a name leave it a shop to set up', async () => {
    as(owner);
    expect(await savePoliciesAction(null, fd({ policyReturns: 'Texto', policyPrivacy: '', policyTerms: '' }))).toMatchObject({ ok: true });
    expect(await getShopIdentity()).toMatchObject({ name: 'Loja', configured: false });
  });
});
