import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers as check, usedFaces } from './check-layers.mjs';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('check-layers', () => {
  it('lists the folders lowest first when no import runs back up', () => {
    const root = tree({
      'lib/low/a.ts': "import { z } from 'zod';\nexport const a = 1;",
      'lib/mid/b.ts': "import { a } from '@/lib/low/a';\nexport const b = a;",
      'app/page.tsx': "import { b } from '@/lib/mid/b';\nexport default b;",
    });
    expect(check(root)).toEqual({ problems: [], layers: [['lib/low'], ['lib/mid'], ['app']] });
  });

  it('fails when a lower folder imports a higher one (a loop of folders), naming the files', () => {
    const root = tree({
      'lib/low/a.ts': "export const a = 1;\nexport async function late() { return (await import('../mid/c')).c; }",
      'lib/mid/b.ts': "import { a } from '@/lib/low/a';\nexport const b = a;",
      'lib/mid/c.ts': 'export const c = 3;',
    });
    const { problems } = check(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('folders import each other: lib/low, lib/mid');
    expect(problems[0]).toContain('lib/low/a.ts → lib/mid/c.ts');
  });

  it('fails on files that import each other, type imports included; tests may import anything', () => {
    const root = tree({
      'lib/one/a.ts': "import type { B } from './b';\nexport type A = { b?: B };",
      'lib/one/b.ts': "import type { A } from './a';\nexport type B = { a?: A };",
      'lib/one/a.test.ts': "import '@/app/page';",
      'app/page.tsx': "import type { A } from '@/lib/one/a';\nexport default 1;",
    });
    expect(check(root).problems).toEqual(['files import each other: lib/one/a.ts, lib/one/b.ts']);
  });

  it('refuses product code that imports a test helper or a test, and checks the helpers like the rest', () => {
    const root = tree({
      'lib/low/a.ts': 'export const a = 1;',
      'lib/mid/b.ts': "import { fake } from '@/test/low/fake';\nexport const b = fake;",
      'lib/mid/c.ts': "import { t } from './c.test';\nexport const c = t;",
      'lib/mid/c.test.ts': "import { fake } from '@/test/low/fake';\nexport const t = fake;",
      'test/low/fake.ts': "import { a } from '@/lib/low/a';\nexport const fake = a;",
    });
    expect(check(root).problems).toEqual([
      'product code imports test scaffolding: lib/mid/b.ts → test/low/fake.ts',
      'a test is imported: lib/mid/c.ts → lib/mid/c.test.ts',
    ]);
  });

  it('a test helper that imports a higher folder than one that imports it is a loop', () => {
    const root = tree({
      'lib/low/a.ts': 'export const a = 1;',
      'lib/high/b.ts': "import { a } from '@/lib/low/a';\nexport const b = a;",
      'test/low/one.ts': "import { b } from '@/lib/high/b';\nexport const one = b;",
      'test/high/two.ts': "import { one } from '@/test/low/one';\nexport const two = one;",
      'test/low/three.ts': "import { two } from '@/test/high/two';\nexport const three = two;",
    });
    expect(check(root).problems).toEqual([expect.stringContaining('folders import each other: test/high, test/low')]);
  });

  it('refuses a workspace package that imports the shop; resolves packages through their exports', () => {
    const root = tree({
      'packages/kit/package.json': JSON.stringify({ name: '@balcao/kit', exports: { '.': './src/index.ts' } }),
      'packages/kit/src/index.ts': "import { a } from '@/lib/low/a';\nexport const kit = a;",
      'packages/kit/src/other.ts': "import { a } from '../../../lib/low/a';\nexport const other = a;",
      'packages/kit/test/fake.ts': "import { kit } from '../src/index';\nexport const fake = kit;",
      'lib/low/a.ts': 'export const a = 1;',
      'lib/mid/b.ts': "import { kit } from '@balcao/kit';\nexport const b = kit;",
      'lib/mid/c.ts': "import { fake } from '@/packages/kit/test/fake';\nexport const c = fake;",
    });
    expect(check(root).problems.sort()).toEqual([
      'a package imports the shop: packages/kit/src/index.ts → lib/low/a.ts',
      'a package imports the shop: packages/kit/src/other.ts → lib/low/a.ts',
      'product code imports test scaffolding: lib/mid/c.ts → packages/kit/test/fake.ts',
    ]);
  });

  it("refuses a workspace package whose exports give out its test helpers (tests import them by path)", () => {
    const root = tree({
      'packages/kit/package.json': JSON.stringify({ name: '@balcao/kit', exports: { '.': './src/index.ts', './testing/*': './test/*.ts' } }),
      'packages/kit/src/index.ts': 'export const kit = 1;',
      'packages/kit/test/fake.ts': "import { kit } from '../src/index';\nexport const fake = kit;",
    });
    expect(check(root).problems).toEqual(['a package exports test helpers: packages/kit/package.json "./testing/*" → ./test/*.ts']);
  });

  it('prints the product folders only: test helpers are checked but are not layers of the map', () => {
    const root = tree({
      'lib/low/a.ts': 'export const a = 1;',
      'app/page.tsx': "import { a } from '@/lib/low/a';\nexport default a;",
      'test/low/fake.ts': "import { a } from '@/lib/low/a';\nexport const fake = a;",
    });
    expect(check(root)).toEqual({ problems: [], layers: [['lib/low'], ['app']] });
  });

  it("refuses an import into another lib folder's file that is not one of its entry files (lib/faces.json)", () => {
    const files = {
      'lib/low/index.ts': "export { inner } from './inner';",
      'lib/low/inner.ts': 'export const inner = 1;',
      'lib/low/inner.test.ts': "import { inner } from './inner';\nexport const t = inner;",
      'lib/mid/b.ts': "import { inner } from '@/lib/low';\nexport const b = inner;",
      'lib/mid/c.ts': "import { inner } from '../low/inner';\nexport const c = inner;",
      'lib/mid/c.test.ts': "import { inner } from '@/lib/low/inner';\nexport const t = inner;",
      'test/mid/fake.ts': "import { inner } from '@/lib/low/inner';\nexport const fake = inner;",
    };
    const root = tree({ ...files, 'lib/faces.json': JSON.stringify({ 'lib/low': ['index.ts'], 'lib/mid': [] }) });
    expect(check(root).problems).toEqual([
      "an import into another feature's inner file: lib/mid/c.ts → lib/low/inner.ts (lib/low's entry files are listed in lib/faces.json)",
    ]);
    // what the folders are imported through now: the product's imports only, tests and helpers aside
    expect(usedFaces(root)).toEqual({ 'lib/low': ['index.ts', 'inner.ts'], 'lib/mid': [] });
    // every lib folder lists its face, and lists only files that exist
    const missing = tree({ ...files, 'lib/faces.json': JSON.stringify({ 'lib/low': ['index.ts', 'inner.ts', 'gone.ts'] }) });
    expect(check(missing).problems).toEqual(['lib/mid lists no entry files in lib/faces.json', 'lib/faces.json: lib/low lists gone.ts, which does not exist']);
  });

  it('refuses a narrowed feature whose face lists more entry files than its maximum', () => {
    const files = {
      'lib/low/a.ts': 'export const a = 1;',
      'lib/low/b.ts': 'export const b = 1;',
      'lib/mid/c.ts': "import { a } from '@/lib/low/a';\nimport { b } from '@/lib/low/b';\nexport const c = a + b;",
    };
    const faces = (max: number, features: string[]) => JSON.stringify({ $narrowed: { max, features }, 'lib/low': ['a.ts', 'b.ts'], 'lib/mid': [] });
    expect(check(tree({ ...files, 'lib/faces.json': faces(2, ['lib/low']) })).problems).toEqual([]);
    expect(check(tree({ ...files, 'lib/faces.json': faces(1, ['lib/low']) })).problems).toEqual(['lib/faces.json: lib/low is narrowed to at most 1 entry files and lists 2']);
    expect(check(tree({ ...files, 'lib/faces.json': faces(1, ['lib/mid']) })).problems).toEqual([]);
    expect(check(tree({ ...files, 'lib/faces.json': faces(4, ['lib/gone']) })).problems).toEqual(['lib/faces.json: lib/gone is narrowed but lists no entry files']);
    const subKey = JSON.stringify({ 'lib/low': ['a.ts', 'b.ts'], 'lib/mid': [], 'lib/low/sub': [] });
    expect(check(tree({ ...files, 'lib/low/sub/d.ts': 'export const d = 1;', 'lib/faces.json': subKey })).problems).toEqual([
      "lib/faces.json: lib/low/sub is no feature (a sub-folder's files go in its feature's list)",
    ]);
  });

  it('takes each sub-folder of a feature as a folder of its own, so a feature holds its own layers', () => {
    const root = tree({
      'lib/feature/low/a.ts': 'export const a = 1;',
      'lib/other/b.ts': "import { a } from '@/lib/feature/low/a';\nexport const b = a;",
      'lib/feature/c.ts': "import { b } from '@/lib/other/b';\nexport const c = b;",
      'lib/faces.json': JSON.stringify({ 'lib/feature': ['low/a.ts', 'c.ts'], 'lib/other': ['b.ts'] }),
    });
    expect(check(root)).toEqual({ problems: [], layers: [['lib/feature/low'], ['lib/other'], ['lib/feature']] });
    // Inside one feature a sub-folder is no way round the layers: a loop of folders still fails.
    const loop = tree({
      'lib/feature/low/a.ts': "import { c } from '../c';\nexport const a = c;",
      'lib/feature/c.ts': 'export const c = 1;',
      'lib/feature/d.ts': "export async function late() { return (await import('./low/a')).a; }",
      'lib/faces.json': JSON.stringify({ 'lib/feature': [] }),
    });
    expect(check(loop).problems).toEqual([expect.stringContaining('folders import each other: lib/feature, lib/feature/low')]);
  });

  it("refuses a file of another feature's sub-folder that is not in that feature's face", () => {
    const root = tree({
      'lib/feature/sub/face.ts': 'export const face = 1;',
      'lib/feature/sub/inner.ts': 'export const inner = 1;',
      'lib/other/b.ts': "import { face } from '@/lib/feature/sub/face';\nimport { inner } from '@/lib/feature/sub/inner';\nexport const b = face + inner;",
      'lib/faces.json': JSON.stringify({ 'lib/feature': ['sub/face.ts'], 'lib/other': [] }),
    });
    expect(check(root).problems).toEqual([
      "an import into another feature's inner file: lib/other/b.ts → lib/feature/sub/inner.ts (lib/feature's entry files are listed in lib/faces.json)",
    ]);
  });

  it("refuses a wrong door: a name taken through another feature's face that only passes it on from a third", () => {
    const root = tree({
      'lib/csv/write.ts': 'export const csvRow = 1;\nexport const CSV_BOM = 2;',
      'lib/admin/csv.ts': "export { csvRow, CSV_BOM as BOM } from '@/lib/csv/write';\nimport { csvRow } from '@/lib/csv/write';\nexport const orderRow = csvRow;",
      'lib/admin/index.ts': "export { orderRow } from './csv';",
      'lib/drafts/abandoned.ts': "import { csvRow, orderRow } from '@/lib/admin/csv';\nexport const x = csvRow + orderRow;",
      'lib/drafts/bom.ts': "import { BOM } from '@/lib/admin/csv';\nexport const y = BOM;",
      'lib/drafts/own.ts': "import { orderRow } from '@/lib/admin';\nexport const z = orderRow;",
      'lib/faces.json': JSON.stringify({ 'lib/csv': ['write.ts'], 'lib/admin': ['csv.ts', 'index.ts'], 'lib/drafts': [] }),
    });
    expect(check(root).problems).toEqual([
      "a wrong door: lib/drafts/abandoned.ts takes csvRow through lib/admin/csv.ts; it is lib/csv's (lib/csv/write.ts)",
      "a wrong door: lib/drafts/bom.ts takes BOM through lib/admin/csv.ts; it is lib/csv's (lib/csv/write.ts)",
    ]);
  });

  it('holds for this repository', () => {
    expect(check(path.resolve(__dirname, '..')).problems).toEqual([]);
  });
});
