/**
 * Thin pages (issue 42): a component file under app/ (or components/, or a package's UI) that
 * grows past LIMIT lines is split into named parts beside it — sections as their own components,
 * view-model building in lib/. A file may stay longer only if it is named in EXCEPTIONS with why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIMIT = 160;
const ROOTS = ['app', 'components', 'packages'];

/** path → why it may pass LIMIT (the test fails once one is back under it: then drop it here). */
const EXCEPTIONS: Record<string, string> = {};

const root = path.resolve(__dirname, '..');

function componentFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) componentFiles(p, out);
    else if (entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name)) out.push(p);
  }
  return out;
}

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('component size', () => {
  const files = ROOTS.flatMap((r) => componentFiles(path.join(root, r))).map((f) => path.relative(root, f).split(path.sep).join('/'));

  it('finds the components (the scan reads the tree it means to)', () => {
    expect(files).toContain('app/(shop)/orders/[token]/page.tsx');
  });

  it(`keeps every component file at ${LIMIT} lines or fewer, but the named exceptions`, () => {
    const over = files
      .filter((f) => !(f in EXCEPTIONS))
      .map((f) => ({ file: f, lines: lineCount(fs.readFileSync(path.join(root, f), 'utf8')) }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}: ${f.lines} lines (split it into named parts, or name it in EXCEPTIONS with why)`);
    expect(over).toEqual([]);
  });

  it('names only exceptions that still exist and still need it', () => {
    const stale = Object.keys(EXCEPTIONS).filter((f) => !fs.existsSync(path.join(root, f)) || lineCount(fs.readFileSync(path.join(root, f), 'utf8')) <= LIMIT);
    expect(stale).toEqual([]);
  });
});
