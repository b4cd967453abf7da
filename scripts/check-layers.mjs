#!/usr/bin/env node
/**
 * No import runs back up. Reads every import of the product code (app/, lib/, db/, packages/*,
 * proxy.ts, instrumentation.ts) and of the test helpers (test/, packages/<name>/test/) and
 * fails when
 * - two folders import each other, directly or round a loop (a folder is `lib/<name>` and each of
 *   its sub-folders on its own, so that a feature holds its own layers — `lib/checkout/sessions`
 *   below lib/payments, `lib/checkout` above —, `packages/<name>`, `test/<area>`, `db`, `app`…):
 *   then one of them imports a layer above it;
 * - two files import each other round a loop;
 * - product code imports a test helper or a test (scaffolding stays beside the product); or
 * - a workspace package imports the shop (anything outside packages/, `@/…` included); or
 * - a workspace package's `exports` gives out its test helpers (its `test/`): the app's tests
 *   import them by path, so the package's public face holds none; or
 * - product code imports a file of another feature (`lib/<name>`, its sub-folders included) that
 *   is not one of that feature's entry files, its face, listed in lib/faces.json (every feature
 *   has its list there; tests and test helpers may reach inside); or
 * - a feature listed as narrowed (lib/faces.json `$narrowed`: `{ "max": 4, "features": [...] }`)
 *   shows more entry files than that maximum (a narrowed face may not widen again); or
 * - product code takes a name through a wrong door: from another feature's face that only passes
 *   it on from a third feature (`export { csvRow } from '@/lib/csv/write'`): import it from its own.
 * Tests (`*.test.ts`) sit above everything and may import anything; nothing may import them.
 * With none of these, the folders form layers, printed lowest first by `--layers`.
 *
 *   node scripts/check-layers.mjs            # check (part of `npm run lint`)
 *   node scripts/check-layers.mjs --layers   # the folders by layer, lowest first (one line each)
 *   node scripts/check-layers.mjs --faces    # the files each lib folder is imported through now
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_DIRS = ['app', 'lib', 'db', 'packages', 'test'];
const ROOT_FILES = ['proxy.ts', 'instrumentation.ts'];
const EXTENSIONS = ['.ts', '.tsx'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A test: sits above everything, may import anything, is imported by nothing. */
const isTest = (rel) => /\.test\.tsx?$/.test(rel);
/** A test helper (doubles, fixtures, worker scripts): beside the product, never imported by it. */
const isTestHelper = (rel) => /^test\/|^packages\/[^/]+\/test\//.test(rel);
const isPackage = (rel) => rel.startsWith('packages/');
/** The folders of test helpers: checked like the rest, left out of the printed layers (the product's map). */
const isTestHelperUnit = (unit) => unit === 'test' || /^test\/|^packages\/[^/]+\/test$/.test(unit);

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a workspace package's `exports` gives for `subpath` ('.' or './x'), or null. */
function exported(root, name, subpath) {
  const manifest = path.join(root, 'packages', name, 'package.json');
  if (!fs.existsSync(manifest)) return null;
  const exportsMap = JSON.parse(fs.readFileSync(manifest, 'utf8')).exports ?? {};
  for (const [key, target] of Object.entries(exportsMap)) {
    if (typeof target !== 'string') continue;
    if (key === subpath) return path.join(root, 'packages', name, target);
    const star = key.indexOf('*');
    if (star >= 0 && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))) {
      const matched = subpath.slice(star, subpath.length - (key.length - star - 1));
      return path.join(root, 'packages', name, target.replace('*', matched));
    }
  }
  return null;
}

/** The project file an import names, or null (an npm package, or not found). */
function resolve(root, from, spec) {
  let base;
  const workspace = /^@balcao\/([^/]+)(\/.*)?$/.exec(spec);
  if (workspace) {
    const file = exported(root, workspace[1], workspace[2] ? `.${workspace[2]}` : '.');
    return file && fs.existsSync(file) ? file : null;
  }
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The folder a file belongs to: `lib/<name>`, `packages/<name>` (its test helpers:
 * `packages/<name>/test`), `test/<area>` for the test helpers of one area, else its top folder
 * (or the file itself at the root).
 */
export function unitOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'lib' && parts.length > 2) return parts.slice(0, -1).join('/');
  if (parts[0] === 'packages' && parts.length > 2) return parts[2] === 'test' ? `packages/${parts[1]}/test` : `packages/${parts[1]}`;
  if (parts[0] === 'test' && parts.length > 2) return `test/${parts[1]}`;
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
    if (ready.every(isTestHelperUnit)) {
      ready.forEach((v) => (placed.add(v), remaining.delete(v)));
      continue;
    }
    order.push(ready.filter((v) => !v.endsWith('.json') && !isTestHelperUnit(v)));
    for (const v of ready) {
      placed.add(v);
      remaining.delete(v);
    }
  }
  return order;
}

const FACES = 'lib/faces.json';
/** The feature a file belongs to: `lib/<name>` (its sub-folders included), else its unit. */
export function featureOf(rel) {
  const parts = rel.split('/');
  return parts[0] === 'lib' && parts.length > 2 ? `lib/${parts[1]}` : unitOf(rel);
}
/** A feature's file that another feature imports, relative to the feature (`sessions/sessions.ts`), or null. */
const libFileOf = (feature, targetRel) => (feature.startsWith('lib/') ? targetRel.slice(feature.length + 1) : null);

const NAMED = /(?:^|[\s;])import\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"]([^'"]+)['"]/g;
const REEXPORT = /(?:^|[\s;])export\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"]([^'"]+)['"]/g;
/** The names of an import or export list (`a, type B, c as d` → the names as the other side knows them: a, B, c). */
const namesOf = (list, side) =>
  list
    .split(',')
    .map((n) => n.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((n) => (side === 'source' ? n.split(/\s+as\s+/)[0] : (n.split(/\s+as\s+/)[1] ?? n)).trim());

/** What `file` passes on from other files: each exported name → the file it comes from. */
function reexports(root, file) {
  const out = new Map();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(REEXPORT)) {
    const from = resolve(root, file, m[2]);
    if (!from) continue;
    for (const part of m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '')).filter(Boolean)) {
      const [source, exported = source] = part.split(/\s+as\s+/).map((x) => x.trim());
      out.set(exported, { from, source });
    }
  }
  return out;
}

function sourceFiles(root) {
  const relOf = (f) => path.relative(root, f).split(path.sep).join('/');
  return [...SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), [])), ...ROOT_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f))].filter(
    (f) => !relOf(f).split('/').includes('node_modules'),
  );
}

/**
 * The files of each lib folder that product code of another folder imports now, by folder:
 * what lib/faces.json must list (sorted; a folder nobody imports has an empty list).
 */
export function usedFaces(root) {
  const relOf = (f) => path.relative(root, f).split(path.sep).join('/');
  const faces = {};
  for (const file of sourceFiles(root)) {
    const rel = relOf(file);
    const unit = featureOf(rel);
    if (unit.startsWith('lib/')) faces[unit] ??= new Set();
    if (isTest(rel) || isTestHelper(rel)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(root, file, m[1] ?? m[2]);
      if (!target) continue;
      const targetRel = relOf(target);
      const targetUnit = featureOf(targetRel);
      if (targetUnit === unit || !targetUnit.startsWith('lib/') || isTest(targetRel)) continue;
      (faces[targetUnit] ??= new Set()).add(libFileOf(targetUnit, targetRel));
    }
  }
  return Object.fromEntries(Object.keys(faces).sort().map((u) => [u, [...faces[u]].sort()]));
}

/**
 * The names `file` imports from another feature's file that only passes them on from a third
 * feature: each is a wrong door (the name belongs to the third feature; import it from there).
 */
function wrongDoors(root, file, rel, text, relOf) {
  const found = [];
  for (const m of text.matchAll(NAMED)) {
    const target = resolve(root, file, m[2]);
    if (!target) continue;
    const targetRel = relOf(target);
    const door = featureOf(targetRel);
    if (door === featureOf(rel) || !door.startsWith('lib/')) continue;
    const passed = reexports(root, target);
    for (const name of namesOf(m[1], 'source')) {
      const origin = passed.get(name);
      if (!origin) continue;
      const owner = featureOf(relOf(origin.from));
      if (owner !== door && owner !== featureOf(rel)) found.push(`a wrong door: ${rel} takes ${name} through ${targetRel}; it is ${owner}'s (${relOf(origin.from)})`);
    }
  }
  return found;
}

/** Checks the tree at `root`; returns the problems found (empty when none) and the layers. */
export function checkLayers(root) {
  const relOf = (f) => path.relative(root, f).split(path.sep).join('/');
  const files = sourceFiles(root);
  const facesFile = path.join(root, FACES);
  const faces = fs.existsSync(facesFile) ? JSON.parse(fs.readFileSync(facesFile, 'utf8')) : null;
  const fileGraph = new Map();
  const unitGraph = new Map();
  const why = new Map();
  const problems = [];
  for (const file of files) {
    const rel = relOf(file);
    const text = fs.readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const target = resolve(root, file, spec);
      if (isPackage(rel) && (spec.startsWith('@/') || (target && !isPackage(relOf(target))))) {
        problems.push(`a package imports the shop: ${rel} → ${target ? relOf(target) : spec}`);
        continue;
      }
      if (!target) continue;
      const targetRel = relOf(target);
      if (isTest(targetRel)) {
        if (!isTest(rel)) problems.push(`a test is imported: ${rel} → ${targetRel}`);
        continue;
      }
      if (isTest(rel)) continue;
      if (isTestHelper(targetRel) && !isTestHelper(rel)) {
        problems.push(`product code imports test scaffolding: ${rel} → ${targetRel}`);
        continue;
      }
      targets.add(targetRel);
      const [a, b] = [unitOf(rel), unitOf(targetRel)];
      const [fa, fb] = [featureOf(rel), featureOf(targetRel)];
      if (faces && fa !== fb && fb.startsWith('lib/') && !isTestHelper(rel) && faces[fb] && !faces[fb].includes(libFileOf(fb, targetRel))) {
        problems.push(`an import into another feature's inner file: ${rel} → ${targetRel} (${fb}'s entry files are listed in ${FACES})`);
      }
      if (!unitGraph.has(a)) unitGraph.set(a, new Set());
      if (!unitGraph.has(b)) unitGraph.set(b, new Set());
      if (a !== b) {
        unitGraph.get(a).add(b);
        if (!why.has(`${a}>${b}`)) why.set(`${a}>${b}`, `${rel} → ${targetRel}`);
      }
    }
    if (!isTest(rel)) fileGraph.set(rel, targets);
    if (!isTest(rel) && !isTestHelper(rel)) problems.push(...wrongDoors(root, file, rel, text, relOf));
  }
  for (const manifest of fs.existsSync(path.join(root, 'packages')) ? fs.readdirSync(path.join(root, 'packages')) : []) {
    const file = path.join(root, 'packages', manifest, 'package.json');
    if (!fs.existsSync(file)) continue;
    for (const [key, target] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')).exports ?? {})) {
      if (typeof target === 'string' && isTestHelper(path.posix.join('packages', manifest, target))) problems.push(`a package exports test helpers: packages/${manifest}/package.json "${key}" → ${target}`);
    }
  }
  if (faces) {
    const libUnits = new Set(files.map((f) => featureOf(relOf(f))).filter((u) => u.startsWith('lib/')));
    for (const unit of [...libUnits].sort()) if (!faces[unit]) problems.push(`${unit} lists no entry files in ${FACES}`);
    const narrowed = faces.$narrowed ?? { max: Infinity, features: [] };
    for (const unit of narrowed.features) {
      if (!faces[unit]) problems.push(`${FACES}: ${unit} is narrowed but lists no entry files`);
      else if (faces[unit].length > narrowed.max) problems.push(`${FACES}: ${unit} is narrowed to at most ${narrowed.max} entry files and lists ${faces[unit].length}`);
    }
    for (const [unit, entries] of Object.entries(faces)) {
      if (unit.startsWith('$')) continue;
      if (!libUnits.has(unit)) problems.push(`${FACES}: ${unit} is no feature (a sub-folder's files go in its feature's list)`);
      for (const entry of entries) if (!fs.existsSync(path.join(root, unit, entry))) problems.push(`${FACES}: ${unit} lists ${entry}, which does not exist`);
    }
  }
  for (const loop of loops(unitGraph)) {
    const edges = loop.flatMap((a) => loop.filter((b) => unitGraph.get(a).has(b)).map((b) => `    ${a} → ${b}   (${why.get(`${a}>${b}`)})`));
    problems.push(`folders import each other: ${loop.join(', ')}\n${edges.join('\n')}`);
  }
  for (const loop of loops(fileGraph)) problems.push(`files import each other: ${loop.join(', ')}`);
  return { problems, layers: layers(unitGraph) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--faces')) {
    console.log(JSON.stringify(usedFaces(root), null, 2));
    process.exit(0);
  }
  const { problems, layers: order } = checkLayers(root);
  if (process.argv.includes('--layers')) console.log(order.map((level) => level.join('  ')).join('\n'));
  if (problems.length) {
    console.error(`check-layers: an import runs back up (docs/architecture.md, "Layers"):\n${problems.join('\n')}`);
    process.exit(1);
  }
}
