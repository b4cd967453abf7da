// `npm test`: every check, with the time each stage took (docs/benchmarks-log.md, "Test gate"). On two
// cores no stage keeps both busy for long: the type check and the lint are one core each, the
// build (without its own type check: tsc runs beside it on the same tsconfig, and the gate fails
// if it fails) mostly one; the unit tests run their files one at a time (their races start
// processes of their own), and the journeys (two workers, each a browser and a `next start`) take
// what the unit tests leave. So the gate is two groups of stages side by side.
// Between them, alone, the dev-server journeys (playwright.dev.config.ts): `next dev` compiles
// each route on its first request, and beside the unit tests or `next start` a compile ran past
// a journey's time. Alone it has both cores; the journeys' stage no longer carries them.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { pathToFileURL } from 'node:url';

/** Groups run one after another; the stages of a group run side by side. */
export const STAGES = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'build', command: 'npm run build', env: { BUILD_TYPECHECKED: '1' } },
  ],
  [{ name: 'bundle secrets', command: 'node scripts/check-bundle-secrets.mjs' }],
  [{ name: 'e2e (next dev)', command: 'npm run test:e2e:dev' }],
  [
    { name: 'e2e (playwright)', command: 'npm run test:e2e' },
    { name: 'unit (vitest)', command: 'npm run test:unit' },
  ],
];

/** Runs one stage; alongside another, its output is held and printed whole when it ends. */
function run(stage, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(stage.command, { shell: true, env: { ...process.env, ...stage.env }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code, signal) => {
      // The load average at the end says how busy the machine was (another job's load shows too).
      resolve({ name: stage.name, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, load: os.loadavg()[0], output: Buffer.concat(held).toString() });
    });
  });
}

/** The failing tests' names and the end of the stage's log, without colour codes. */
export function failureDigest({ name, output }) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const failing = [...new Set(lines.filter((l) => /^\s*(FAIL\b|×|✘|\d+\) )/.test(l)).map((l) => l.trim()))].slice(0, 30);
  return [`\n✗ ${name} failed`, ...(failing.length ? ['  failing:', ...failing.map((l) => `    ${l}`)] : []), '  its log ends:', ...lines.slice(-40).map((l) => `    ${l}`)].join('\n');
}

async function main() {
  const started = Date.now();
  const startLoad = os.loadavg()[0];
  const done = [];
  let failed;
  for (const group of STAGES) {
    console.log(`\n▶ ${group.map((s) => s.name).join(' + ')}`);
    const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
    // A failed stage's log goes last, next to the table, so a log cut to its tail still shows it.
    for (const r of [...results.filter((r) => r.ok), ...results.filter((r) => !r.ok)]) process.stdout.write(r.output);
    done.push(...results);
    failed = results.find((r) => !r.ok);
    if (failed) break;
  }
  const total = (Date.now() - started) / 1000;
  const rows = done.map((r) => `  ${r.name.padEnd(18)} ${r.seconds.toFixed(1).padStart(7)} s  (load ${r.load.toFixed(1)})${r.ok ? '' : `  FAILED (${r.code})`}`);
  for (const r of done.filter((r) => !r.ok && r.output)) console.log(failureDigest(r));
  console.log(`\n${os.availableParallelism()} cores; load average at the start ${startLoad.toFixed(1)}, at each stage's end in brackets.`);
  console.log(`Test gate, time per stage (side by side: typecheck + lint + build; then alone: bundle secrets, e2e (next dev); then side by side: e2e + unit):\n${rows.join('\n')}\n  ${'total'.padEnd(18)} ${total.toFixed(1).padStart(7)} s`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
