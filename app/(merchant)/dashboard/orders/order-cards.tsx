/** The orders as cards: the list's view on a phone (orders-list.tsx). */
import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { formatBRL } from '@balcao/br/money';
import { orderLabel, METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/words';
import { fulfilmentLabel, hasFulfilment } from '@/lib/fulfilment/moves';
import { linkTitleOf, originOf, type OrdersViewProps } from './orders-list-parts';
import { SelectBox } from './select-box';
import styles from './orders.module.css';

export function OrderCards({ rows, linkTitles, items, caption, select }: OrdersViewProps) {
  return (
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
            {linkTitleOf(o, linkTitles) ? ` · link “${linkTitleOf(o, linkTitles)}”` : ''} · criado em {formatDateTimeBR(o.createdAt)}
            {o.paidAt ? ` · pago em ${formatDateTimeBR(o.paidAt)}` : ''}
          </p>
          {o.latePayment ? <p className={`small ${styles.late}`}>Pagamento tardio</p> : null}
          {o.doublePaidAt ? <p className={`small ${styles.late}`}>Pago em duplicidade</p> : null}
          {hasFulfilment(o) ? <p className="small">Entrega: {fulfilmentLabel(o.fulfillmentStatus, o.shippingMethod)}</p> : null}
          {originOf(o) ? <p className="small muted">Origem: {originOf(o)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
