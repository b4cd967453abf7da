/**
 * The account scripts run from a plain Node command line (tsx, no react-server condition): a
 * server-only module or next/navigation reached through a feature's face breaks them at import.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function run(script: string, args: string[], stdin: string, databaseUrl: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
  delete env.NODE_OPTIONS;
  return spawnSync(TSX, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env, input: stdin, encoding: 'utf8', timeout: 45_000 });
}

describe('the account scripts', () => {
  it('merchant:create makes an account and merchant:reset-password gives it a new password', { timeout: 150_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-scripts-'));
    const url = `file:${path.join(dir, 'app.db')}`;
    const created = run('merchant-create.ts', ['--email', 'Dona@Exemplo.com.br', '--name', 'Dona'], 'uma-senha-bem-longa-1\n', url);
    expect(created.stderr + created.stdout).toContain('Lojista dona@exemplo.com.br criado');
    expect(created.status).toBe(0);
    const reset = run('merchant-reset-password.ts', ['--email', 'dona@exemplo.com.br'], 'outra-senha-bem-longa-2\n', url);
    expect(reset.stderr + reset.stdout).toContain('Nova senha de dona@exemplo.com.br salva');
    expect(reset.status).toBe(0);
    const unknown = run('merchant-reset-password.ts', ['--email', 'ninguem@exemplo.com.br'], 'outra-senha-bem-longa-2\n', url);
    expect(unknown.stderr).toContain('Não existe conta com o e-mail ninguem@exemplo.com.br');
    expect(unknown.status).toBe(1);
  });
});
