import Link from 'next/link';
import { availability } from '@/lib/catalog';
import type { CatalogCard } from '@/lib/catalog';
import { AddToCartForm } from './add-to-cart-form';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { Stars } from './stars';
import { ratingsOf } from '@/lib/reviews/display';
import styles from '../catalog.module.css';
import { Pager } from '@/app/_components/pager';
import { SortSelect } from './sort-select';

/** Card widths at the grid's breakpoints (catalog.module.css): 2, 3 then 4 columns. */
const CARD_SIZES = '(min-width: 1100px) 260px, (min-width: 1000px) 24vw, (min-width: 720px) 32vw, 48vw';
/** A phone's card (48vw of a 360–430 px screen) at up to 2.5 device pixels per CSS pixel. */
const CARD_INLINE_WIDTH = 480;

/** The catalog's cards (the catalog, a category, a search), with each product's stars once one review is published. */
export async function ProductGrid({ products, pixDiscountBps, priorityFirst = false }: { products: CatalogCard[]; pixDiscountBps: number; priorityFirst?: boolean }) {
  const ratings = await ratingsOf(products.map((p) => p.id));
  return (
    <ul className={styles.grid} aria-label="Produtos">
      {products.map((p, i) => {
        const stock = availability(p.stock);
        const rating = ratings.get(p.id);
        return (
          <li key={p.id} className={styles.card}>
            <Link href={`/products/${p.slug}`} className={styles.cardLink}>
              {/* The first row on a phone (2 columns) is the first screen; the first card is its largest paint. */}
              <ProductImage src={p.imagePath} cover={p.cover} sizes={CARD_SIZES} alt="" priority={priorityFirst && i < 2} lcp={priorityFirst && i === 0} inlineWidth={CARD_INLINE_WIDTH} className={styles.image} />
              <span className={styles.name} id={`produto-${p.id}`}>
                {p.name}
              </span>
            </Link>
            {rating ? <Stars average={rating.average} count={rating.count} /> : null}
            <div className={styles.buy}>
              <ProductPrice priceCents={p.priceCents} pixDiscountBps={pixDiscountBps} className={styles.price} pixClassName={styles.pixPrice} />
              {stock.label ? <span className={stock.soldOut ? styles.soldOut : styles.lowStock}>{stock.label}</span> : null}
              {stock.soldOut ? null : p.hasOptions ? (
                <Link href={`/products/${p.slug}`} className="btn btn-secondary" aria-describedby={`produto-${p.id}`}>
                  Escolher opções
                </Link>
              ) : (
                <AddToCartForm productId={p.id} describedBy={`produto-${p.id}`} compact />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** "Ordenar por" (a GET form: works without JavaScript, its button kept for that; with it, a change sorts at once) and the pages of a product list. */
export function SortForm({ action, sort, hidden = {} }: { action: string; sort: string; hidden?: Record<string, string> }) {
  return (
    <form action={action} method="get" className={styles.sort}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="ordem">Ordenar por</label>
      <SortSelect sort={sort} />
      <button type="submit" className="btn btn-secondary">
        Ordenar
      </button>
    </form>
  );
}

export function Pages({ page, pages, hrefOf, label = 'Páginas do catálogo' }: { page: number; pages: number; hrefOf: (page: number) => string; label?: string }) {
  return <Pager page={page} pages={pages} hrefOf={hrefOf} label={label} className={styles.pagination} linkClassName="btn btn-ghost" />;
}
