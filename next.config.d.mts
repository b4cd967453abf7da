import type { NextConfig } from 'next';

declare const nextConfig: NextConfig & { pageExtensions: string[] };
export default nextConfig;
