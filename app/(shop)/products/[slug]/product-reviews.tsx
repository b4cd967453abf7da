import { Pager } from '@/app/_components/pager';
import { formatDateBR } from '@balcao/br/dates';
import type { ProductReviews as Reviews } from '@/lib/reviews/display';
import { starLabel, summaryText } from '@/lib/reviews/words';
import { Stars } from '../../_components/stars';
import styles from './reviews.module.css';

/**
 * The product page's "Avaliações": the average and count, then the published reviews, newest
 * first, a page at a time (`?avaliacoes=2`, plain links). Text is text: React escapes it and no
 * address in a comment becomes a link.
 */
export function ProductReviews({ slug, reviews, variantParam }: { slug: string; reviews: Reviews; variantParam?: number }) {
  const { summary, page, pages } = reviews;
  const hrefOf = (n: number) => `/products/${slug}?${variantParam ? `variante=${variantParam}&` : ''}avaliacoes=${n}#avaliacoes`;
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className={styles.reviews}>
      <h2 id="avaliacoes-titulo">Avaliações</h2>
      {summary.count === 0 ? (
        <p className="muted">Este produto ainda não tem avaliações.</p>
      ) : (
        <>
          <p className={styles.summary}>
            <Stars average={summary.average} /> <span>{summaryText(summary.average, summary.count)}</span>
          </p>
          <ul className={styles.list}>
            {reviews.reviews.map((r) => (
              <li key={r.id} className={styles.review}>
                <p className={styles.head}>
                  <span role="img" aria-label={`Nota: ${starLabel(r.rating)} de 5`} className={styles.glyphs}>
                    <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
                  </span>
                  <span className={styles.verified}>Compra verificada</span>
                </p>
                {r.comment ? <p className={styles.comment}>{r.comment}</p> : null}
                <p className="small muted">
                  {r.author} · <time dateTime={r.createdAt}>{formatDateBR(r.createdAt)}</time>
                </p>
                {r.reply ? (
                  <div className={styles.reply}>
                    <p className="small">
                      <strong>Resposta da loja</strong>
                    </p>
                    <p className={styles.comment}>{r.reply}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} hrefOf={hrefOf} label="Páginas das avaliações" className={styles.pages} previous="← Anteriores" next="Mais avaliações →" />
        </>
      )}
    </section>
  );
}
