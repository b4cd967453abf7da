/**
 * Benchmark baseline (bench/t5-page-weight.ts): a blank App Router page in the same build,
 * under the same root layout, to compare the checkout page's JavaScript and LCP against.
 * Rendered per request like every page of this app (the CSP nonce set by proxy.ts only
 * reaches dynamically rendered pages). Only in the bench's build (bench/next.config.bench.mjs
 * adds `.bench.tsx` to the pageExtensions); a production build has no /bench page.
 */
import type { Metadata } from 'next';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Página em branco', robots: { index: false, follow: false } };

export default function BlankPage() {
  return (
    <main id="conteudo" className="container">
      <h1>Página em branco</h1>
    </main>
  );
}
