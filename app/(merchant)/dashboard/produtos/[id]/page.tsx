import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { productForEdit, productStatus, STATUS_LABELS, MAX_PHOTOS, sourceAtLeast, variantsForEdit, categoryIdsOf, listCategories } from '@/lib/catalog';
import { maskMoneyInput } from '@balcao/br/masks';
import { formatDecimalComma } from '@balcao/br/money';
import { ActionForm } from '../../_components/action-form';
import { restoreProductAction } from '../actions';
import { ProductForm } from '../product-form';
import { PhotoManager } from './photo-manager';
import { readOptions, variantLabel } from '@/lib/catalog/forms';
import { OptionsFields } from './variants-editor';
import { VariantGrid } from './variant-grid';
import { ProductCategoriesFields } from './categories-form';
import { DigitalProductSection } from './digital-product';
import { digitalInitialOf } from './digital-initial';
import { RemoveProductSection } from './remove-product-section';
import { SubscriptionSection } from './subscription-section';
import { planFormInitial } from '@/lib/subscriptions';
import { OfferSection } from './offer-section';
import { offerChoices, offerOf } from '@/lib/checkout';

export const metadata: Metadata = { title: 'Produto' };

const offerInitial = (o: Awaited<ReturnType<typeof offerOf>>) =>
  o ? { offered: o.offeredVariantId ? `v:${o.offeredVariantId}` : `p:${o.offeredProductId}`, price: maskMoneyInput(formatDecimalComma(o.priceCents)), text: o.text } : { offered: '', price: '', text: '' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EditProductPage({ params, searchParams }: Props) {
  const { id } = await params;
  const merchant = await requireMerchant(`/dashboard/produtos/${id}`);
  const product = /^[1-9]\d{0,9}$/.test(id) ? await productForEdit(Number(id)) : null;
  if (!product) notFound();
  const created = !!(await searchParams).criado;
  const status = productStatus(product);
  const [{ options, variants }, categories, chosenCategories] = await Promise.all([variantsForEdit(product.id), listCategories(), categoryIdsOf(product.id)]);
  const num = (n: number | null) => (n === null ? '' : String(n));

  return (
    <div className="stack">
      <nav aria-label="Trilha" className="small">
        <Link href="/dashboard/produtos">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">{product.name}</span>
      </nav>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>{product.name}</h1>
        <span className="row">
          <span className={status === 'active' ? 'badge badge-paid' : status === 'sold_out' ? 'badge badge-pending' : 'badge badge-canceled'}>{STATUS_LABELS[status]}</span>
          {status === 'active' || status === 'sold_out' ? (
            <Link href={`/products/${product.slug}`} className="small">
              Ver na loja
            </Link>
          ) : null}
        </span>
      </div>
      {created ? (
        <p className="alert alert-success" role="status">
          Produto criado. Agora adicione as fotos.
        </p>
      ) : null}
      <PermissionGate role={merchant.role} permission="catalog:edit">
        {product.archivedAt ? (
          <div className="alert alert-warning stack">
            <p style={{ margin: 0 }}>Arquivado: já foi pedido, por isso não foi excluído. Não aparece na loja; os pedidos antigos continuam com ele.</p>
            <ActionForm action={restoreProductAction} fields={{ productId: String(product.id) }} label="Restaurar produto" pendingLabel="Restaurando…" />
          </div>
        ) : null}

        <PhotoManager
          productId={product.id}
          productName={product.name}
          max={MAX_PHOTOS}
          hasIllustration={!!product.imagePath}
          photos={product.photos.map((p) => {
            const s = sourceAtLeast(p, 320);
            return { id: p.id, thumb: s.url, width: s.width, height: s.height };
          })}
        />

        <ProductForm
          productId={product.id}
          initial={{
            name: product.name,
            description: product.description,
            price: maskMoneyInput(formatDecimalComma(product.priceCents)),
            slug: product.slug,
            stock: product.stock === null ? '' : String(product.stock),
            stockShown: product.stock === null ? '' : String(product.stock),
            displayOrder: String(product.displayOrder),
            active: product.active ? 'on' : '',
            requiresShipping: product.requiresShipping ? 'on' : '',
            weightGrams: product.weightGrams === null ? '' : String(product.weightGrams),
            heightCm: product.heightCm === null ? '' : String(product.heightCm),
            widthCm: product.widthCm === null ? '' : String(product.widthCm),
            lengthCm: product.lengthCm === null ? '' : String(product.lengthCm),
            ncm: product.ncm ?? '',
            origin: product.origin === null ? '' : String(product.origin),
            gtin: product.gtin ?? '',
          }}
          hasOptions={readOptions(product.options).length > 0}
        >
          <OptionsFields options={options.map((o) => ({ name: o.name, values: o.values.join(', ') }))} />
          {options.length > 0 ? (
            <VariantGrid
              rows={variants.map((v) => ({
                id: v.id,
                label: variantLabel(v) ?? product.name,
                sku: v.sku ?? '',
                price: v.priceCents === null ? '' : maskMoneyInput(formatDecimalComma(v.priceCents)),
                stock: num(v.stock),
                weightGrams: num(v.weightGrams),
                heightCm: num(v.heightCm),
                widthCm: num(v.widthCm),
                lengthCm: num(v.lengthCm),
                ncm: v.ncm ?? '',
                origin: num(v.origin),
                gtin: v.gtin ?? '',
                active: v.active ? 'on' : '',
                photo: v.photoId && product.photos.some((p) => p.id === v.photoId) ? String(v.photoId) : '',
              }))}
              photos={product.photos.map((p, i) => ({ id: p.id, label: `Foto ${i + 1}${i === 0 ? ' (capa)' : ''}` }))}
            />
          ) : null}
          <ProductCategoriesFields categories={categories.map((c) => ({ id: c.id, name: c.name }))} chosen={chosenCategories} />
          <DigitalProductSection productId={product.id} {...await digitalInitialOf(product.id, merchant.role)} />
          <SubscriptionSection initial={await planFormInitial(product.id)} />
          <OfferSection choices={await offerChoices(product.id)} initial={offerInitial(await offerOf(product.id))} />
        </ProductForm>
        {product.oldSlugs.length > 0 ? (
          <p className="small muted">
            Endereços antigos que levam a este produto: {product.oldSlugs.map((s) => `/products/${s}`).join(', ')}
          </p>
        ) : null}

        {!product.archivedAt ? <RemoveProductSection productId={product.id} ordered={product.ordered} /> : null}
      </PermissionGate>
    </div>
  );
}
