import type { Metadata } from 'next';
import Link from 'next/link';
import { searchProducts, shopCategories, sortOf } from '@/lib/catalog';
import { env } from '@/lib/config/env';
import { getSettings } from '@/lib/payment-settings/settings';
import { getShopIdentity } from '@/lib/shop';
import { Pages, ProductGrid, SortForm } from '../_components/product-grid';
import styles from '../catalog.module.css';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = one((await searchParams).q).trim().slice(0, 100);
  const shop = await getShopIdentity();
  const title = q ? `Busca: ${q}` : 'Buscar produtos';
  const url = `${env().appUrl}/busca${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  return { title, alternates: { canonical: url }, openGraph: { title: `${title} — ${shop.name}`, url, siteName: shop.name, type: 'website', locale: 'pt_BR' } };
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const q = one(params.q).trim().slice(0, 100);
  const sort = sortOf(params.ordem);
  const requested = /^\d{1,6}$/.test(one(params.pagina)) ? Number(one(params.pagina)) : 1;
  const [result, settings, categories] = await Promise.all([searchProducts(q, requested, sort), getSettings(), shopCategories()]);
  const hrefOf = (page: number) => `/busca?${new URLSearchParams({ q, ...(sort !== 'recentes' ? { ordem: sort } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  return (
    <main className="container stack">
      <h1>{q ? `Resultados para “${q}”` : 'Buscar produtos'}</h1>
      <form action="/busca" method="get" role="search" className={styles.sort}>
        <label htmlFor="busca-q">Buscar produtos</label>
        <input id="busca-q" name="q" type="search" defaultValue={q} />
        <button type="submit" className="btn">
          Buscar
        </button>
      </form>
      {q && result.total === 0 ? (
        <div className="alert alert-info stack" role="status">
          <p style={{ margin: 0 }}>
            Nenhum produto encontrado para “{q}”.{' '}
            {categories.length > 0 ? (
              'Confira a ortografia ou veja as categorias:'
            ) : (
              <>
                Confira a ortografia ou <Link href="/">veja todos os produtos</Link>.
              </>
            )}
          </p>
          {categories.length > 0 ? (
            <ul className={styles.categoryList}>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link href={`/categorias/${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {result.total > 0 ? (
        <>
          <p className="small muted" role="status">
            {result.total === 1 ? '1 produto encontrado' : `${result.total} produtos encontrados`}
          </p>
          <SortForm action="/busca" sort={sort} hidden={{ q }} />
          <ProductGrid products={result.products} pixDiscountBps={settings.pixDiscountBps} />
          <Pages page={result.page} pages={result.pages} hrefOf={hrefOf} />
        </>
      ) : null}
    </main>
  );
}
