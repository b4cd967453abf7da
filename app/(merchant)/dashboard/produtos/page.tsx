import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth/session';
import { listDashboardProducts, PRODUCT_FILTERS, STATUS_LABELS, type ProductFilter, type ProductStatus } from '@/lib/catalog/admin';
import { sourceAtLeast } from '@/lib/catalog/photos';
import { formatBRL } from '@balcao/br/money';
import styles from './produtos.module.css';

export const metadata: Metadata = { title: 'Produtos' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const FILTER_LABELS: Record<ProductFilter, string> = { todos: 'Todos', ativos: 'Ativos', inativos: 'Inativos', esgotados: 'Esgotados', arquivados: 'Arquivados' };
const BADGE: Record<ProductStatus, string> = { active: 'badge badge-paid', inactive: 'badge badge-canceled', sold_out: 'badge badge-pending', archived: 'badge badge-expired' };

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

      <form method="get" action="/dashboard/produtos" className={`card ${styles.filters}`} role="search" aria-label="Buscar produtos">
        <div className="field">
          <label htmlFor="q">Buscar</label>
          <input id="q" name="q" type="search" defaultValue={q} maxLength={120} placeholder="Nome ou SKU" />
        </div>
        <div className="field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={filter}>
            {PRODUCT_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className="btn">
            Filtrar
          </button>
          {filtered ? (
            <Link href="/dashboard/produtos" className="btn btn-ghost">
              Limpar
            </Link>
          ) : null}
        </div>
      </form>

      <p className="muted small" aria-live="polite">
        {total === 0
          ? filtered
            ? 'Nenhum produto com esses filtros.'
            : 'Nenhum produto ainda. Cadastre o primeiro em "Novo produto".'
          : `${total.toLocaleString('pt-BR')} ${total === 1 ? 'produto' : 'produtos'}${filtered ? ' com esses filtros' : ''} · página ${page} de ${pages}`}
      </p>

      {rows.length > 0 ? (
        <ul className={styles.list} aria-label="Produtos">
          {rows.map((p, i) => {
            const thumb = p.cover ? sourceAtLeast(p.cover, 128) : null;
            return (
              <li key={p.id} className={`card ${styles.item}`}>
                {thumb ? (
                  // eslint-disable-next-line @next/next/no-img-element -- our own WebP thumbnail
                  <img src={thumb.url} alt="" width={64} height={48} className={styles.thumb} loading={i < 8 ? 'eager' : 'lazy'} />
                ) : p.imagePath ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the seed's SVG illustration
                  <img src={p.imagePath} alt="" width={64} height={48} className={styles.thumb} loading={i < 8 ? 'eager' : 'lazy'} />
                ) : (
                  <span className={styles.noPhoto} aria-hidden="true">
                    sem foto
                  </span>
                )}
                <div className={styles.itemMain}>
                  <Link href={`/dashboard/produtos/${p.id}`} className={styles.itemName}>
                    {p.name}
                  </Link>
                  <span className={styles.itemMeta}>{p.stock === null ? 'Estoque não controlado' : `Estoque: ${p.stock.toLocaleString('pt-BR')}`}</span>
                </div>
                <div className={styles.itemSide}>
                  <span className={styles.price}>{formatBRL(p.priceCents)}</span>
                  <span className={BADGE[p.status]}>{STATUS_LABELS[p.status]}</span>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      {pages > 1 ? (
        <nav aria-label="Páginas" className={styles.pagination}>
          {page > 1 ? (
            <Link href={`/dashboard/produtos${qs(page - 1)}`} className="btn btn-ghost" rel="prev">
              ← Anterior
            </Link>
          ) : null}
          <span className="small">
            Página {page} de {pages}
          </span>
          {page < pages ? (
            <Link href={`/dashboard/produtos${qs(page + 1)}`} className="btn btn-ghost" rel="next">
              Próxima →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
