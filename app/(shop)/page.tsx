import { sortedCatalogPage, sortOf } from '@/lib/catalog';
import { storefront } from '@/lib/shop';
import { Pages, ProductGrid, SortForm } from './_components/product-grid';
import styles from './catalog.module.css';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CatalogPage({ searchParams }: Props) {
  const raw = (await searchParams).pagina;
  const requested = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const sort = sortOf((await searchParams).ordem);
  const [{ products, page, pages }, { settings }] = await Promise.all([sortedCatalogPage(requested, sort), storefront()]);
  const hrefOf = (n: number) => {
    const qs = new URLSearchParams({ ...(sort !== 'recentes' ? { ordem: sort } : {}), ...(n > 1 ? { pagina: String(n) } : {}) }).toString();
    return qs ? `/?${qs}` : '/';
  };
  return (
    <main className="container">
      <section className={styles.hero} aria-labelledby="titulo-catalogo">
        <h1 id="titulo-catalogo">Café bom, do grão à xícara</h1>
        <p className="muted">Escolha, pague com Pix ou boleto e acompanhe a confirmação aqui mesmo.</p>
      </section>
      {products.length === 0 ? (
        <p className="alert alert-info">Nenhum produto à venda no momento. Volte em breve.</p>
      ) : (
        <>
          <SortForm action="/" sort={sort} />
          <ProductGrid products={products} pixDiscountBps={settings.pixDiscountBps} priorityFirst={page === 1} />
        </>
      )}
      <Pages page={page} pages={pages} hrefOf={hrefOf} />
    </main>
  );
}
