#!/usr/bin/env node
// Completes a standalone build (BUILD_STANDALONE=1 next build) into a folder that runs with
// `node server.js` and nothing else: Next's standalone output holds server.js, the server
// bundles and the traced node_modules, but not the files served or read from disk at run
// time, which this copies beside server.js:
//   <distDir>/static → <out>/<distDir>/static   (client JS/CSS)
//   public/          → <out>/public             (images, icons)
//   db/migrations/   → <out>/db/migrations      (applied at start: instrumentation → startup)
//
//   node scripts/prepare-standalone.mjs [outDir]
// Without outDir the standalone folder itself is completed in place; with it, the result is
// copied there (the Dockerfile's runtime stage copies that folder). NEXT_DIST_DIR as for the build.
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const distName = process.env.NEXT_DIST_DIR || '.next';
const distDir = path.resolve(root, distName);
const standalone = path.join(distDir, 'standalone');

function fail(message) {
  console.error(`prepare-standalone: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(path.join(standalone, 'server.js'))) {
  fail(`${path.relative(root, standalone)}/server.js not found; build first: BUILD_STANDALONE=1 NEXT_DIST_DIR=${distName} npx next build`);
}
const out = process.argv[2] ? path.resolve(root, process.argv[2]) : standalone;

function copyDir(from, to) {
  if (!fs.existsSync(from)) return false;
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, dereference: true });
  return true;
}

if (out !== standalone) {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) fail(`${out} exists and is not empty`);
  fs.mkdirSync(out, { recursive: true });
  // dereference: the traced node_modules may hold symlinks into the repository.
  fs.cpSync(standalone, out, { recursive: true, dereference: true });
}

// Where server.js looks for the build: the distDir recorded in its embedded config.
const serverJs = fs.readFileSync(path.join(out, 'server.js'), 'utf8');
const recorded = /"distDir":"([^"]+)"/.exec(serverJs)?.[1] ?? distName;
const builtDist = path.join(out, recorded);
if (!fs.existsSync(builtDist)) fail(`the standalone build has no ${recorded} folder`);

if (!copyDir(path.join(distDir, 'static'), path.join(builtDist, 'static'))) fail(`${distName}/static not found`);
copyDir(path.join(root, 'public'), path.join(out, 'public'));
if (!copyDir(path.join(root, 'db', 'migrations'), path.join(out, 'db', 'migrations'))) fail('db/migrations not found');
if (!fs.existsSync(path.join(out, 'db', 'migrations', 'meta', '_journal.json'))) fail('db/migrations/meta/_journal.json missing');

// Never ship local state or secrets that a build folder may have picked up.
for (const stray of ['.env', '.env.local', '.env.production', '.env.production.local', 'data']) {
  fs.rmSync(path.join(out, stray), { recursive: true, force: true });
}

console.log(`prepare-standalone: ${path.relative(root, out) || out} is ready: cd there and run \`node server.js\` (PORT, HOSTNAME, DATABASE_URL …)`);
