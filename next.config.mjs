/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per concurrent build (tests, benchmarks) when asked.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Docker and plain Node hosts without node_modules build with BUILD_STANDALONE=1 (see Dockerfile).
  output: process.env.BUILD_STANDALONE === '1' ? 'standalone' : undefined,
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', '@libsql/client', 'pino', 'pdf-lib', 'qrcode'],
  experimental: {
    serverActions: { bodySizeLimit: '1mb' },
  },
};

export default nextConfig;
