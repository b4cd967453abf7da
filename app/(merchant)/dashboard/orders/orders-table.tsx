/** The orders as a table: the list's view on a desk (orders-list.tsx). */
import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { formatBRL } from '@balcao/br/money';
import { orderLabel, METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/words';
import { fulfilmentLabel, hasFulfilment } from '@/lib/fulfilment/moves';
import { linkTitleOf, originOf, type OrdersViewProps } from './orders-list-parts';
import { SelectBox } from './select-box';
import styles from './orders.module.css';

export function OrdersTable({ rows, linkTitles, items, caption, select }: OrdersViewProps) {
  return (
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
                {linkTitleOf(o, linkTitles) ? <span className={`small muted ${styles.sub} ${styles.linkTitle}`}>Link “{linkTitleOf(o, linkTitles)}”</span> : null}
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
