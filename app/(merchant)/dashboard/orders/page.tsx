import type { Metadata } from 'next';
import Link from 'next/link';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@/db/schema';
import { requireMerchant } from '@/lib/auth/session';
import { formatDateTimeBR } from '@/lib/br/dates';
import { maskDocument } from '@/lib/br/documents';
import { hasAnyFilter, orderQueryString, parseOrderQuery } from '@/lib/dashboard/order-filters';
import { listOrders } from '@/lib/dashboard/orders-query';
import { formatBRL } from '@/lib/money/money';
import { METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/status-labels';
import styles from './orders.module.css';

export const metadata: Metadata = { title: 'Pedidos' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const params = await searchParams;
  const { filters, page: requestedPage, errors } = parseOrderQuery(params);
  const qs = orderQueryString(filters, requestedPage);
  await requireMerchant(`/dashboard/orders${qs ? `?${qs}` : ''}`);
  const { rows, total, totalIsLowerBound, page, pageCount, hasNext } = await listOrders(filters, requestedPage);
  const filtered = hasAnyFilter(filters);
  const exportQs = orderQueryString(filters);
  const pageHref = (p: number) => {
    const s = orderQueryString(filters, p);
    return `/dashboard/orders${s ? `?${s}` : ''}`;
  };

  return (
    <div className="stack">
      <div className={styles.header}>
        <h1>Pedidos</h1>
        <a className="btn btn-secondary" href={`/dashboard/orders/export${exportQs ? `?${exportQs}` : ''}`}>
          Exportar CSV
        </a>
      </div>

      <form method="get" action="/dashboard/orders" className={`card ${styles.filters}`} role="search" aria-label="Filtrar pedidos">
        <div className={`field ${styles.search}`}>
          <label htmlFor="q">Buscar</label>
          <input id="q" name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} aria-describedby="q-hint" />
          <p id="q-hint" className="field-hint">
            Nome do comprador, CPF/CNPJ, número do pedido (#…) ou link do pedido.
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

      {errors.length > 0 ? (
        <div className="alert alert-warning" role="status">
          {errors.map((e) => (
            <p key={e} className={styles.noMargin}>
              {e}
            </p>
          ))}
        </div>
      ) : null}

      <p className="muted small" aria-live="polite">
        {total === 0
          ? filtered
            ? 'Nenhum pedido com esses filtros.'
            : 'Ainda não há pedidos.'
          : totalIsLowerBound
            ? `Mais de ${total.toLocaleString('pt-BR')} pedidos com esses filtros · página ${page}`
            : `${total.toLocaleString('pt-BR')} ${total === 1 ? 'pedido' : 'pedidos'}${filtered ? ' com esses filtros' : ''} · página ${page} de ${pageCount}`}
      </p>

      {rows.length > 0 ? (
        <ul className={styles.cards} aria-label="Pedidos, mais recentes primeiro">
          {rows.map((o) => (
            <li key={o.id} className={`card ${styles.cardItem}`}>
              <div className={styles.cardTop}>
                <Link href={`/dashboard/orders/${o.id}`} className={`mono ${styles.cardLink}`} aria-label={`Pedido ${o.id.slice(0, 8)} de ${o.buyerName}`}>
                  #{o.id.slice(0, 8)}
                </Link>
                <span className={statusBadgeClass(o.status)}>{statusLabel(o.status, o.refundedCents, o.totalCents)}</span>
              </div>
              <div className={styles.cardTop}>
                <span>
                  <span className={styles.buyer}>{o.buyerName}</span>
                  <span className={`small muted mono ${styles.sub}`}>{maskDocument(o.buyerDocument)}</span>
                </span>
                <span className={styles.cardAmount}>
                  {formatBRL(o.totalCents)}
                  {o.refundedCents > 0 ? <span className={`small muted ${styles.sub}`}>−{formatBRL(o.refundedCents)}</span> : null}
                </span>
              </div>
              <p className={`small muted ${styles.cardMeta}`}>
                {METHOD_LABELS[o.method]} · criado em {formatDateTimeBR(o.createdAt)}
                {o.paidAt ? ` · pago em ${formatDateTimeBR(o.paidAt)}` : ''}
              </p>
              {o.latePayment ? <p className={`small ${styles.late}`}>Pagamento tardio</p> : null}
            </li>
          ))}
        </ul>
      ) : null}

      {rows.length > 0 ? (
        <div className={`table-wrap card ${styles.tableCard} ${styles.onlyDesk}`}>
          <table className="table">
            <caption className="visually-hidden">Pedidos, mais recentes primeiro</caption>
            <thead>
              <tr>
                <th scope="col">Pedido</th>
                <th scope="col">Status</th>
                <th scope="col">Forma</th>
                <th scope="col" className="num">
                  Valor
                </th>
                <th scope="col">Comprador</th>
                <th scope="col">Criado em</th>
                <th scope="col">Pago em</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/dashboard/orders/${o.id}`} className="mono" aria-label={`Pedido ${o.id.slice(0, 8)} de ${o.buyerName}`}>
                      #{o.id.slice(0, 8)}
                    </Link>
                  </td>
                  <td>
                    <span className={statusBadgeClass(o.status)}>{statusLabel(o.status, o.refundedCents, o.totalCents)}</span>
                    {o.latePayment ? <span className={`small ${styles.late}`}>Pagamento tardio</span> : null}
                  </td>
                  <td>{METHOD_LABELS[o.method]}</td>
                  <td className={`num ${styles.nowrap}`}>
                    {formatBRL(o.totalCents)}
                    {o.refundedCents > 0 ? <span className={`small muted ${styles.sub}`}>−{formatBRL(o.refundedCents)}</span> : null}
                  </td>
                  <td>
                    <span className={styles.buyer}>{o.buyerName}</span>
                    <span className={`small muted mono ${styles.sub}`}>{maskDocument(o.buyerDocument)}</span>
                  </td>
                  <td>
                    <DateTime value={o.createdAt} />
                  </td>
                  <td>{o.paidAt ? <DateTime value={o.paidAt} /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pageCount > 1 ? (
        <nav aria-label="Páginas" className={styles.pagination}>
          {page > 1 ? (
            <Link href={pageHref(page - 1)} className="btn btn-ghost" rel="prev">
              ← Anterior
            </Link>
          ) : (
            <span className="btn btn-ghost" aria-disabled="true">
              ← Anterior
            </span>
          )}
          <span className="small">{totalIsLowerBound ? `Página ${page}` : `Página ${page} de ${pageCount}`}</span>
          {hasNext ? (
            <Link href={pageHref(page + 1)} className="btn btn-ghost" rel="next">
              Próxima →
            </Link>
          ) : (
            <span className="btn btn-ghost" aria-disabled="true">
              Próxima →
            </span>
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** "dd/mm/aaaa hh:mm" that breaks between the date and the time when the column is narrow, never inside either. */
function DateTime({ value }: { value: string }) {
  const text = formatDateTimeBR(value);
  const cut = text.lastIndexOf(' ');
  const [date, time] = [text.slice(0, cut), text.slice(cut + 1)];
  return (
    <>
      <span className={styles.nowrap}>{date}</span> <span className={styles.nowrap}>{time}</span>
    </>
  );
}
