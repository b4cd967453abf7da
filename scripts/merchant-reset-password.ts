// npm run merchant:reset-password -- --email lojista@exemplo.com.br
// A new password for a lost account (a Dono who lost theirs), set by whoever runs the server.
// The password comes from stdin (piped) or is asked for twice, without echo; the same rules
// as in the app (lib/auth/password-rules.ts). Every session of the account ends.
import { ensureMigrated } from '@/db';
import { endProcessContext } from '@/lib/process/context';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password-rules';
import { setPasswordOnServer } from '@/lib/accounts/set-password';
import { env } from '@/lib/config/env';

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Reads one line from the terminal without showing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          return reject(new Error('cancelado'));
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await promptHidden(`Nova senha (mínimo ${MIN_PASSWORD_LENGTH} caracteres): `);
  const second = await promptHidden('Repita a senha: ');
  if (first !== second) throw new Error('as senhas não conferem');
  return first;
}

async function main() {
  const email = arg('email');
  if (!email) {
    console.error('Uso: npm run merchant:reset-password -- --email lojista@exemplo.com.br  (nova senha pelo stdin ou digitada)');
    process.exit(2);
  }
  env();
  await ensureMigrated();
  const password = await readPassword();
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
