import Link from 'next/link';
import { availability } from '@/lib/catalog/availability';
import { catalogPage } from '@/lib/catalog/catalog';
import { getSettings } from '@/lib/settings/settings';
import { AddToCartForm } from './_components/add-to-cart-form';
import { ProductImage } from './_components/product-image';
import { ProductPrice } from './_components/product-price';
import styles from './catalog.module.css';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Card widths at the grid's breakpoints (catalog.module.css): 2, 3 then 4 columns. */
const CARD_SIZES = '(min-width: 1100px) 260px, (min-width: 1000px) 24vw, (min-width: 720px) 32vw, 48vw';

export default async function CatalogPage({ searchParams }: Props) {
  const raw = (await searchParams).pagina;
  const requested = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const [{ products, page, pages }, settings] = await Promise.all([catalogPage(requested), getSettings()]);
  return (
    <main className="container">
      <section className={styles.hero} aria-labelledby="titulo-catalogo">
        <h1 id="titulo-catalogo">Café bom, do grão à xícara</h1>
        <p className="muted">Escolha, pague com Pix ou boleto e acompanhe a confirmação aqui mesmo.</p>
      </section>
      {products.length === 0 ? (
        <p className="alert alert-info">Nenhum produto à venda no momento. Volte em breve.</p>
      ) : (
        <ul className={styles.grid} aria-label="Produtos">
          {products.map((p, i) => {
            const stock = availability(p.stock);
            return (
              <li key={p.id} className={styles.card}>
                <Link href={`/products/${p.slug}`} className={styles.cardLink}>
                  <ProductImage src={p.imagePath} cover={p.cover} sizes={CARD_SIZES} alt="" priority={page === 1 && i < 2} className={styles.image} />
                  <span className={styles.name} id={`produto-${p.id}`}>
                    {p.name}
                  </span>
                </Link>
                <div className={styles.buy}>
                  <ProductPrice priceCents={p.priceCents} pixDiscountBps={settings.pixDiscountBps} className={styles.price} pixClassName={styles.pixPrice} />
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
      )}
      {pages > 1 ? (
        <nav aria-label="Páginas do catálogo" className={styles.pagination}>
          {page > 1 ? (
            <Link href={page === 2 ? '/' : `/?pagina=${page - 1}`} className="btn btn-ghost" rel="prev">
              ← Anterior
            </Link>
          ) : null}
          <span className="small">
            Página {page} de {pages}
          </span>
          {page < pages ? (
            <Link href={`/?pagina=${page + 1}`} className="btn btn-ghost" rel="next">
              Próxima →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
