#!/usr/bin/env node
/**
 * No import runs back up. Reads every import of the product code (app/, lib/, db/, proxy.ts,
 * instrumentation.ts; tests and test helpers excluded) and fails when
 * - two folders import each other, directly or round a loop (a folder is `lib/<name>`, `db`,
 *   `app`…): then one of them imports a layer above it; or
 * - two files import each other round a loop.
 * With neither, the folders form layers, printed lowest first by `--layers`.
 *
 *   node scripts/check-layers.mjs            # check (part of `npm run lint`)
 *   node scripts/check-layers.mjs --layers   # the folders by layer, lowest first (one line each)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_DIRS = ['app', 'lib', 'db'];
const ROOT_FILES = ['proxy.ts', 'instrumentation.ts'];
const EXTENSIONS = ['.ts', '.tsx'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const isTest = (file) => /\.test\.tsx?$|\.fixture\.ts$|(^|\/)testing\//.test(file);

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The project file an import names, or null (a package, or not found). */
function resolve(root, from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The folder a file belongs to: `lib/<name>` for lib, else its top folder (or the file itself at the root). */
export function unitOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'lib' && parts.length > 2) return `lib/${parts[1]}`;
  return parts.length > 1 ? parts[0] : rel;
}

/** Strongly connected components with more than one member (Tarjan): the loops of a graph. */
function loops(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Folders by layer, lowest first: each imports only folders of the layers before its own. */
function layers(graph) {
  const order = [];
  const placed = new Set();
  const remaining = new Set(graph.keys());
  while (remaining.size) {
    const ready = [...remaining].filter((v) => [...(graph.get(v) ?? [])].every((w) => placed.has(w) || w === v)).sort();
    if (!ready.length) break;
    order.push(ready.filter((v) => !v.endsWith('.json')));
    for (const v of ready) {
      placed.add(v);
      remaining.delete(v);
    }
  }
  return order;
}

/** Checks the tree at `root`; returns the problems found (empty when none) and the layers. */
export function checkLayers(root) {
  const files = [...SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), [])), ...ROOT_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f))]
    .filter((f) => !isTest(path.relative(root, f).split(path.sep).join('/')));
  const fileGraph = new Map();
  const unitGraph = new Map();
  const why = new Map();
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(root, file, m[1] ?? m[2]);
      if (!target) continue;
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      if (isTest(targetRel)) continue;
      targets.add(targetRel);
      const [a, b] = [unitOf(rel), unitOf(targetRel)];
      if (!unitGraph.has(a)) unitGraph.set(a, new Set());
      if (!unitGraph.has(b)) unitGraph.set(b, new Set());
      if (a !== b) {
        unitGraph.get(a).add(b);
        if (!why.has(`${a}>${b}`)) why.set(`${a}>${b}`, `${rel} → ${targetRel}`);
      }
    }
    fileGraph.set(rel, targets);
  }
  const problems = [];
  for (const loop of loops(unitGraph)) {
    const edges = loop.flatMap((a) => loop.filter((b) => unitGraph.get(a).has(b)).map((b) => `    ${a} → ${b}   (${why.get(`${a}>${b}`)})`));
    problems.push(`folders import each other: ${loop.join(', ')}\n${edges.join('\n')}`);
  }
  for (const loop of loops(fileGraph)) problems.push(`files import each other: ${loop.join(', ')}`);
  return { problems, layers: layers(unitGraph) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, layers: order } = checkLayers(root);
  if (process.argv.includes('--layers')) console.log(order.map((level) => level.join('  ')).join('\n'));
  if (problems.length) {
    console.error(`check-layers: an import runs back up (docs/architecture.md, "Layers"):\n${problems.join('\n')}`);
    process.exit(1);
  }
}
