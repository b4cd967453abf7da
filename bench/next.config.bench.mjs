/**
 * The bench's build (bench/lib/server.ts sets NEXT_CONFIG_EXTEND to this file), on top of the
 * product's next.config.mjs:
 * - its baseline routes are copied into app/ for that build only (bench/overlay/README.md), named
 *   route.bench.ts and page.bench.tsx: only this build takes them as routes, so no other build
 *   ever has a /api/bench or /bench route;
 * - T12's baseline: the rate limit's module is a wrapper that a server started with
 *   BENCH_RATE_LIMIT=off answers without the database.
 */
export default function benchConfig(config) {
  return {
    ...config,
    pageExtensions: ['bench.tsx', 'bench.ts', ...(config.pageExtensions ?? ['tsx', 'ts'])],
    turbopack: { ...config.turbopack, resolveAlias: { ...config.turbopack?.resolveAlias, '@/lib/security/rate-limit': './bench/overlay/lib/security/rate-limit.ts' } },
  };
}
