import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { maskDocument } from '@balcao/br/documents';
import { addressLines } from '@/lib/orders';
import type { OrderView } from '@/lib/orders';
import { METHOD_LABELS, statusLabel } from '@/lib/orders/words';
import styles from './receipt.module.css';

/** Who paid, how and when, the order's state, and where it goes. */
export function ReceiptFacts({ order }: { order: OrderView }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Comprador</dt>
        <dd>{order.buyerName}</dd>
      </div>
      <div>
        <dt>CPF/CNPJ</dt>
        <dd className="mono">{maskDocument(order.buyerDocument)}</dd>
      </div>
      <div>
        <dt>Forma de pagamento</dt>
        <dd>{METHOD_LABELS[order.method]}</dd>
      </div>
      <div>
        <dt>Pago em</dt>
        <dd>{order.paidAt ? formatDateTimeBR(order.paidAt) : '—'}</dd>
      </div>
      <div>
        <dt>Situação</dt>
        <dd>{statusLabel(order.status, order.refundedCents, order.totalCents)}</dd>
      </div>
      <div>
        <dt>Pedido feito em</dt>
        <dd>{formatDateBR(order.createdAt)}</dd>
      </div>
      {order.delivery.address ? (
        <div className={styles.wide}>
          <dt>Entrega em</dt>
          <dd>
            <address className={styles.address}>
              {addressLines(order.delivery.address).map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          </dd>
        </div>
      ) : null}
      {order.delivery.service || order.delivery.arrival ? (
        <div>
          <dt>Forma de entrega</dt>
          <dd>{[order.delivery.service, order.delivery.arrival].filter(Boolean).join(' · ')}</dd>
        </div>
      ) : null}
      {order.delivery.pickupAddress ? (
        <div>
          <dt>Retirada na loja</dt>
          <dd>{order.delivery.pickupAddress}</dd>
        </div>
      ) : null}
    </dl>
  );
}
