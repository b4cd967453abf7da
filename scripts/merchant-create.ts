// npm run merchant:create -- --email lojista@exemplo.com.br --name "Minha Loja"
// The password comes from stdin (piped) or is asked for twice, without echo.
// At least 10 characters; stored as a bcrypt hash (cost 12); an existing e-mail is refused.
import { ensureMigrated } from '@/db';
import { endProcessContext } from '@/lib/process/context';
import { createMerchant, MIN_PASSWORD_LENGTH } from '@/lib/auth/create-merchant';
import { env } from '@/lib/config/env';
import { arg, readPassword } from './lib/cli-input';

async function main() {
  const email = arg('email');
  const name = arg('name');
  if (!email || !name) {
    console.error('Uso: npm run merchant:create -- --email lojista@exemplo.com.br --name "Nome da loja"  (senha pelo stdin ou digitada)');
    process.exit(2);
  }
  env();
  await ensureMigrated();
  const password = await readPassword(`Senha (mínimo ${MIN_PASSWORD_LENGTH} caracteres): `);
  const result = await createMerchant({ email, name, password });
  endProcessContext();
  if (!result.ok) {
    console.error(`merchant:create: ${result.error}`);
    process.exit(1);
  }
  console.log(`Lojista ${result.email} criado (id ${result.id}). Entre em ${env().appUrl}/login`);
}

main().catch((e) => {
  console.error(`merchant:create falhou: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
