import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { users } from '@/db/schema';
import { BCRYPT_COST, createMerchant } from './create-merchant';

beforeAll(() => ensureMigrated());

describe('createMerchant', () => {
  it("stores a lower-case e-mail and a bcrypt hash of the shop's one cost", async () => {
    const r = await createMerchant({ email: ' Loja@Exemplo.com.BR ', name: ' Minha Loja ', password: 'uma-senha-boa' });
    expect(r).toMatchObject({ ok: true, email: 'loja@exemplo.com.br' });
    const [u] = await db().select().from(users).where(eq(users.email, 'loja@exemplo.com.br'));
    expect(u.name).toBe('Minha Loja');
    expect(bcrypt.getRounds(u.passwordHash)).toBe(BCRYPT_COST);
    expect(await bcrypt.compare('uma-senha-boa', u.passwordHash)).toBe(true);
  });

  it('refuses a duplicate e-mail (any case)', async () => {
    await createMerchant({ email: 'dup@exemplo.com', name: 'A', password: 'outra-senha-boa' });
    const r = await createMerchant({ email: 'DUP@exemplo.com', name: 'B', password: 'outra-senha-boa' });
    expect(r).toEqual({ ok: false, error: 'Já existe um lojista com o e-mail dup@exemplo.com.' });
  });

  it.each([
    [{ email: 'x@y.com', name: 'X', password: '123456789' }, 'A senha precisa de pelo menos 10 caracteres.'],
    [{ email: 'x@y.com', name: 'X', password: ' '.repeat(12) }, 'A senha não pode ser só espaços.'],
    [{ email: 'x@y.com', name: 'X', password: 'é'.repeat(40) }, 'A senha pode ter no máximo 72 bytes.'],
    [{ email: 'não-é-email', name: 'X', password: 'outra-senha-boa' }, 'E-mail inválido.'],
    [{ email: 'x@y.com', name: '  ', password: 'outra-senha-boa' }, 'Informe o nome.'],
  ])('refuses %o', async (input, error) => {
    expect(await createMerchant(input)).toEqual({ ok: false, error });
  });
});
