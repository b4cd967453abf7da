/**
 * Security headers of pages and route handlers (CSP with a per-request nonce, HSTS …) are
 * set by proxy.ts. Set here too, on every response including those the proxy skips (build
 * assets, public/ files, and link prefetches — `Purpose: prefetch` / `Next-Router-Prefetch: 1`
 * bypass the proxy but still return a page's payload): nosniff and the frame protection
 * (X-Frame-Options plus CSP frame-ancestors; the sandbox's boleto pages may be framed by our
 * own pages, as lib/security/headers.ts frameableBySelf says). Where the proxy runs, its
 * values replace these.
 */
const FRAMEABLE_BY_SELF = '/sandbox/invoice/:path*';
const frameHeaders = (ancestors) => [
  { key: 'X-Frame-Options', value: ancestors === "'self'" ? 'SAMEORIGIN' : 'DENY' },
  { key: 'Content-Security-Policy', value: `frame-ancestors ${ancestors}` },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/**
 * A body over 1 MB is refused with 413 by the routes (docs/payment-api-contract.md). Because proxy.ts runs on
 * every route, Next buffers each request body for it, up to this size, dropping the rest
 * (from the chunk that crosses the limit on). 2 MB: far enough above 1 MB that a cut body
 * still reads as oversized, never as a plausible 1 MB one, and well below Next's 10 MB default.
 */
const PROXY_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * `next dev` serves its own scripts (/_next/**, HMR) only to pages opened at localhost unless
 * told otherwise; opened at 127.0.0.1 or at the LAN address it prints (how a mobile checkout is
 * tried on a real phone), the page never hydrated. Loopback and private-network hosts may load
 * them (development only: `next start` ignores this). Patterns match dot-separated parts.
 */
const DEV_ORIGINS = [
  '127.0.0.1',
  '127.*.*.*',
  '[::1]',
  '10.*.*.*',
  '192.168.*.*',
  ...Array.from({ length: 16 }, (_, i) => `172.${16 + i}.*.*`),
  '*.local', // mDNS names (my-laptop.local)
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per concurrent build (tests, benchmarks) when asked.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Docker and plain Node hosts without node_modules build with BUILD_STANDALONE=1 (see Dockerfile).
  output: process.env.BUILD_STANDALONE === '1' ? 'standalone' : undefined,
  pageExtensions: ['tsx', 'ts'],
  // `npm test` builds right after `tsc --noEmit` passed on the same tsconfig.json (the build's
  // check reads the same files: tsconfig leaves the generated .next*/types out of both). It
  // sets BUILD_TYPECHECKED=1 so the build does not check it all a second time; any other build
  // (`npm run build`, Docker, the bench) still type-checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === '1' },
  poweredByHeader: false,
  allowedDevOrigins: DEV_ORIGINS,
  reactStrictMode: true,
  // The workspace packages (packages/*) ship TypeScript source: Next compiles them with the app.
  transpilePackages: ['@balcao/br', '@balcao/payment-contract', '@balcao/payment-sandbox', '@balcao/server-kit', '@balcao/shipping-sandbox'],
  // The API guide's page (Configurações → Integrações → "Guia da API") reads docs/api.md at run time.
  outputFileTracingIncludes: { '/dashboard/settings/integracoes/guia': ['./docs/api.md'], '/dashboard/ajuda': ['./docs/guia-do-lojista.md'] },
  serverExternalPackages: ['better-sqlite3', '@libsql/client', 'pino', 'pdf-lib', 'qrcode'],
  experimental: {
    // Server actions keep Next's Origin check (no allowedOrigins): only this site may call them.
    // lib/security/action-request.ts SERVER_ACTION_BODY_LIMIT_BYTES must agree (proxy.ts answers 413 above it).
    serverActions: { bodySizeLimit: '1mb' },
    proxyClientMaxBodySize: PROXY_BODY_LIMIT_BYTES,
    // The pages' CSS (a few KB) goes inline in the HTML instead of render-blocking <link>s:
    // the first paint needs no second round trip and happens while the framework's scripts
    // are still on their way (T5: Lighthouse's LCP on a phone, BENCHMARKS.md). style-src
    // already allows inline styles (React style attributes).
    inlineCss: true,
    // With the CSS inline, a page pays for every rule it is sent (twice: in the HTML and in the
    // React payload), not for the number of files. The default chunking merged unrelated
    // modules (the dashboard's, the checkout's) into the shop pages' CSS; this one ships each
    // page the modules it imports.
    cssChunking: { type: 'graph', requestCost: 0 },
  },
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: '/((?!sandbox/invoice(?:/|$)).*)', headers: frameHeaders("'none'") },
      { source: FRAMEABLE_BY_SELF, headers: frameHeaders("'self'") },
    ];
  },
};

/**
 * A build of its own may extend this config without this file knowing it: NEXT_CONFIG_EXTEND
 * names a module (from the project root) whose default export takes this config and returns the
 * one to build with (the benchmark's build is one).
 */
async function extended(config) {
  const extension = process.env.NEXT_CONFIG_EXTEND;
  if (!extension) return config;
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const extend = (await import(pathToFileURL(resolve(process.cwd(), extension)).href)).default;
  return extend(config);
}

export default await extended(nextConfig);
