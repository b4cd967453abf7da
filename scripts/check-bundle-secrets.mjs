#!/usr/bin/env node
// Fails when anything the browser can download names or holds a server secret.
//
//   node scripts/check-bundle-secrets.mjs            # scans ${NEXT_DIST_DIR:-.next}
//   NEXT_DIST_DIR=.next-prod node scripts/check-bundle-secrets.mjs
//
// Scanned: every file under <distDir>/static (client JS, CSS, media) and the prerendered
// pages Next serves as they are (<distDir>/server/{app,pages}/**/*.html|.rsc|.body).
// Looked for: the names sk_sandbox, PAYMENT_API_KEY, CRON_SECRET, AUTH_SECRET,
// NEXTAUTH_SECRET, DATABASE_AUTH_TOKEN, and the current values of those variables (and of
// SANDBOX_API_KEYS) when set. Exit 0 clean, 1 found, 2 no build to scan.
import fs from 'node:fs';
import path from 'node:path';

const NAMES = ['sk_sandbox', 'PAYMENT_API_KEY', 'CRON_SECRET', 'AUTH_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_AUTH_TOKEN'];
const VALUE_VARS = ['PAYMENT_API_KEY', 'CRON_SECRET', 'AUTH_SECRET', 'NEXTAUTH_SECRET', 'DATABASE_AUTH_TOKEN'];
const PRERENDERED = /\.(html|rsc|body|meta)$/;

function needles(env) {
  const list = NAMES.map((n) => ({ label: n, value: n }));
  for (const name of VALUE_VARS) {
    const v = env[name]?.trim();
    if (v && v.length >= 8) list.push({ label: `the value of ${name}`, value: v });
  }
  for (const k of env.SANDBOX_API_KEYS?.split(',') ?? []) {
    if (k.trim().length >= 8) list.push({ label: 'a value of SANDBOX_API_KEYS', value: k.trim() });
  }
  return list;
}

function* walk(dir, filter) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p, filter);
    else if (entry.isFile() && filter(p)) yield p;
  }
}

const distDir = path.resolve(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next');
const staticDir = path.join(distDir, 'static');
if (!fs.existsSync(staticDir)) {
  console.error(`check-bundle-secrets: ${staticDir} does not exist; run the build first (NEXT_DIST_DIR=${path.basename(distDir)} npx next build)`);
  process.exit(2);
}

const files = [
  ...walk(staticDir, () => true),
  ...walk(path.join(distDir, 'server', 'app'), (p) => PRERENDERED.test(p)),
  ...walk(path.join(distDir, 'server', 'pages'), (p) => PRERENDERED.test(p)),
];
const list = needles(process.env);
const findings = [];
for (const file of files) {
  const text = fs.readFileSync(file).toString('latin1'); // byte-exact for ASCII secrets, never throws
  for (const n of list) if (text.includes(n.value)) findings.push({ file: path.relative(process.cwd(), file), label: n.label });
}

if (findings.length) {
  console.error('check-bundle-secrets: secrets reachable from the browser:');
  for (const f of findings) console.error(`  ${f.file}: contains ${f.label}`);
  process.exit(1);
}
console.log(`check-bundle-secrets: ${files.length} files under ${path.relative(process.cwd(), distDir) || '.'} are clean (${list.length} patterns)`);
