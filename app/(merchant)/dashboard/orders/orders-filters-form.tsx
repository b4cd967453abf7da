import Link from 'next/link';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from '@/db/schema';
import { FULFILMENT_LABELS } from '@/lib/fulfilment/moves';
import type { OrderFilters } from '@/lib/orders';
import { METHOD_LABELS, statusLabel } from '@/lib/orders/words';
import styles from './orders.module.css';

/**
 * "Filtrar pedidos": a plain GET form (works without JavaScript). `mayReadBuyers`: the search
 * takes the buyer's name and document too, not only the order number (lib/orders/search-scope.ts).
 */
export function OrdersFiltersForm({
  filters,
  filtered,
  links,
  origins,
  mayReadBuyers,
}: {
  filters: OrderFilters;
  filtered: boolean;
  links: { id: string; title: string }[];
  origins: string[];
  mayReadBuyers: boolean;
}) {
  return (
    <form method="get" action="/dashboard/orders" className={`card ${styles.filters}`} role="search" aria-label="Filtrar pedidos">
      <div className={`field ${styles.search}`}>
        <label htmlFor="q">Buscar</label>
        <input id="q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} aria-describedby="q-hint" />
        <p id="q-hint" className="field-hint">
          {mayReadBuyers ? 'Nome do comprador, CPF/CNPJ, número do pedido (#…) ou link do pedido.' : 'Número do pedido (#…).'}
        </p>
      </div>
      <div className="field">
        <label htmlFor="status">Status</label>
        <select id="status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Todos</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="method">Forma de pagamento</label>
        <select id="method" name="method" defaultValue={filters.method ?? ''}>
          <option value="">Todas</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      {links.length > 0 ? (
        <div className="field">
          <label htmlFor="link">Link de pagamento</label>
          <select id="link" name="link" defaultValue={filters.link ?? ''}>
            <option value="">Todos os pedidos</option>
            {links.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="fulfillment">Entrega</label>
        <select id="fulfillment" name="fulfillment" defaultValue={filters.fulfillment ?? ''}>
          <option value="">Todas</option>
          {FULFILLMENT_STATUSES.map((f) => (
            <option key={f} value={f}>
              {FULFILMENT_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="nfe">NF-e</label>
        <select id="nfe" name="nfe" defaultValue={filters.withoutInvoice ? 'sem' : ''}>
          <option value="">Todas</option>
          <option value="sem">Sem NF-e</option>
        </select>
      </div>
      {origins.length > 1 || filters.origin ? (
        <div className="field">
          <label htmlFor="origin">Origem</label>
          <select id="origin" name="origin" defaultValue={filters.origin ?? ''}>
            <option value="">Todas</option>
            {[...new Set([...origins, ...(filters.origin ? [filters.origin] : [])])].map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="from">Criado de</label>
        <input id="from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="to">Criado até</label>
        <input id="to" name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className="btn">
          Filtrar
        </button>
        {filtered ? (
          <Link href="/dashboard/orders" className="btn btn-ghost">
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </form>
  );
}
