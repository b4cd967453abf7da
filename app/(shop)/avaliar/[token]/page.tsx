import type { Metadata } from 'next';
import Link from 'next/link';
import { reviewPage } from '@/lib/reviews';
import { starLabel } from '@/lib/reviews/words';
import { orderLabel } from '@/lib/orders/words';
import { errorOf } from './messages';
import { ReviewForm } from './review-form';
import styles from './review.module.css';

export const metadata: Metadata = { title: 'Avalie sua compra', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** /avaliar/<token>: the link of "Avalie sua compra" (lib/reviews/submit.ts). */
export default async function ReviewPage({ params, searchParams }: Props) {
  const token = decodeURIComponent((await params).token);
  const query = await searchParams;
  const page = await reviewPage(token);
  const sent = Number(one(query.enviado));
  const errorItem = Number(one(query.item));
  const error = errorOf(one(query.erro));
  return (
    <main className="container stack">
      <h1>Avalie sua compra</h1>
      {page.state === 'unknown' ? (
        <p className="alert alert-warning" role="status">
          Este link de avaliação não é válido. Confira se ele foi copiado inteiro.
        </p>
      ) : page.state === 'not_yet' ? (
        <p className="alert alert-info" role="status">
          O pedido {orderLabel(page.order)} ainda não pode ser avaliado: a avaliação abre depois da entrega.
        </p>
      ) : (
        <>
          <p>Pedido {orderLabel(page.order)}. Sua nota ajuda outros compradores. Só aparece o nome que você escolher mostrar.</p>
          {sent ? (
            <p className="alert alert-success" role="status">
              Obrigado pela avaliação! {one(query.publicada) ? 'Ela já aparece na loja.' : 'Ela aparece na loja depois que a loja aprovar.'}
            </p>
          ) : null}
          {page.lines.map((line) => (
            <section key={line.itemId} id={`item-${line.itemId}`} className={`stack ${styles.line}`} aria-labelledby={`produto-${line.itemId}`}>
              <h2 id={`produto-${line.itemId}`}>{line.name}</h2>
              {line.reviewed ? (
                <p>Você deu {starLabel(line.reviewed.rating)}. Obrigado!</p>
              ) : (
                <ReviewForm token={token} itemId={line.itemId} shownName={page.shownName} error={errorItem === line.itemId ? error : null} />
              )}
            </section>
          ))}
        </>
      )}
      <p>
        <Link href="/">Voltar à loja</Link>
      </p>
    </main>
  );
}
