import type { Metadata } from 'next';
import { randomUUID } from 'node:crypto';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { subscribeView } from '@/lib/subscriptions';
import { SubscribeForm } from './subscribe-form';

export const metadata: Metadata = { title: 'Assinar', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ variante?: string | string[] }> };

/** The subscription's checkout: one subscription product, its first cycle paid now (Pix or boleto). */
export default async function SubscribePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const view = await subscribeView(slug, (await searchParams).variante);
  if (!view) notFound();
  return (
    <main className="container stack">
      <nav aria-label="Trilha" className="small">
        <Link href={`/products/${view.product.slug}`}>{view.product.name}</Link> <span aria-hidden="true">›</span> <span className="muted">Assinar</span>
      </nav>
      <h1>Assinar {view.product.name}</h1>
      <p>
        <strong>{view.priceLabel}</strong> · {view.intervalLabel}
        {view.variant.name ? ` · ${view.variant.name}` : ''}
        {view.ships ? ' · mais o frete de cada entrega' : ''}
      </p>
      <p className="alert alert-info small">
        A assinatura é paga aqui, separada do carrinho: os itens do carrinho continuam lá para outra compra. A primeira entrega é paga agora; as próximas chegam por e-mail com o Pix ou
        o boleto, e você pode pausar ou cancelar quando quiser.
      </p>
      {view.variant.soldOut ? (
        <p className="alert alert-warning" role="status">
          Esgotado
        </p>
      ) : (
        <SubscribeForm slug={view.product.slug} variantId={view.variant.id} checkoutKey={randomUUID()} ships={view.ships} />
      )}
    </main>
  );
}
