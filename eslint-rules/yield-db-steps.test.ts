import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, it } from 'vitest';
import rule from './yield-db-steps.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

// A module of the project's shape next to the file under test: one exported step helper (a
// generator), one ordinary function, one async generator (not a step).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yield-db-steps-'));
fs.writeFileSync(
  path.join(dir, 'effects.ts'),
  [
    'export function* enqueue(tx: unknown): Generator<unknown, number, unknown> { return 1; }',
    'export function plain(): number { return 1; }',
    'export async function* rows(): AsyncGenerator<number> { yield 1; }',
  ].join('\n'),
);
const filename = path.join(dir, 'writer.ts');

const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: 'module' } });

const header = "import { get, run } from '@/db/driver';\nimport { enqueue, plain, rows } from './effects';\n";
const code = (body: string) => header + body;

tester.run('yield-db-steps', rule, {
  valid: [
    { filename, code: code('function* body(tx) { const p = yield* get(q); yield* run(w); return p; }') },
    { filename, code: code('function* body(tx) { yield* enqueue(tx); }') },
    { filename, code: code('function* body(tx) { return run(w); }') },
    { filename, code: code('const go = (tx) => enqueue(tx);') },
    { filename, code: code('function* local(tx) { yield* get(q); }\nfunction* body(tx) { const n = yield* local(tx); }') },
    // Not steps: an ordinary function, an async generator, a `get` that is not the driver's.
    { filename, code: code('function* body(tx) { plain(); for await (const r of rows()) {} }') },
    { filename, code: "import { get } from './cache';\nfunction f() { get('x'); }" },
    { filename, code: "const get = (k) => k;\nfunction f() { get('x'); }" },
    // A generator as a plain iterable runs when iterated.
    { filename, code: 'function* walk(d) { yield d; }\nconst files = [...walk(1)];\nfor (const f of walk(2)) {}' },
  ],
  invalid: [
    { filename, code: code('function* body(tx) { get(q); }'), errors: [{ messageId: 'notYielded' }] },
    { filename, code: code('function* body(tx) { run(w); yield* run(w); }'), errors: [{ messageId: 'notYielded' }] },
    // The easy slip: a yield without the star hands the driver a generator, not a query.
    { filename, code: code('function* body(tx) { const p = yield get(q); }'), errors: [{ messageId: 'notYielded' }] },
    { filename, code: code('function* body(tx) { const p = get(q); }'), errors: [{ messageId: 'notYielded' }] },
    { filename, code: code('function* body(tx) { enqueue(tx); }'), errors: [{ messageId: 'notYielded' }] },
    { filename, code: "import { run as exec } from '../db/driver';\nfunction* body(tx) { exec(w); }", errors: [{ messageId: 'notYielded' }] },
    { filename, code: code('function* body(tx) { helper(tx); }\nfunction* helper(tx) { yield* run(w); }'), errors: [{ messageId: 'notYielded' }] },
    { filename, code: code('const helper = function* (tx) { yield* run(w); };\nfunction* body(tx) { helper(tx); }'), errors: [{ messageId: 'notYielded' }] },
  ],
});
