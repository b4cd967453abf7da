import Link from 'next/link';
import { STATUS_LABELS, type ProductRow, type ProductStatus, sourceAtLeast } from '@/lib/catalog';
import { formatBRL } from '@balcao/br/money';
import styles from './produtos.module.css';

const BADGE: Record<ProductStatus, string> = { active: 'badge badge-paid', inactive: 'badge badge-canceled', sold_out: 'badge badge-pending', archived: 'badge badge-expired' };

/** One page of the catalog: thumbnail (or the seed's illustration), name, stock, price and state. */
export function ProductList({ rows }: { rows: ProductRow[] }) {
  return (
    <ul className={styles.list} aria-label="Produtos">
      {rows.map((p, i) => {
        const thumb = p.cover ? sourceAtLeast(p.cover, 128) : null;
        return (
          <li key={p.id} className={`card ${styles.item}`}>
            {thumb ? (
              // eslint-disable-next-line @next/next/no-img-element -- our own WebP thumbnail
              <img src={thumb.url} alt="" width={64} height={48} className={styles.thumb} loading={i < 8 ? 'eager' : 'lazy'} />
            ) : p.imagePath ? (
              // eslint-disable-next-line @next/next/no-img-element -- the seed's SVG illustration
              <img src={p.imagePath} alt="" width={64} height={48} className={styles.thumb} loading={i < 8 ? 'eager' : 'lazy'} />
            ) : (
              <span className={styles.noPhoto} aria-hidden="true">
                sem foto
              </span>
            )}
            <div className={styles.itemMain}>
              <Link href={`/dashboard/produtos/${p.id}`} className={styles.itemName}>
                {p.name}
              </Link>
              <span className={styles.itemMeta}>{p.stock === null ? 'Estoque não controlado' : `Estoque: ${p.stock.toLocaleString('pt-BR')}`}</span>
            </div>
            <div className={styles.itemSide}>
              <span className={styles.price}>{formatBRL(p.priceCents)}</span>
              <span className={BADGE[p.status]}>{STATUS_LABELS[p.status]}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
