/**
 * The benchmark's baseline routes (route.bench.ts, page.bench.tsx under app/) are in the bench's
 * build only: Next takes a file as a route or page when its name is `route` or `page` plus one
 * of `pageExtensions`, which only BENCH_BUILD=1 extends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function configWith(benchBuild: string | undefined) {
  vi.resetModules();
  vi.stubEnv('BENCH_BUILD', benchBuild);
  return (await import('./next.config.mjs')).default;
}

/** The app/ files Next would take as routes or pages with these extensions (its rule: `<route|page>.<extension>`). */
function routeFiles(pageExtensions: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (pageExtensions.some((ext) => entry.name === `route.${ext}` || entry.name === `page.${ext}`)) found.push(path.relative(__dirname, p));
    }
  };
  walk(path.join(__dirname, 'app'));
  return found;
}

afterEach(() => vi.unstubAllEnvs());

describe('bench baselines', () => {
  it('a production build has no /api/bench or /bench route', async () => {
    const routes = routeFiles((await configWith(undefined)).pageExtensions);
    expect(routes.some((r) => r.startsWith('app/api/webhooks/'))).toBe(true);
    expect(routes.filter((r) => r.startsWith('app/api/bench/') || r.startsWith('app/bench/'))).toEqual([]);
  });

  it("only the bench's build swaps the rate limit's module for its T12 baseline wrapper", async () => {
    expect((await configWith(undefined)).turbopack?.resolveAlias).toBeUndefined();
    const alias = (await configWith('1')).turbopack?.resolveAlias as Record<string, string>;
    expect(alias['@/lib/security/rate-limit']).toBe('./lib/security/rate-limit.bench.ts');
    expect(fs.existsSync(path.join(__dirname, alias['@/lib/security/rate-limit']))).toBe(true);
  });

  it("the bench's build (BENCH_BUILD=1) has them", async () => {
    const routes = routeFiles((await configWith('1')).pageExtensions);
    expect(routes).toEqual(expect.arrayContaining(['app/api/bench/bare/route.bench.ts', 'app/api/bench/bare/[token]/route.bench.ts', 'app/bench/blank/page.bench.tsx']));
  });
});

describe("the build's type check", () => {
  it('runs in every build but the one `npm test` makes after `tsc --noEmit` passed', async () => {
    vi.resetModules();
    vi.stubEnv('BUILD_TYPECHECKED', undefined);
    expect((await import('./next.config.mjs')).default.typescript?.ignoreBuildErrors).toBe(false);
    vi.resetModules();
    vi.stubEnv('BUILD_TYPECHECKED', '1');
    expect((await import('./next.config.mjs')).default.typescript?.ignoreBuildErrors).toBe(true);

    const scripts = (JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.typecheck).toBe('tsc --noEmit');
    expect(scripts.build).not.toContain('BUILD_TYPECHECKED');
    expect(scripts.test).toBe('node scripts/test-gate.mjs');
    const { STAGES } = await import('./scripts/test-gate.mjs');
    const groupOf = (pick: (s: (typeof STAGES)[number][number]) => boolean) => STAGES.findIndex((g) => g.some(pick));
    const skipping = groupOf((s) => s.env?.BUILD_TYPECHECKED === '1');
    expect(STAGES[skipping]).toEqual([{ name: 'build', command: 'npm run build', env: { BUILD_TYPECHECKED: '1' } }]);
    // The gate stops at the first failing group: a build that skips the check comes after it passed.
    expect(groupOf((s) => s.command === 'npm run typecheck')).toBeGreaterThanOrEqual(0);
    expect(groupOf((s) => s.command === 'npm run typecheck')).toBeLessThan(skipping);
  });
});
