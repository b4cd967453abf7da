/**
 * The docs stay true to the tree: every relative link and every file path they name resolves,
 * every environment variable the configuration reads is in the reference, every picture they
 * show is one a journey writes, and the README's commands are the ones CI runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** README.md and every Markdown page under docs/, as paths from the root. */
export function docPages(root = ROOT): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** The targets of Markdown links and images that are not absolute URLs or in-page anchors. */
export function relativeLinks(markdown: string): string[] {
  const links = [...markdown.matchAll(/!?\[[^\]]*\]\(((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
  return links.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l) && !l.startsWith('#')).map((l) => l.split('#')[0]);
}

const TOP_FOLDERS = ['app', 'lib', 'db', 'docs', 'e2e', 'scripts', 'packages', 'test', 'bench', 'public', 'eslint-rules', '.ci'];

/** File paths written in code spans (`lib/x/y.ts`, `docs/z.md`): a known top folder, then a name with an extension. */
export function codePaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const folders = TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|');
  const pathLike = new RegExp(`^(?:${folders})/[\\w@.\\-/\\[\\]]+\\.(?:ts|tsx|mts|mjs|md|json|sql|png|css|yml)$`);
  return spans.filter((s) => pathLike.test(s) && !s.includes('*') && !s.includes('<'));
}

describe('the docs name what exists', () => {
  for (const page of docPages()) {
    it(`${page}: every relative link resolves`, () => {
      const base = path.dirname(path.join(ROOT, page));
      const missing = relativeLinks(read(page)).filter((l) => !fs.existsSync(path.resolve(base, decodeURIComponent(l))));
      expect(missing).toEqual([]);
    });

    // The benchmarks' log is history: it names the files as they were when each run was made.
    it.skipIf(page === 'docs/benchmarks-log.md')(`${page}: every file path in code resolves`, () => {
      const missing = codePaths(read(page)).filter((p) => !fs.existsSync(path.join(ROOT, p)));
      expect(missing).toEqual([]);
    });
  }

  it('finds links, images and code paths, and leaves URLs and anchors alone', () => {
    const md = 'See [api](docs/api.md#keys), ![x](screenshots/a.png), [shop](../app/(shop)/README.md), [web](https://x.dev), [top](#run) and `lib/csv/read.ts`, `npm test`, `lib/**/x.ts`.';
    expect(relativeLinks(md)).toEqual(['docs/api.md', 'screenshots/a.png', '../app/(shop)/README.md']);
    expect(codePaths(md)).toEqual(['lib/csv/read.ts']);
  });
});

describe('the configuration is documented', () => {
  it('every variable lib/config/env.ts reads is in docs/reference.md', () => {
    const schema = read('lib/config/env.ts');
    const names = [...schema.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    const reference = read('docs/reference.md');
    const undocumented = names.filter((n) => n !== 'NODE_ENV' && n !== 'VERCEL' && !reference.includes(n));
    expect(undocumented).toEqual([]);
  });
});

describe('the pictures are the journeys\'', () => {
  it('every picture under docs/screenshots that a page shows is written by an e2e journey', () => {
    const specs = fs.readdirSync(path.join(ROOT, 'e2e')).filter((f) => f.endsWith('.ts')).map((f) => read(`e2e/${f}`)).join('\n');
    const shown = docPages().flatMap((page) => relativeLinks(read(page))).filter((l) => l.includes('screenshots/') && l.endsWith('.png'));
    expect(shown.length).toBeGreaterThan(0);
    const notWritten = [...new Set(shown.map((l) => path.basename(l)))].filter((name) => !specs.includes(name.replace(/\.png$/, '')));
    expect(notWritten).toEqual([]);
  });
});

describe('the README runs what CI runs', () => {
  it('its install and test commands are the ones .ci/run uses', () => {
    const readme = read('README.md');
    const ci = read('.ci/run');
    expect(readme).toMatch(/npm ci && npm run dev/);
    expect(readme).toMatch(/^npm test$/m);
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
