/**
 * Summarises a V8 .cpuprofile (from `tsx bench/run.ts --cpu-prof`): self time per function and
 * per package/file, heaviest first. Usage: tsx bench/tools/profile-summary.ts <file.cpuprofile> [top]
 */
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
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

if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  const grep = process.argv.find((a) => a.startsWith('--inclusive='))?.slice(12);
  if (!file) {
    console.error('usage: tsx bench/tools/profile-summary.ts <file.cpuprofile> [top] [--inclusive=fnA,fnB]');
    process.exit(2);
  }
  if (grep) console.log(inclusive(file, grep.split(',')));
  else console.log(summarize(file, Number(top) || 25));
}
