/**
 * Summarises a V8 .cpuprofile (from `tsx bench/run.ts --cpu-prof`, or T8's profile of its load
 * with `--profile-load`): self time per function and per package/file, heaviest first; with
 * `--categories`, the share of the window by kind of work (the app bundle's frames traced back
 * to their sources through the build's source maps).
 * Usage: tsx bench/tools/profile-summary.ts <file.cpuprofile> [top] [--inclusive=fnA,fnB] [--categories]
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a profiled function lives: a package, an app chunk (app:…) or a file; '(native)' without a URL. */
export function where(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const chunk = /\.next[^/]*\/server\/(.*)$/.exec(url);
  if (chunk) return `app:${chunk[1]}`;
  return url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
}

/** Share of sampled time spent inside (anywhere below) functions with these names. */
export function inclusive(file: string, names: string[]): string {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map(names.map((n) => [n, 0]));
  let all = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    const fnName = byId.get(id)?.callFrame.functionName;
    if (fnName === '(idle)' || fnName === '(program)') return;
    all += dt;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = byId.get(cur)!.callFrame.functionName;
      if (totals.has(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, totals.get(name)! + dt);
      }
    }
  });
  return [`busy (non-idle) ${(all / 1000).toFixed(0)} ms; inclusive share:`, ...[...totals].map(([k, v]) => `${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`)].join('\n');
}

export function summarize(file: string, top = 25): string {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const name = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const w = where(n.callFrame.url);
    pkg.set(w, (pkg.get(w) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const lines = [`total sampled ${(total / 1000).toFixed(0)} ms`, '', 'self time by package/file:'];
  for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(v)}  ${k}`);
  lines.push('', 'self time by function:');
  for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(v)}  ${k}`);
  return lines.join('\n');
}

const maps = new Map<string, SourceMap | null>();

/** A map's `sources` entry as a path from the project's root (`lib/…`, `node_modules/<package>/…`). */
function normalizeSource(src: string, mapFile: string): string {
  if (src.startsWith('webpack://next/./')) return `node_modules/next/${src.slice(17)}`;
  const project = src.indexOf('[project]/');
  if (project >= 0) return src.slice(project + 10);
  if (src.startsWith('turbopack:///[turbopack]')) return 'node_modules/next/turbopack-runtime';
  const abs = src.startsWith('file:') ? fileURLToPath(src) : path.resolve(path.dirname(mapFile), src);
  return path.relative(process.cwd(), abs);
}

/**
 * The source a frame came from (`lib/checkout/place-order.ts`, `node_modules/next/dist/compiled/react-dom/…`),
 * through the map beside its file (the bench build's chunks, Next's compiled runtimes).
 */
export function sourceOf(frame: Node['callFrame']): string | undefined {
  if (!frame.url.startsWith('file:') && !frame.url.startsWith('/')) return undefined;
  const file = frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url;
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber ?? 0) as { originalSource?: string } | undefined;
  return entry?.originalSource ? normalizeSource(entry.originalSource, file) : undefined;
}

/** Kinds of work, the first that matches a frame's source (or package) wins. */
const KINDS: [string, RegExp][] = [
  ['SQLite (better-sqlite3 / libSQL)', /^node_modules\/(better-sqlite3|@libsql|libsql)/],
  // drizzle-orm's own maps point at its src/, which the build resolves to node_modules/src/.
  ['Drizzle (query building, mapping)', /^node_modules\/(drizzle-orm|src)\//],
  ['zod', /^node_modules\/zod\//],
  ['logging (pino)', /^node_modules\/(pino|sonic-boom|thread-stream)/],
  ['QR code / PNG (the embedded sandbox)', /^node_modules\/(qrcode|pngjs)\//],
  ['bcrypt (the merchant signing in)', /^node_modules\/bcryptjs\//],
  ['the embedded sandbox (lib/embedded-provider, packages/)', /^(lib\/embedded-provider|packages)\//],
  ['app: lib/', /^lib\//],
  ['app: app/ (routes, pages, actions, proxy)', /^(app\/|proxy\.ts|instrumentation\.ts)/],
  ['app: db/', /^db\//],
  ['React (server rendering, Flight)', /^node_modules\/(next\/dist\/compiled\/(react|react-dom|react-server-dom[^/]*)|react|react-dom)\//],
  ['gzip (the response compression)', /^(node:zlib|node_modules\/next\/dist\/compiled\/compression)/],
  ['AsyncLocalStorage (async_hooks)', /^node:(internal\/)?async_hooks/],
  ['Next.js (server, app render, router)', /^node_modules\/(next|@opentelemetry)\//],
  ['other packages', /^node_modules\//],
  ['Node (HTTP, streams, buffers, timers)', /^node:/],
];

/** better-sqlite3's statement methods, native frames called from Drizzle or the app. */
const SQLITE_NATIVE = /^(all|get|run|iterate|exec|prepare|pluck|raw|expand|columns|bind)$/;

/** Where a frame belongs: its mapped source, else its package, else (native). */
function originOf(frame: Node['callFrame']): string {
  const mapped = sourceOf(frame);
  if (mapped) return mapped;
  if (!frame.url) return '(native)';
  const nm = frame.url.lastIndexOf('node_modules/');
  if (nm >= 0) return frame.url.slice(nm);
  if (frame.url.startsWith('node:')) return frame.url;
  return path.relative(process.cwd(), frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url);
}

function kindOf(origin: string): string | undefined {
  return KINDS.find(([, re]) => re.test(origin))?.[0];
}

/**
 * The share of the profile's wall time by kind of work: idle, GC and V8's own (program) apart;
 * a sample counts for the innermost frame of a known kind on its stack (a native call such as
 * SQLite's `all` or JSON.parse takes the kind of its caller, with JSON on its own).
 * The React work on an app chunk (Next's compiled runtime) is React's; the bundle's own code is
 * traced to lib/, app/ or a package through the build's source maps.
 */
export function categories(file: string): { name: string; share: number; ms: number }[] {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const kindCache = new Map<number, string>();
  const kindOfNode = (id: number): string => {
    const cached = kindCache.get(id);
    if (cached) return cached;
    const n = byId.get(id)!;
    const f = n.callFrame.functionName;
    let k: string | undefined;
    if (f === '(idle)') k = 'idle (waiting for I/O)';
    else if (f === '(garbage collector)') k = 'GC';
    else if (f === '(program)') k = "(program: V8's own, unattributed)";
    else if (f === '(root)') k = '(root)';
    else if (!n.callFrame.url && /^(parse|stringify)$/.test(f)) k = 'JSON';
    else if (!n.callFrame.url && SQLITE_NATIVE.test(f)) k = 'SQLite (better-sqlite3 / libSQL)';
    else k = kindOf(originOf(n.callFrame));
    if (!k) {
      const up = parent.get(id);
      k = up === undefined ? 'unattributed native' : kindOfNode(up);
      if (k === '(root)') k = 'unattributed native';
    }
    kindCache.set(id, k);
    return k;
  };
  const totals = new Map<string, number>();
  let all = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i + 1] ?? 0;
    all += dt;
    const k = kindOfNode(id);
    totals.set(k, (totals.get(k) ?? 0) + dt);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ name, share: Math.round((1000 * us) / all) / 10, ms: Math.round(us / 1000) }));
}

/** Self time by mapped source file (the bundle traced back), heaviest first. */
export function bySource(file: string, top = 30): string {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let all = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i + 1] ?? 0;
    all += dt;
    const n = byId.get(id)!;
    const key = /^\(/.test(n.callFrame.functionName) ? n.callFrame.functionName : `${originOf(n.callFrame)} ${n.callFrame.functionName || '(anonymous)'}`;
    totals.set(key, (totals.get(key) ?? 0) + dt);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `${((100 * us) / all).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
}

if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  const grep = process.argv.find((a) => a.startsWith('--inclusive='))?.slice(12);
  if (!file) {
    console.error('usage: tsx bench/tools/profile-summary.ts <file.cpuprofile> [top] [--inclusive=fnA,fnB] [--categories]');
    process.exit(2);
  }
  if (process.argv.includes('--categories')) {
    for (const c of categories(file)) console.log(`${c.share.toFixed(1).padStart(5)}%  ${String(c.ms).padStart(7)} ms  ${c.name}`);
    console.log('\nself time by source (mapped) and function:');
    console.log(bySource(file, Number(top) || 30));
  } else if (grep) console.log(inclusive(file, grep.split(',')));
  else console.log(summarize(file, Number(top) || 25));
}
