import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { categoryBySlug as loadCategory, categoryProducts, sortOf } from '@/lib/catalog';
import { env } from '@/lib/config/env';
import { getSettings } from '@/lib/payment-settings/settings';
import { getShopIdentity } from '@/lib/shop';
import { Pages, ProductGrid, SortForm } from '../../_components/product-grid';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const categoryBySlug = cache(loadCategory);
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = await categoryBySlug((await params).slug);
  if (!category) return { title: 'Categoria não encontrada' };
  const shop = await getShopIdentity();
  const url = `${env().appUrl}/categorias/${category.slug}`;
  const description = `${category.name} na ${shop.name}: pague com Pix ou boleto.`;
  return { title: category.name, description, alternates: { canonical: url }, openGraph: { title: `${category.name} — ${shop.name}`, description, url, siteName: shop.name, type: 'website', locale: 'pt_BR' } };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await categoryBySlug((await params).slug);
  if (!category) notFound();
  const sp = await searchParams;
  const sort = sortOf(sp.ordem);
  const requested = /^\d{1,6}$/.test(one(sp.pagina)) ? Number(one(sp.pagina)) : 1;
  const [result, settings] = await Promise.all([categoryProducts(category.id, requested, sort), getSettings()]);
  const base = `/categorias/${category.slug}`;
  const hrefOf = (page: number) => {
    const qs = new URLSearchParams({ ...(sort !== 'recentes' ? { ordem: sort } : {}), ...(page > 1 ? { pagina: String(page) } : {}) }).toString();
    return qs ? `${base}?${qs}` : base;
  };
  return (
    <main className="container stack">
      <h1>{category.name}</h1>
      {result.total === 0 ? (
        <p className="alert alert-info">
          Nenhum produto nesta categoria no momento. <Link href="/">Ver todos os produtos</Link>
        </p>
      ) : (
        <>
          <SortForm action={base} sort={sort} />
          <ProductGrid products={result.products} pixDiscountBps={settings.pixDiscountBps} />
          <Pages page={result.page} pages={result.pages} hrefOf={hrefOf} />
        </>
      )}
    </main>
  );
}
