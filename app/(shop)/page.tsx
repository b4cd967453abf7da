import Link from 'next/link';
import { listProducts } from '@/lib/catalog/catalog';
import { formatBRL } from '@/lib/money/money';
import { AddToCartForm } from './_components/add-to-cart-form';
import { ProductImage } from './_components/product-image';
import styles from './catalog.module.css';

export default async function CatalogPage() {
  const products = await listProducts();
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
          {products.map((p, i) => (
            <li key={p.id} className={styles.card}>
              <Link href={`/products/${p.slug}`} className={styles.cardLink}>
                <ProductImage src={p.imagePath} alt="" priority={i < 2} className={styles.image} />
                <span className={styles.name} id={`produto-${p.id}`}>
                  {p.name}
                </span>
              </Link>
              <div className={styles.buy}>
                <span className={styles.price}>{formatBRL(p.priceCents)}</span>
                <AddToCartForm productId={p.id} describedBy={`produto-${p.id}`} compact />
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
