/**
 * The merchant's orders as cards (phones) and a table (desks), and the pages below them: the
 * orders page and a payment link's page show the same list, each with its own query.
 */
import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import type { OrderListRow } from '@/lib/orders/orders-query';
import { formatBRL } from '@balcao/br/money';
import { orderLabel } from '@/lib/orders/format';
import { METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/status-labels';
import { fulfilmentLabel, hasFulfilment } from '@/lib/fulfilment/moves';
import styles from './orders.module.css';
import { originLabel } from '@/lib/attribution/attribution';

type Props = {
  rows: OrderListRow[];
  /** Titles of the payment links the rows may come from (by id): shown beside the method. */
  linkTitles?: Map<string, string>;
  /** "Itens": the first item and how many more ("Café especial 250 g +2"), by order id. */
  items?: Map<string, string>;
  caption?: string;
  /** The bulk bar's checkboxes: each row joins that form (`form=`), all checked for "Selecionar a página". */
  select?: { form: string; checked: boolean };
};

/**
 * A row's checkbox for the bulk bar; the box around it is the tap target. Keyed by the page's
 * selection: "Selecionar a página" and "Limpar seleção" are links, and a client-side navigation
 * keeps a mounted checkbox as it was whatever its new defaultChecked says.
 */
function SelectBox({ order, select }: { order: OrderListRow; select: NonNullable<Props['select']> }) {
  return (
    <label className={styles.selectBox}>
      <input key={select.checked ? 'page' : 'none'} type="checkbox" name="pedido" value={order.id} form={select.form} defaultChecked={select.checked} aria-label={`Selecionar pedido ${orderLabel(order)}`} />
    </label>
  );
}

export function OrdersList({ rows, linkTitles, items, caption = 'Pedidos, mais recentes primeiro', select }: Props) {
  if (rows.length === 0) return null;
  const originOf = (o: OrderListRow) => originLabel({ source: o.originSource ?? undefined, campaign: o.originCampaign ?? undefined });
  const linkOf = (o: OrderListRow) => (o.paymentLinkId ? linkTitles?.get(o.paymentLinkId) : undefined);
  return (
    <>
      <ul className={styles.cards} aria-label={caption}>
        {rows.map((o) => (
          <li key={o.id} className={`card ${styles.cardItem}`}>
            <div className={styles.cardTop}>
              <span className={styles.cardHead}>
                {select ? <SelectBox order={o} select={select} /> : null}
                <Link href={`/dashboard/orders/${o.id}`} className={`mono ${styles.cardLink}`} aria-label={`Pedido ${orderLabel(o)} de ${o.buyerName}`}>
                  {orderLabel(o)}
                </Link>
              </span>
              <span className={statusBadgeClass(o.status)}>{statusLabel(o.status, o.refundedCents, o.totalCents, o.manualRefundCents)}</span>
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
            {items?.get(o.id) ? <p className={`small ${styles.cardItems}`}>{items.get(o.id)}</p> : null}
            <p className={`small muted ${styles.cardMeta}`}>
              {METHOD_LABELS[o.method]}
              {linkOf(o) ? ` · link “${linkOf(o)}”` : ''} · criado em {formatDateTimeBR(o.createdAt)}
              {o.paidAt ? ` · pago em ${formatDateTimeBR(o.paidAt)}` : ''}
            </p>
            {o.latePayment ? <p className={`small ${styles.late}`}>Pagamento tardio</p> : null}
            {o.doublePaidAt ? <p className={`small ${styles.late}`}>Pago em duplicidade</p> : null}
            {hasFulfilment(o) ? <p className="small">Entrega: {fulfilmentLabel(o.fulfillmentStatus, o.shippingMethod)}</p> : null}
            {originOf(o) ? <p className="small muted">Origem: {originOf(o)}</p> : null}
          </li>
        ))}
      </ul>

      <div className={`table-wrap card ${styles.tableCard} ${styles.onlyDesk}`}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {select ? (
                <th scope="col" className={styles.selectCell}>
                  <span className="visually-hidden">Selecionar</span>
                </th>
              ) : null}
              <th scope="col">Pedido</th>
              {items ? <th scope="col">Itens</th> : null}
              <th scope="col">Status</th>
              <th scope="col">Forma</th>
              <th scope="col" className="num">
                Valor
              </th>
              <th scope="col">Comprador</th>
              <th scope="col">Criado em</th>
              <th scope="col">Pago em</th>
              <th scope="col">Origem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                {select ? (
                  <td className={styles.selectCell}>
                    <SelectBox order={o} select={select} />
                  </td>
                ) : null}
                <td>
                  <Link href={`/dashboard/orders/${o.id}`} className="mono" aria-label={`Pedido ${orderLabel(o)} de ${o.buyerName}`}>
                    {orderLabel(o)}
                  </Link>
                </td>
                {items ? <td className={styles.itemsCell}>{items.get(o.id) ?? '—'}</td> : null}
                <td>
                  <span className={statusBadgeClass(o.status)}>{statusLabel(o.status, o.refundedCents, o.totalCents, o.manualRefundCents)}</span>
                  {o.latePayment ? <span className={`small ${styles.late}`}>Pagamento tardio</span> : null}
                  {o.doublePaidAt ? <span className={`small ${styles.late}`}>Pago em duplicidade</span> : null}
                  {hasFulfilment(o) ? <span className="small"> · {fulfilmentLabel(o.fulfillmentStatus, o.shippingMethod)}</span> : null}
                </td>
                <td>
                  {METHOD_LABELS[o.method]}
                  {linkOf(o) ? <span className={`small muted ${styles.sub} ${styles.linkTitle}`}>Link “{linkOf(o)}”</span> : null}
                </td>
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
                <td className="small">{originOf(o) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function OrdersPagination({
  page,
  pageCount,
  hasNext,
  totalIsLowerBound = false,
  href,
}: {
  page: number;
  pageCount: number;
  hasNext: boolean;
  totalIsLowerBound?: boolean;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Páginas" className={styles.pagination}>
      {page > 1 ? (
        <Link href={href(page - 1)} className="btn btn-ghost" rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span className="btn btn-ghost" aria-disabled="true">
          ← Anterior
        </span>
      )}
      <span className="small">{totalIsLowerBound ? `Página ${page}` : `Página ${page} de ${pageCount}`}</span>
      {hasNext ? (
        <Link href={href(page + 1)} className="btn btn-ghost" rel="next">
          Próxima →
        </Link>
      ) : (
        <span className="btn btn-ghost" aria-disabled="true">
          Próxima →
        </span>
      )}
    </nav>
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
