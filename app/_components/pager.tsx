import Link from 'next/link';

/**
 * "← Anterior · Página 2 de 5 · Próxima →" under a list split in pages (the catalog, a product's
 * reviews, the dashboard's products): plain links, so it works without JavaScript; nothing
 * when there is one page. `className` lays it out (the caller's own style).
 */
export function Pager({
  page,
  pages,
  hrefOf,
  label,
  className,
  linkClassName,
  previous = '← Anterior',
  next = 'Próxima →',
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  label: string;
  className?: string;
  linkClassName?: string;
  previous?: string;
  next?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} className={linkClassName} rel="prev">
          {previous}
        </Link>
      ) : null}
      <span className="small">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link href={hrefOf(page + 1)} className={linkClassName} rel="next">
          {next}
        </Link>
      ) : null}
    </nav>
  );
}
