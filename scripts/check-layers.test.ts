import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers as check } from './check-layers.mjs';

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

  it('holds for this repository', () => {
    expect(check(path.resolve(__dirname, '..')).problems).toEqual([]);
  });
});
