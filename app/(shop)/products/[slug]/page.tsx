import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { productBySlug } from '@/lib/catalog/catalog';
import { formatBRL } from '@/lib/money/money';
import { AddToCartForm } from '../../_components/add-to-cart-form';
import { ProductImage } from '../../_components/product-image';
import styles from './product.module.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await productBySlug((await params).slug);
  return product ? { title: product.name, description: product.description } : { title: 'Produto não encontrado' };
}

export default async function ProductPage({ params }: Props) {
  const product = await productBySlug((await params).slug);
  if (!product) notFound();
  const soldOut = product.stock !== null && product.stock <= 0;
  return (
    <main className="container">
      <nav aria-label="Trilha" className="small">
        <Link href="/">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">{product.name}</span>
      </nav>
      <article className={styles.product}>
        <ProductImage src={product.imagePath} alt={`Ilustração: ${product.name}`} priority className={styles.image} />
        <div className={styles.details}>
          <h1>{product.name}</h1>
          <p className={styles.price}>{formatBRL(product.priceCents)}</p>
          <p>{product.description}</p>
          {product.priceCents < 500 ? (
            <p className="alert alert-info small">
              Pix e boleto aceitam pedidos a partir de R$ 5,00: combine com outro item ou leve mais unidades.
            </p>
          ) : null}
          {soldOut ? (
            <p className="alert alert-warning">Esgotado no momento.</p>
          ) : (
            <AddToCartForm productId={product.id} withQuantity />
          )}
          <p className="small muted">Pague com Pix (confirmação na hora) ou boleto (compensação em até 3 dias úteis).</p>
        </div>
      </article>
    </main>
  );
}
