/**
 * ESLint rule `balcao/yield-db-steps`: a database step must be yielded with `yield*`.
 *
 * Transaction bodies are generators (db/driver.ts): `yield* get(query)` hands the query to the
 * driver, which runs it. Written without `yield*`, `get(query)` only makes a generator object
 * that nobody runs: the query silently never happens. This rule fails on such a call.
 *
 * A "step" is a call to a generator function (`function*`, not async): db/driver's get/all/run/write,
 * one declared in the same file, or one imported from a project module that declares it with
 * `function*` (read from that module's source). It must be the argument of `yield*`, or be
 * handed on whole: returned, or the body of an arrow function (`(tx) => placeOrders(tx)`).
 * A generator iterated (spread, for…of) runs too, so ordinary iterables pass.
 */
import fs from 'node:fs';
import path from 'node:path';

const DRIVER_HELPERS = new Set(['get', 'all', 'run', 'write']);
const EXTENSIONS = ['.ts', '.tsx', '/index.ts'];

/** `export function* name` / `export async function* name` in a module's source. */
function generatorExports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Map();
  for (const m of text.matchAll(/export\s+(async\s+)?function\s*\*\s*([A-Za-z_$][\w$]*)/g)) names.set(m[2], !m[1]);
  return names;
}

const exportsCache = new Map();

/** The project file an import names ('@/x' from the project root, './x' from the importer), or null. */
function resolveImport(source, fromFile, root) {
  let base;
  if (source.startsWith('@/')) base = path.join(root, source.slice(2));
  else if (source.startsWith('.')) base = path.resolve(path.dirname(fromFile), source);
  else return null;
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isDriverModule(source) {
  return /(^|\/)db\/driver$/.test(source) || (source.startsWith('.') && /(^|\/)driver$/.test(source));
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Database steps in a transaction body (generator) must be yielded with yield*' },
    schema: [],
    messages: {
      notYielded: '`{{name}}(…)` is a database step: it runs only as `yield* {{name}}(…)`. Without yield* it silently never runs.',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const root = context.cwd ?? process.cwd();
    /** Local names that call a (sync) generator function. */
    const stepFunctions = new Set();

    function recordImport(node) {
      const source = String(node.source.value);
      for (const spec of node.specifiers) {
        if (spec.type !== 'ImportSpecifier') continue;
        const imported = spec.imported.name ?? spec.imported.value;
        if (isDriverModule(source) && DRIVER_HELPERS.has(imported)) {
          stepFunctions.add(spec.local.name);
          continue;
        }
        const file = resolveImport(source, filename, root);
        if (!file) continue;
        if (!exportsCache.has(file)) exportsCache.set(file, generatorExports(file));
        if (exportsCache.get(file).get(imported) === true) stepFunctions.add(spec.local.name);
      }
    }

    const calls = [];

    /** Whether a step call is run (yield*) or handed on whole to a caller that will. */
    function isConsumed(call) {
      const parent = call.parent;
      if (parent.type === 'YieldExpression' && parent.delegate && parent.argument === call) return true;
      if (parent.type === 'ReturnStatement') return true;
      if (parent.type === 'ArrowFunctionExpression' && parent.body === call) return true;
      // A generator used as a plain iterable (not a transaction step) runs when iterated.
      if (parent.type === 'SpreadElement' || (parent.type === 'ForOfStatement' && parent.right === call)) return true;
      return false;
    }

    return {
      ImportDeclaration: recordImport,
      'FunctionDeclaration[generator=true][async=false]'(node) {
        if (node.id) stepFunctions.add(node.id.name);
      },
      'VariableDeclarator > FunctionExpression[generator=true][async=false]'(node) {
        if (node.parent.id.type === 'Identifier') stepFunctions.add(node.parent.id.name);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier') calls.push(node);
      },
      // Checked at the end: a generator declared below its first use still counts.
      'Program:exit'() {
        for (const call of calls) {
          if (stepFunctions.has(call.callee.name) && !isConsumed(call)) {
            context.report({ node: call, messageId: 'notYielded', data: { name: call.callee.name } });
          }
        }
      },
    };
  },
};

export default rule;
