/**
 * Benchmark baseline (bench/t5-page-weight.ts): a blank App Router page in the same build,
 * under the same root layout, to compare the checkout page's JavaScript and LCP against.
 * Rendered per request like every page of this app (the CSP nonce set by proxy.ts only
 * reaches dynamically rendered pages); 404 unless the process runs with BENCH_ROUTES=1.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Página em branco', robots: { index: false, follow: false } };

export default function BlankPage() {
  if (process.env.BENCH_ROUTES !== '1') notFound();
  return (
    <main id="conteudo" className="container">
      <h1>Página em branco</h1>
    </main>
  );
}
