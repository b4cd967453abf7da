import { beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { database, ensureMigrated } from '@/db';
import { activityLog, users } from '@/db/schema';
import { createMerchant } from '@/lib/auth/create-merchant';
import { setPasswordOnServer } from './set-password';

beforeAll(ensureMigrated);

describe('setPasswordOnServer (npm run merchant:reset-password)', () => {
  it('sets a new password for a lost account, ends its sessions and records it', async () => {
    const r = await createMerchant({ email: 'perdida@loja.com.br', name: 'Dona', password: 'senha-esquecida' });
    if (!r.ok) throw new Error(r.error);
    expect(await setPasswordOnServer(' Perdida@Loja.com.br ', 'senha-nova-boa')).toEqual({ ok: true, email: 'perdida@loja.com.br' });
    const [u] = await database().db.select().from(users).where(eq(users.id, r.id));
    expect(await bcrypt.compare('senha-nova-boa', u.passwordHash)).toBe(true);
    expect(u.sessionVersion).toBe(1);
    expect(await database().db.select().from(activityLog).where(eq(activityLog.actorEmail, 'perdida@loja.com.br'))).toMatchObject([{ action: 'password_reset' }]);
  });

  it('keeps the password rules and names an unknown account', async () => {
    expect(await setPasswordOnServer('perdida@loja.com.br', 'qwertyuiop')).toEqual({ ok: false, error: 'Essa senha é comum demais. Escolha outra.' });
    expect(await setPasswordOnServer('ninguem@loja.com.br', 'senha-nova-boa')).toEqual({ ok: false, error: 'Não existe conta com o e-mail ninguem@loja.com.br.' });
  });
});
