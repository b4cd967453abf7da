import { formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { OrderPageView } from '@/lib/orders/admin';
import { amountInputText } from '@/lib/payments/forms';
import { METHOD_LABELS } from '@/lib/orders/words';
import { ActionForm } from '../../_components/action-form';
import { cancelOrderAction, reconcileOrderAction } from '../../actions';
import { resendInstructionsAction } from '../../email-actions';
import { ManualRefundForm } from './manual-refund-form';
import { RefundForm } from './refund-form';
import styles from './order.module.css';

/** "Próximo passo" / "Ações": resend the instructions first; reconcile, cancel and refund under "Mais ações". */
export function OrderActions({ view }: { view: OrderPageView }) {
  const { order, can, resend, actsOnOrders } = view;
  return (
    <section className="card stack" aria-labelledby="actions-title">
      <h2 id="actions-title">{order.status === 'pending' ? 'Próximo passo' : 'Ações'}</h2>
      {/* The step an unpaid order waits for comes first; the rest is one click away in "Mais ações". */}
      <ActionForm
        action={resendInstructionsAction}
        fields={{ orderId: order.id }}
        label="Reenviar instruções"
        pendingLabel="Enfileirando…"
        className="btn"
        available={resend.available}
        denied={resend.denied}
        hint={`Envia de novo ao comprador (${order.buyerEmail}) as instruções de pagamento.`}
      />
      {order.manualRefundCents > 0 ? (
        <p className="small" data-testid="manual-refund">
          Reembolso manual de {formatBRL(order.manualRefundCents)} registrado
          {order.manualRefundedBy ? ` por ${order.manualRefundedBy}` : ''}
          {order.manualRefundedAt ? ` em ${formatDateTimeBR(order.manualRefundedAt)}` : ''}: {order.manualRefundReason}
        </p>
      ) : null}
      <details className={styles.moreActions} data-testid="more-actions">
        <summary className="btn btn-secondary">Mais ações</summary>
        <div className="stack">
          <ActionForm
            action={reconcileOrderAction}
            fields={{ orderId: order.id }}
            label="Reconciliar agora"
            pendingLabel="Conferindo…"
            available={can.reconcile}
            hint="Lê o status da cobrança no provedor e aplica o que mudou."
          />
          <ActionForm
            action={cancelOrderAction}
            fields={{ orderId: order.id }}
            label="Cancelar cobrança"
            pendingLabel="Cancelando…"
            className="btn btn-danger"
            available={can.cancel}
            confirm={{
              title: 'Cancelar a cobrança?',
              body: (
                <p>
                  A cobrança de <strong>{formatBRL(order.totalCents)}</strong> ({METHOD_LABELS[order.method]}) deixa de poder ser paga. Isso não
                  pode ser desfeito.
                </p>
              ),
              confirmLabel: 'Sim, cancelar cobrança',
              confirmClassName: 'btn btn-danger',
            }}
          />
          {order.method === 'pix' ? (
            <RefundForm orderId={order.id} totalCents={order.totalCents} defaultAmount={amountInputText(order.totalCents)} available={can.refund} />
          ) : order.status === 'paid' || order.manualRefundCents > 0 ? (
            <ManualRefundForm orderId={order.id} totalCents={order.totalCents} defaultAmount={amountInputText(order.totalCents)} available={actsOnOrders && order.status === 'paid'} />
          ) : null}
          {!can.cancel && !can.refund && order.status !== 'paid' ? (
            <p className="small muted">
              {order.status === 'refunded'
                ? `Reembolso de ${formatBRL(order.refundedCents)} feito. Nenhuma outra ação disponível.`
                : order.status === 'pending'
                  ? 'A cobrança ainda não pode ser cancelada.'
                  : 'Nenhuma outra ação disponível para este pedido.'}
            </p>
          ) : null}
        </div>
      </details>
    </section>
  );
}
