// npm run merchant:reset-password -- --email lojista@exemplo.com.br
// A new password for a lost account (a Dono who lost theirs), set by whoever runs the server.
// The password comes from stdin (piped) or is asked for twice, without echo; the same rules
// as in the app (lib/auth/password-rules.ts). Every session of the account ends.
import { ensureMigrated } from '@/db';
import { endProcessContext } from '@/lib/process/context';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password-rules';
import { setPasswordOnServer } from '@/lib/accounts/set-password';
import { env } from '@/lib/config/env';
import { arg, readPassword } from './lib/cli-input';

async function main() {
  const email = arg('email');
  if (!email) {
    console.error('Uso: npm run merchant:reset-password -- --email lojista@exemplo.com.br  (nova senha pelo stdin ou digitada)');
    process.exit(2);
  }
  env();
  await ensureMigrated();
  const password = await readPassword(`Nova senha (mínimo ${MIN_PASSWORD_LENGTH} caracteres): `);
  const result = await setPasswordOnServer(email, password);
  endProcessContext();
  if (!result.ok) {
    console.error(`merchant:reset-password: ${result.error}`);
    process.exit(1);
  }
  console.log(`Nova senha de ${result.email} salva; todas as sessões dessa conta foram encerradas. Entre em ${env().appUrl}/login`);
}

main().catch((e) => {
  console.error(`merchant:reset-password falhou: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
