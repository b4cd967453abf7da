import Link from 'next/link';
import { PRODUCT_FILTERS, type ProductFilter } from '@/lib/catalog';
import styles from './produtos.module.css';

const FILTER_LABELS: Record<ProductFilter, string> = { todos: 'Todos', ativos: 'Ativos', inativos: 'Inativos', esgotados: 'Esgotados', arquivados: 'Arquivados' };

/** "Buscar produtos": a plain GET form by name and state (works without JavaScript). */
export function ProductFilters({ q, filter, filtered }: { q: string; filter: ProductFilter; filtered: boolean }) {
  return (
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
  );
}
