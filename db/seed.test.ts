/** The demo merchant's role: an owner in development, a limited demonstration account in a public demo. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '@/lib/auth/create-merchant';
import { database, db, ensureMigrated } from './index';
import { users } from './schema';
import { getCarrierSettings, quotesWithCarrier } from '@/lib/shipping/carrier';
import { DEMO_IDENTITY, DEMO_MERCHANT, limitDemoMerchant, seed } from './seed';

const roleOf = async (email: string) => (await db().select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

beforeAll(async () => {
  await ensureMigrated();
});

describe('the demo merchant', () => {
  it('is an owner when seeded for development, as before', async () => {
    await seed(database(), { demoMerchant: true });
    expect(await roleOf(DEMO_MERCHANT.email)).toBe('owner');
  });

  it('becomes a demonstration account in a public demo, even on a database seeded before; a real owner is never limited', async () => {
    const created = await createMerchant({ email: 'dona@loja.example', name: 'Loja da Dona', password: 'uma-senha-longa' });
    expect(created.ok).toBe(true);
    expect(await limitDemoMerchant(database())).toBe(true);
    expect(await roleOf(DEMO_MERCHANT.email)).toBe('demo');
    expect(await roleOf('dona@loja.example')).toBe('owner');
    // Once is enough: nothing more to change.
    expect(await limitDemoMerchant(database())).toBe(false);
  });
});

describe('the demo shop', () => {
  it('quotes with Melhor Envio from its own CEP (the embedded carrier sandbox, with no token and the sandbox on)', async () => {
    await seed(database(), { demoMerchant: true });
    const carrier = await getCarrierSettings();
    expect(carrier).toMatchObject({ enabled: true, hasToken: false, originZip: DEMO_IDENTITY.addressZip, services: [1, 2, 3, 31] });
    expect(quotesWithCarrier(carrier)).toBe(true);
  });
});
