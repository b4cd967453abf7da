import Link from 'next/link';
import { formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { OrderPageView } from '@/lib/orders/admin';
import { orderLabel, METHOD_LABELS, statusBadgeClass } from '@/lib/orders/words';
import { ActionForm } from '../../_components/action-form';
import { refundDoubleAction } from '../../actions';
import styles from './order.module.css';

/** The order's number, date, method, total, link and status; then what needs the merchant's attention. */
export function OrderHeader({ view }: { view: OrderPageView }) {
  const { order, link, label } = view;
  return (
    <>
      <header className={styles.header}>
        <div>
          <h1>
            Pedido <span className="mono">{orderLabel(order)}</span>
          </h1>
          <p className="muted small">
            Criado em {formatDateTimeBR(order.createdAt)} · {METHOD_LABELS[order.method]} · {formatBRL(order.totalCents)}
          </p>
          {link ? (
            <p className="small">
              Pelo link de pagamento <Link href={`/dashboard/links/${link.id}`}>“{link.title}”</Link>
            </p>
          ) : null}
        </div>
        <span className={`${statusBadgeClass(order.status)} ${styles.bigBadge}`} data-testid="order-status">
          {label}
        </span>
      </header>
      <OrderAlerts view={view} />
    </>
  );
}

function OrderAlerts({ view }: { view: OrderPageView }) {
  const { order, payment, doublePix } = view;
  return (
    <>
      {order.doublePaidAt ? (
        <div className="alert alert-error stack" role="status" data-testid="double-paid">
          <p>
            <strong>Pago em duplicidade.</strong> O comprador trocou o boleto por Pix, e o banco compensou o boleto depois de cancelado: o pedido
            conta um pagamento só ({formatBRL(order.totalCents)}).
            {doublePix?.status === 'refunded'
              ? ` O Pix de ${formatBRL(doublePix.amountCents)} já foi devolvido.`
              : doublePix
                ? ` Devolva o Pix de ${formatBRL(doublePix.amountCents)} ao comprador.`
                : ''}
          </p>
          {doublePix?.status === 'paid' && view.actsOnOrders ? (
            <ActionForm action={refundDoubleAction} fields={{ orderId: order.id }} label="Reembolsar o Pix em duplicidade" pendingLabel="Reembolsando…" />
          ) : null}
        </div>
      ) : null}
      {order.latePayment ? (
        <p className="alert alert-warning" role="status">
          <strong>Pagamento tardio.</strong> Este pedido foi pago depois de ter sido cancelado ou expirado. Confira se ainda deve ser
          entregue{order.method === 'pix' && order.status === 'paid' ? ' ou reembolse o comprador' : ''}.
        </p>
      ) : null}
      {order.stockShort ? (
        <p className="alert alert-error" role="status">
          <strong>Sem estoque para este pedido pago.</strong> As unidades voltaram ao estoque quando a reserva de estoque acabou ou o pedido expirou, e
          foram vendidas antes do pagamento. Combine a entrega com o comprador ou reembolse.
        </p>
      ) : null}
      {order.linkOverLimit ? (
        <p className="alert alert-error" role="status">
          <strong>Acima do limite do link.</strong> Este pedido foi pago depois que a reserva da vaga no link de pagamento acabou, e as vagas já
          tinham sido usadas por outros compradores: o link recebeu mais pagamentos que o limite. Confira se ainda dá para atender ou reembolse.
        </p>
      ) : null}
      {payment?.createState === 'failed' ? (
        <p className="alert alert-error">A cobrança não pôde ser criada no provedor{payment.createError ? `: ${payment.createError}` : '.'}</p>
      ) : null}
      {payment?.createState === 'creating' ? (
        <p className="alert alert-info">A cobrança ainda está sendo criada no provedor. A reconciliação conclui ou desiste dela.</p>
      ) : null}
    </>
  );
}
