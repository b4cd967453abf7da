/**
 * Where the webhook route's extra time goes inside `next start` (T2): one server per side,
 * each profiled (--cpu-prof) under the same load — the bare POST behind [token], then the
 * webhook route for a paid payment, the provider out of process (the provider stub, as T2's
 * target) — and only the samples taken during the measured window
 * are kept (start-up and shutdown excluded). Prints the CPU time per request of each side by
 * category and the functions whose per-request time grew most.
 *   npx tsx bench/tools/webhook-profile-diff.ts [seconds=6] [top=30]
 */
import fs from 'node:fs';
import path from 'node:path';
import { runExperiment } from '../lib/experiment';
import { load } from '../lib/load';
import { where } from './profile-summary';
import { BENCH_PORTS, ensureBuild, ROOT, startProviderStub, startServer } from '../lib/server';
import { onStub, paidAtStub } from '../lib/stub-payments';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const MARGIN_MS = 300;

function category(n: Node): string {
  const f = n.callFrame.functionName;
  if (f === '(garbage collector)') return 'GC';
  if (f === '(program)') return '(program)';
  if (f === '(idle)') return '(idle)';
  const w = where(n.callFrame.url);
  if (w === '(native)') return w;
  if (w.startsWith('node:')) return 'node internals';
  if (w.startsWith('app:')) return 'app bundle';
  return w;
}

/** Self µs per request by function and by category, over [fromMs, toMs] of the profile's own clock. */
function perRequest(file: string, fromMs: number, toMs: number, requests: number) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const cat = new Map<string, number>();
  let t = 0;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    const ms = t / 1000;
    if (ms < fromMs || ms > toMs) return;
    const n = byId.get(id)!;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const name = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + dt / requests);
    const c = category(n);
    cat.set(c, (cat.get(c) ?? 0) + dt / requests);
  });
  return { fn, cat };
}

async function side(label: string, seconds: number, target: (url: string, token: string, providerId: string) => { path: string; body: string }) {
  const dir = path.join(ROOT, 'bench', 'results', 'prof-diff', label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const stub = await startProviderStub(BENCH_PORTS.provider);
  const spawnedAt = Date.now();
  const s = await startServer({
    port: BENCH_PORTS.second,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    env: onStub(stub),
  });
  let window: [number, number];
  let requestCount: number;
  try {
    // Deliveries spread over 8 paid payments, as T2 sends them.
    const requests: { method: 'POST'; path: string; headers: Record<string, string>; body: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const { payment: p } = await paidAtStub(s, stub.url, true);
      const t = target(s.url, p.webhook_token, p.provider_id!);
      requests.push({ method: 'POST', path: t.path, headers: { 'content-type': 'application/json' }, body: t.body });
    }
    const spec = { label, url: s.url, requests };
    await load(spec, 2, 20);
    const from = Date.now() - spawnedAt;
    const r = await load(spec, seconds, 20);
    const to = Date.now() - spawnedAt;
    if (r.non2xx) throw new Error(`${label}: ${r.non2xx} non-2xx answers`);
    window = [from + MARGIN_MS, to - MARGIN_MS];
    requestCount = r.total * ((window[1] - window[0]) / (to - from));
    console.log(`${label}: ${Math.round(r.reqPerSec)} req/s`);
  } finally {
    await s.stop();
    await stub.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${label}: no profile written`);
  return perRequest(path.join(dir, file), window[0], window[1], requestCount);
}

async function main() {
  const seconds = Number(process.argv[2]) || 6;
  const top = Number(process.argv[3]) || 30;
  ensureBuild(false);
  const body = (id: string) => JSON.stringify({ id: 'evt-1', type: 'QRCodeCompleted', created_at: new Date().toISOString(), data: { id } });
  const bare = await side('bare', seconds, (_u, token, id) => ({ path: `/api/bench/bare/${token}`, body: body(id) }));
  const hook = await side('webhook', seconds, (_u, token, id) => ({ path: `/api/webhooks/payments/${token}`, body: body(id) }));
  const us = (v: number | undefined) => (v ?? 0).toFixed(1).padStart(7);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU µs per request (main thread samples)   bare ${us(sum(bare.cat) - (bare.cat.get('(idle)') ?? 0))}   webhook ${us(sum(hook.cat) - (hook.cat.get('(idle)') ?? 0))}`);
  const cats = [...new Set([...bare.cat.keys(), ...hook.cat.keys()])].sort((a, b) => (hook.cat.get(b) ?? 0) - (hook.cat.get(a) ?? 0));
  console.log('\nby category                          bare  webhook     diff');
  for (const c of cats) console.log(`${c.slice(0, 32).padEnd(32)} ${us(bare.cat.get(c))} ${us(hook.cat.get(c))} ${us((hook.cat.get(c) ?? 0) - (bare.cat.get(c) ?? 0))}`);
  const fns = [...new Set([...bare.fn.keys(), ...hook.fn.keys()])]
    .map((k) => [k, (hook.fn.get(k) ?? 0) - (bare.fn.get(k) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  console.log('\nfunctions whose self time per request grew most (µs):');
  for (const [k, d] of fns) console.log(`${us(d)}  ${k.slice(0, 110)}`);
}
runExperiment(main);
