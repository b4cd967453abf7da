import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(__dirname, 'check-bundle-secrets.mjs');

function fakeBuild(files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bundle-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), content);
  }
  return dist;
}

function check(dist: string, env: Record<string, string> = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(childEnv)) if (/SECRET|API_KEY|AUTH_TOKEN/.test(k)) delete childEnv[k];
  Object.assign(childEnv, { NEXT_DIST_DIR: dist }, env);
  const r = spawnSync(process.execPath, [script], { env: childEnv, encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe('check-bundle-secrets', () => {
  it('passes a clean build', () => {
    const dist = fakeBuild({ 'static/chunks/app.js': 'console.log("Pagar com Pix")', 'server/app/index.html': '<html></html>' });
    const r = check(dist, { PAYMENT_API_KEY: 'sk_live_abcdefgh12345678' });
    expect(r.out).toContain('clean');
    expect(r.code).toBe(0);
  });

  it.each([
    ['sk_sandbox', 'static/chunks/x.js', 'const k="sk_sandbox_dev"'],
    ['PAYMENT_API_KEY', 'static/chunks/y.js', 'process.env.PAYMENT_API_KEY'],
    ['CRON_SECRET', 'static/css/z.css', '/* CRON_SECRET */'],
    ['AUTH_SECRET', 'static/media/a.txt', 'AUTH_SECRET'],
    ['NEXTAUTH_SECRET', 'static/chunks/b.js', 'NEXTAUTH_SECRET'],
  ])('fails when a client file names %s', (label, file, content) => {
    const r = check(fakeBuild({ [file]: content }));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`contains ${label}`);
    expect(r.out).toContain(path.basename(file));
  });

  it('fails when a client file or a prerendered page holds the current API key value', () => {
    const key = 'sk_live_abcdefgh12345678';
    expect(check(fakeBuild({ 'static/chunks/c.js': `fetch(u,{headers:{"x-api-key":"${key}"}})` }), { PAYMENT_API_KEY: key }).out).toContain(
      'contains the value of PAYMENT_API_KEY',
    );
    const r = check(fakeBuild({ 'static/chunks/ok.js': '', 'server/app/sandbox.html': `<p>${key}</p>` }), { PAYMENT_API_KEY: key });
    expect(r.code).toBe(1);
    expect(r.out).toContain('sandbox.html');
  });

  it('ignores server code (which legitimately names the variables)', () => {
    const r = check(fakeBuild({ 'static/chunks/ok.js': '', 'server/app/page.js': 'process.env.PAYMENT_API_KEY' }));
    expect(r.code).toBe(0);
  });

  it('exits 2 when there is no build', () => {
    const r = check(path.join(os.tmpdir(), 'balcao-no-such-build'));
    expect(r.code).toBe(2);
    expect(r.out).toContain('run the build first');
  });
});
