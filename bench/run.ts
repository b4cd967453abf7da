/**
 * Benchmarks and the performance budget (BENCHMARKS.md): `npm run bench` (full) or
 * `npm run bench:quick` (under 2 minutes, before any performance-relevant change).
 *
 *   tsx bench/run.ts [--quick] [--only=T1,T2,...] [--instances=2] [--devtools] [--build] [--no-build] [--keep-server] [--cpu-prof]
 *
 * Builds .next-bench once (reused; --build forces a rebuild, --no-build refuses to build),
 * starts `next start` on 127.0.0.1:3270 with fresh SQLite files in data/bench-3270, runs the
 * targets, prints a table, writes bench/results/<date>.json and .md, and stops the server.
 * BENCH_PORT moves the ports: main, +1 a second instance, +2 T2's provider, +3 T14's libSQL
 * server, +4 T11's webhook receiver, +5/+6 T12's servers with and without the rate-limit counters,
 * +9 T19's Graph API stand-in.
 * --instances=2 runs T8 (the sale day) on two `next start` sharing the database files.
 * --devtools adds to T5 the same pages loaded with Chromium's real throttling (devtools).
 * Load goes only to 127.0.0.1, bounded in count and time. Never run in CI.
 * --cpu-prof writes the server's V8 CPU profile to bench/results/prof/ when it stops
 * (summarise it with `tsx bench/tools/profile-summary.ts <file>`).
 * --profile-load profiles T8's and T14's load alone (from its first shopper to its last) into
 * bench/results/prof/, summarised by kind of work in their notes
 * (`tsx bench/tools/profile-summary.ts <file> --categories` for more).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './lib/context';
import { machine, markdownTable, skipped, type TargetResult } from './lib/report';
import { ensureBuild, ROOT, startServer, type Server } from './lib/server';
import { runT1, T1 } from './t1-status-route';
import { runT2, T2 } from './t2-webhook-route';
import { runT3, T3 } from './t3-runner';
import { runT4, T4 } from './t4-charge-creation';
import { runT5, T5 } from './t5-page-weight';
import { runT6, T6 } from './t6-paid-latency';
import { runT7, T7 } from './t7-write-throughput';
import { runT8, T8 } from './t8-sale-day';
import { GROWTH, runGrowth } from './growth';
import { runT9, T9 } from './t9-catalog';
import { runT13, T13 } from './t13-order-numbers';
import { runT14, T14 } from './t14-libsql';
import { runT15, T15 } from './t15-round-trips';
import { runT10, T10 } from './t10-api-sessions';
import { runT11, T11 } from './t11-outbound-webhooks';
import { runT12, T12 } from './t12-rate-limit-cost';
import { runT16, T16 } from './t16-draft-cost';
import { runT17, T17 } from './t17-runner';
import { runT19, T19 } from './t19-whatsapp-cost';

type Spec = { id: string; title: string; target: string; needsServer: boolean; run: (ctx: BenchContext) => Promise<TargetResult> };

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).toUpperCase().split(',');
const instances = Number(args.find((a) => a.startsWith('--instances='))?.slice(12) ?? 1);
const devtools = args.includes('--devtools');
const log = (line: string) => console.error(`  ${line}`);
const profileDir = args.includes('--profile-load') ? path.join(ROOT, 'bench', 'results', 'prof') : undefined;

const specs: Spec[] = [
  { ...T1, needsServer: true, run: (ctx) => runT1(ctx) },
  { ...T2, needsServer: true, run: runT2 },
  { ...T4, needsServer: true, run: runT4 },
  { ...T5, needsServer: true, run: (ctx) => runT5({ ...ctx, devtools }) },
  { ...T6, needsServer: true, run: runT6 },
  { ...T7, needsServer: true, run: runT7 },
  { ...T13, needsServer: true, run: runT13 },
  { ...T8, needsServer: true, run: (ctx) => runT8({ ...ctx, instances }) },
  { ...T14, needsServer: true, run: runT14 },
  { ...T15, needsServer: true, run: runT15 },
  { ...T10, needsServer: true, run: runT10 },
  // Two servers of its own (with and without the rate-limit counters).
  { ...T12, needsServer: true, run: runT12 },
  { ...T16, needsServer: true, run: runT16 },
  // A server of its own on the provider stub, WhatsApp against a Graph API stand-in.
  { ...T19, needsServer: true, run: runT19 },
  // A server of its own (1,200 orders seeded, an endpoint).
  { ...T11, needsServer: true, run: runT11 },
  { ...T9, needsServer: true, run: runT9 },
  // Grows the server's database to 100k orders: after every other server target.
  { ...GROWTH, needsServer: true, run: runGrowth },
  // In-process, no server: last, so that it does not compete with a running server's targets.
  { ...T3, needsServer: false, run: (ctx) => runT3({ quick: ctx.quick, log: ctx.log }) },
  { ...T17, needsServer: false, run: (ctx) => runT17({ quick: ctx.quick, log: ctx.log }) },
];

async function main() {
  const started = Date.now();
  const info = machine();
  console.error(`bench${quick ? ' (quick)' : ''}: ${info.cores} cores, ${info.cpu}, Node ${info.node}, load ${info.loadAverage.join(' ')}`);
  // Server targets first (one server for all), then the in-process ones.
  const chosen = specs.filter((s) => !only || only.includes(s.id)).sort((a, b) => Number(b.needsServer) - Number(a.needsServer));
  const results: TargetResult[] = [];
  let server: Server | undefined;
  try {
    if (chosen.some((s) => s.needsServer)) {
      if (args.includes('--no-build')) {
        ensureBuild(false);
      } else {
        const b = ensureBuild(args.includes('--build'));
        if (b.built) console.error(`built .next-bench in ${b.seconds} s`);
      }
      const cpuProf = args.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'bench', 'results', 'prof')}`] : [];
      // The sale day reads the server's event loop (bench/lib/loop-probe-preload.mjs).
      const loopProbe = chosen.some((s) => s.id === 'T8' || s.id === 'T14');
      server = await startServer({ nodeArgs: cpuProf, loopProbe, profileDir: loopProbe ? profileDir : undefined });
      console.error(`server ${server.url} (pid ${server.pid})`);
    }
    for (const spec of chosen) {
      if (!spec.needsServer && server && !args.includes('--keep-server')) {
        // In-process targets run on a quiet machine: the server is no longer needed.
        await server.stop();
        server = undefined;
      }
      const t = Date.now();
      console.error(`${spec.id} ${spec.title} …`);
      let result: TargetResult;
      try {
        result = spec.needsServer && !server ? skipped(spec.id, spec.title, spec.target, 'no server') : await spec.run({ server: server!, quick, log, profileDir });
      } catch (e) {
        result = { id: spec.id, title: spec.title, target: spec.target, headline: `error: ${(e as Error).message.split('\n')[0]}`, verdict: 'error', details: { error: String((e as Error).stack ?? e) } };
      }
      result.seconds = Math.round((Date.now() - t) / 100) / 10;
      console.error(`${spec.id} ${result.verdict.toUpperCase()}: ${result.headline} [${result.seconds} s]`);
      for (const n of result.notes ?? []) console.error(`    - ${n}`);
      results.push(result);
    }
  } finally {
    if (server && !args.includes('--keep-server')) await server.stop();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const table = markdownTable(results);
  console.log(`\n${table}\n\n${quick ? 'quick run' : 'full run'}, ${seconds} s, ${info.cores} cores, Node ${info.node}, ${info.date}`);
  const dir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = info.date.replace(/[:.]/g, '-');
  const name = `${stamp}${quick ? '-quick' : ''}`;
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ machine: info, quick, seconds, loadAverageAfter: machine().loadAverage, results }, null, 2));
  fs.writeFileSync(path.join(dir, `${name}.md`), `${table}\n`);
  console.error(`results: bench/results/${name}.json`);
  if (results.some((r) => r.verdict === 'error')) process.exitCode = 2;
  else if (results.some((r) => r.verdict === 'fail')) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
