import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { availability, productPage as loadProductPage, choiceGroups, chosenVariant, requestedVariant, sourceAtLeast, type PhotoView } from '@/lib/catalog';
import { headers } from 'next/headers';
import type { CatalogProduct } from '@/lib/catalog';
import { env } from '@/lib/config/env';
import { storefront, productJsonLd, productOpenGraph, productPriceMeta, scriptJson, type ShareProduct } from '@/lib/shop';
import { AddToCartForm } from '../../_components/add-to-cart-form';
import { ProductImage } from '../../_components/product-image';
import { ProductPrice } from '../../_components/product-price';
import styles from './product.module.css';
import { VariantPicker } from './variant-picker';
import { ShippingCalculator } from './shipping-calculator';
import { SubscribeChoice } from './subscribe-choice';
import { plansOfProducts } from '@/lib/subscriptions';
import { PixelEvent } from '../../_components/pixels';
import { pixelItemOf } from '@/lib/pixels';
import { newestReviews, productReviews, withReviewsJsonLd } from '@/lib/reviews/display';
import { ProductReviews } from './product-reviews';

type Props = { params: Promise<{ slug: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

/** The metadata and the page read the product once per request. */
const productPage = cache(loadProductPage);

/** The photo column: the whole width on a phone, half of the 1100 px container on a desk. */
const MAIN_SIZES = '(min-width: 1100px) 530px, (min-width: 760px) 48vw, 100vw';
const THUMB_SIZES = '(min-width: 760px) 128px, 25vw';
/** The photo column on a phone (100vw of a 360–430 px screen) at about 2 device pixels per CSS pixel. */
const MAIN_INLINE_WIDTH = 800;

/** What sharing and search engines read: the product, its price and cover, the shop's name. */
function shareOf(product: CatalogProduct, photos: PhotoView[]): ShareProduct {
  const cover = photos[0] ? sourceAtLeast(photos[0], 640).url : product.imagePath || null;
  return { slug: product.slug, name: product.name, description: product.description, priceCents: product.priceCents, available: !availability(product.stock).soldOut, imageUrl: cover };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await productPage((await params).slug);
  if (!page || !('product' in page)) return { title: 'Produto não encontrado' };
  const shop = (await storefront()).identity;
  return { title: page.product.name, description: page.product.description.slice(0, 160), ...productOpenGraph(shareOf(page.product, page.photos), shop.name, env().appUrl) };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const [page, { settings, identity: shop }, nonce] = await Promise.all([productPage((await params).slug), storefront(), headers().then((h) => h.get('x-nonce') ?? undefined)]);
  if (!page) notFound();
  // An old address of a product whose slug changed: 308 to where it is now.
  if ('movedTo' in page) permanentRedirect(`/products/${page.movedTo}`);
  const { product, photos, choice } = page;
  const plan = (await plansOfProducts([product.id])).get(product.id);
  // The variant chosen (`?variante=<id>`, or the first on sale): its price, stock and photo.
  const variants = choice.variants.map((v) => ({ ...v, soldOut: availability(v.stock).soldOut }));
  const query = (await searchParams) ?? {};
  const chosen = chosenVariant(variants, requestedVariant(query.variante));
  const cep = typeof query.cep === 'string' ? query.cep.slice(0, 9) : '';
  const hasOptions = choice.options.length > 0;
  const priceCents = chosen?.priceCents ?? product.priceCents;
  const stock = availability(chosen ? chosen.stock : product.stock);
  const variantPhoto = chosen?.photoId ? photos.find((p) => p.id === chosen.photoId) : undefined;
  const ordered = variantPhoto ? [variantPhoto, ...photos.filter((p) => p !== variantPhoto)] : photos;
  const [cover, ...more] = ordered;
  const reviewsPage = Number(typeof query.avaliacoes === 'string' ? query.avaliacoes : 1);
  const reviews = await productReviews(product.id, reviewsPage);
  // The JSON-LD names the newest reviews: page 1 holds them; another page reads them apart.
  const newest = reviews.page === 1 ? reviews.reviews : await newestReviews(product.id);
  const jsonLd = withReviewsJsonLd(productJsonLd(shareOf(product, photos), shop.name, env().appUrl), reviews.summary, newest);
  return (
    <main className="container">
      <PixelEvent name="ViewContent" items={[pixelItemOf({ id: product.id, name: product.name, priceCents, sku: chosen?.sku })]} valueCents={priceCents} />
      {/* schema.org Product for search engines; JSON escaped so a name cannot close the element. */}
      {/* React hoists these into <head>. */}
      {productPriceMeta(product.priceCents).map((m) => (
        <meta key={m.property} property={m.property} content={m.content} />
      ))}
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }} />
      <nav aria-label="Trilha" className="small">
        <Link href="/">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">{product.name}</span>
      </nav>
      <article className={styles.product}>
        <div className={styles.gallery}>
          <ProductImage src={product.imagePath} cover={cover} sizes={MAIN_SIZES} alt={cover ? `Foto: ${product.name}` : `Ilustração: ${product.name}`} lcp inlineWidth={MAIN_INLINE_WIDTH} className={styles.image} />
          {more.length > 0 ? (
            <ul className={styles.thumbs} aria-label="Mais fotos">
              {more.map((p, i) => (
                <li key={p.id}>
                  <ProductImage src="" cover={p} sizes={THUMB_SIZES} alt={`Foto ${i + 2}: ${product.name}`} className={styles.thumb} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className={styles.details}>
          <h1>{product.name}</h1>
          {hasOptions && chosen ? (
            <VariantPicker slug={product.slug} groups={choiceGroups(choice.options, variants, chosen)} chosenName={chosen.variantName ?? ''} />
          ) : null}
          <ProductPrice priceCents={priceCents} pixDiscountBps={settings.pixDiscountBps} className={styles.price} pixClassName={styles.pixPrice} />
          {product.description ? <p className={styles.description}>{product.description}</p> : null}
          {priceCents < 500 ? (
            <p className="alert alert-info small">
              Pix e boleto aceitam pedidos a partir de R$ 5,00: combine com outro item ou leve mais unidades.
            </p>
          ) : null}
          {stock.soldOut || !chosen ? (
            <p className="alert alert-warning" role="status">
              Esgotado
            </p>
          ) : (
            <>
              {stock.label ? <p className={styles.lowStock}>{stock.label}</p> : null}
              {plan ? (
                <SubscribeChoice slug={product.slug} plan={plan} priceCents={priceCents} variantId={hasOptions ? chosen.variantId : undefined}>
                  <AddToCartForm productId={product.id} variantId={hasOptions ? chosen.variantId : undefined} withQuantity maxQuantity={chosen.stock ?? undefined} />
                </SubscribeChoice>
              ) : (
                <AddToCartForm productId={product.id} variantId={hasOptions ? chosen.variantId : undefined} withQuantity maxQuantity={chosen.stock ?? undefined} />
              )}
            </>
          )}
          <p className="small muted">Pague com Pix (confirmação na hora) ou boleto (compensação em até 3 dias úteis).</p>
          {chosen ? <ShippingCalculator item={chosen} variantParam={hasOptions ? chosen.variantId : undefined} cep={cep} /> : null}
        </div>
      </article>
      <ProductReviews slug={product.slug} reviews={reviews} variantParam={hasOptions ? chosen?.variantId : undefined} />
    </main>
  );
}
