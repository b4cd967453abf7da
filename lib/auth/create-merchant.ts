/**
 * Creating a merchant user (npm run merchant:create): checks, bcrypt cost 12, no duplicate
 * e-mail. No server-only import: it runs from a command-line script too.
 */
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db';
import { users } from '@/db/schema';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from './password-rules';

export { BCRYPT_COST, MIN_PASSWORD_LENGTH };

const schema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { message: 'E-mail longo demais.' })
    .pipe(z.email({ message: 'E-mail inválido.' })),
  name: z.string().trim().min(1, { message: 'Informe o nome.' }).max(100, { message: 'Use no máximo 100 caracteres no nome.' }),
  password: newPasswordSchema,
});

export type NewMerchant = z.input<typeof schema>;
export type CreateMerchantResult = { ok: true; id: number; email: string } | { ok: false; error: string };

export async function createMerchant(input: NewMerchant): Promise<CreateMerchantResult> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message };
  const { email, name, password } = parsed.data;
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { ok: false, error: `Já existe um lojista com o e-mail ${email}.` };
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const inserted = await db().insert(users).values({ email, name, passwordHash }).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  if (inserted.length === 0) return { ok: false, error: `Já existe um lojista com o e-mail ${email}.` };
  return { ok: true, id: inserted[0].id, email };
}
