import type { Metadata } from 'next';
import Link from 'next/link';
import { Pager } from '@/app/_components/pager';
import { requireMerchant } from '@/lib/auth';
import { listDashboardProducts, PRODUCT_FILTERS, type ProductFilter } from '@/lib/catalog';
import styles from './produtos.module.css';
import { ProductFilters } from './product-filters';
import { ProductList } from './product-list';

export const metadata: Metadata = { title: 'Produtos' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export default async function ProductsPage({ searchParams }: Props) {
  const params = await searchParams;
  const q = one(params.q).trim().slice(0, 120);
  const filter = (PRODUCT_FILTERS as readonly string[]).includes(one(params.status)) ? (one(params.status) as ProductFilter) : 'todos';
  const requested = /^\d{1,6}$/.test(one(params.pagina)) ? Number(one(params.pagina)) : 1;
  const qs = (page?: number) => {
    const s = new URLSearchParams();
    if (q) s.set('q', q);
    if (filter !== 'todos') s.set('status', filter);
    if (page && page > 1) s.set('pagina', String(page));
    const t = s.toString();
    return t ? `?${t}` : '';
  };
  await requireMerchant(`/dashboard/produtos${qs(requested)}`);
  const { rows, total, page, pages } = await listDashboardProducts({ q, filter, page: requested });
  const filtered = !!q || filter !== 'todos';

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Produtos</h1>
        <span className="row">
          <Link href="/dashboard/produtos/categorias" className="btn btn-secondary">
            Categorias
          </Link>
          <Link href="/dashboard/produtos/importar" className="btn btn-secondary">
            Importar produtos
          </Link>
          <a href="/dashboard/produtos/exportar" className="btn btn-secondary" download>
            Exportar produtos
          </a>
          <Link href="/dashboard/produtos/novo" className="btn">
            Novo produto
          </Link>
        </span>
      </div>
      {params.arquivado ? (
        <p className="alert alert-success" role="status">
          Produto arquivado: ele já foi pedido, então continua nos pedidos antigos, mas saiu da loja.
        </p>
      ) : null}
      {params.excluido ? (
        <p className="alert alert-success" role="status">
          Produto excluído.
        </p>
      ) : null}

      <ProductFilters q={q} filter={filter} filtered={filtered} />

      <p className="muted small" aria-live="polite">
        {total === 0
          ? filtered
            ? 'Nenhum produto com esses filtros.'
            : 'Nenhum produto ainda. Cadastre o primeiro em "Novo produto".'
          : `${total.toLocaleString('pt-BR')} ${total === 1 ? 'produto' : 'produtos'}${filtered ? ' com esses filtros' : ''} · página ${page} de ${pages}`}
      </p>

      {rows.length > 0 ? <ProductList rows={rows} /> : null}

      <Pager page={page} pages={pages} hrefOf={(n) => `/dashboard/produtos${qs(n)}`} label="Páginas" className={styles.pagination} linkClassName="btn btn-ghost" />
    </div>
  );
}
