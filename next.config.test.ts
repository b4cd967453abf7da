/**
 * The benchmark's baselines live in bench/overlay/ (bench/overlay/README.md), not in the
 * product: its routes are copied into app/ for the bench's build only, named `route.bench.ts` /
 * `page.bench.tsx`, which Next takes as routes only when the bench's build extends `pageExtensions` through
 * NEXT_CONFIG_EXTEND=bench/next.config.bench.mjs (its rule: `<route|page>.<extension>`); T12's
 * rate-limit wrapper is an alias of that build. next.config.mjs itself names no bench switch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overlayFiles, withOverlay } from './bench/lib/overlay';

async function configWith(benchBuild: string | undefined) {
  vi.resetModules();
  vi.stubEnv('NEXT_CONFIG_EXTEND', benchBuild ? 'bench/next.config.bench.mjs' : undefined);
  return (await import('./next.config.mjs')).default;
}

/** The files under `dir` Next would take as routes or pages with these extensions. */
function routeFiles(dir: string, pageExtensions: string[]): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (pageExtensions.some((ext) => entry.name === `route.${ext}` || entry.name === `page.${ext}`)) found.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

const BASELINES = ['api/bench/bare/route.bench.ts', 'api/bench/bare/[token]/route.bench.ts', 'bench/blank/page.bench.tsx'];

afterEach(() => vi.unstubAllEnvs());

describe('bench baselines', () => {
  it("the product's app/ has no /api/bench or /bench route, even in the bench's build", async () => {
    const app = path.join(__dirname, 'app');
    expect(routeFiles(app, (await configWith(undefined)).pageExtensions)).toContain(path.join('api', 'webhooks', 'payments', '[token]', 'route.ts'));
    const routes = routeFiles(app, (await configWith('1')).pageExtensions);
    expect(routes.filter((r) => r.startsWith(path.join('api', 'bench')) || r.startsWith(`bench${path.sep}`))).toEqual([]);
  });

  it("the overlay's files are routes of the bench's build only", async () => {
    const overlay = path.join(__dirname, 'bench', 'overlay', 'app');
    expect(overlayFiles().sort()).toEqual([...BASELINES].sort());
    expect(routeFiles(overlay, (await configWith(undefined)).pageExtensions)).toEqual([]);
    expect(routeFiles(overlay, (await configWith('1')).pageExtensions).sort()).toEqual([...BASELINES].sort());
  });

  it('next.config.mjs names no bench switch, and the bench builds through the generic extension', () => {
    const config = fs.readFileSync(path.join(__dirname, 'next.config.mjs'), 'utf8');
    expect(config).not.toMatch(/BENCH_|bench\//);
    expect(fs.readFileSync(path.join(__dirname, 'bench', 'lib', 'server.ts'), 'utf8')).toContain("NEXT_CONFIG_EXTEND: 'bench/next.config.bench.mjs'");
  });

  it('the bench copies them in for its build and removes them after, even when the build fails', () => {
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-app-'));
    fs.mkdirSync(path.join(app, 'api', 'health'), { recursive: true });
    fs.writeFileSync(path.join(app, 'api', 'health', 'route.ts'), '');
    const seen = withOverlay(app, () => routeFiles(app, ['bench.tsx', 'bench.ts', 'tsx', 'ts']).sort());
    expect(seen).toEqual([...BASELINES, path.join('api', 'health', 'route.ts')].sort());
    expect(() =>
      withOverlay(app, () => {
        throw new Error('build failed');
      }),
    ).toThrow('build failed');
    expect(routeFiles(app, ['bench.tsx', 'bench.ts', 'tsx', 'ts'])).toEqual([path.join('api', 'health', 'route.ts')]);
    fs.rmSync(app, { recursive: true, force: true });
  });

  it("only the bench's build swaps the rate limit's module for its T12 baseline wrapper, kept in bench/", async () => {
    expect((await configWith(undefined)).turbopack?.resolveAlias).toBeUndefined();
    const alias = (await configWith('1')).turbopack?.resolveAlias as Record<string, string>;
    expect(alias['@/lib/security/rate-limit']).toBe('./bench/overlay/lib/security/rate-limit.ts');
    expect(fs.existsSync(path.join(__dirname, alias['@/lib/security/rate-limit']))).toBe(true);
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
    expect(STAGES[skipping]).toContainEqual({ name: 'build', command: 'npm run build', env: { BUILD_TYPECHECKED: '1' } });
    // The gate fails when any stage of a group fails: a build that skips the check runs beside
    // tsc or after it, and nothing after that group runs unless tsc passed.
    expect(groupOf((s) => s.command === 'npm run typecheck')).toBeGreaterThanOrEqual(0);
    expect(groupOf((s) => s.command === 'npm run typecheck')).toBeLessThanOrEqual(skipping);
    expect(groupOf((s) => s.command === 'npm run test:e2e')).toBeGreaterThan(skipping);
  });
});
