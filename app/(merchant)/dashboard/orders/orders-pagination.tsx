/** "← Anterior · Página n de m · Próxima →" under an orders list. */
import Link from 'next/link';
import styles from './orders.module.css';

export function OrdersPagination({
  page,
  pageCount,
  hasNext,
  totalIsLowerBound = false,
  href,
}: {
  page: number;
  pageCount: number;
  hasNext: boolean;
  totalIsLowerBound?: boolean;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Páginas" className={styles.pagination}>
      {page > 1 ? (
        <Link href={href(page - 1)} className="btn btn-ghost" rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span className="btn btn-ghost" aria-disabled="true">
          ← Anterior
        </span>
      )}
      <span className="small">{totalIsLowerBound ? `Página ${page}` : `Página ${page} de ${pageCount}`}</span>
      {hasNext ? (
        <Link href={href(page + 1)} className="btn btn-ghost" rel="next">
          Próxima →
        </Link>
      ) : (
        <span className="btn btn-ghost" aria-disabled="true">
          Próxima →
        </span>
      )}
    </nav>
  );
}
