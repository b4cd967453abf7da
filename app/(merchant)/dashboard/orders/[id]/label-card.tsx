import { formatBRL } from '@balcao/br/money';
import type { Order } from '@/db/schema';
import { labelBought, labelMarginCents, labelRefusal } from '@/lib/fulfilment';
import { ActionForm } from '../../_components/action-form';
import { buyLabelAction } from '../../label-actions';
import styles from './order.module.css';

/**
 * The carrier label of an order priced by Melhor Envio: "Comprar etiqueta" (pays from the
 * account's balance and marks the order shipped with the code), then its cost, the freight's
 * margin and "Imprimir etiqueta" (the PDF through our own route: the token stays on the server).
 */
export function LabelCard({ order, canBuy, canPrint }: { order: Order; canBuy: boolean; canPrint: boolean }) {
  if (order.shippingMethod !== 'delivery' || (order.shippingServiceId === null && !order.labelStep)) return null;
  if (order.status !== 'paid' && !labelBought(order)) return null;
  const margin = labelMarginCents(order);
  const buyable = order.labelStep !== 'generated' && labelRefusal(order) === null;
  return (
    <section className="card stack" aria-labelledby="label-title">
      <h2 id="label-title">Etiqueta</h2>
      <dl className={styles.dl}>
        <div className={styles.row}>
          <dt>Serviço</dt>
          <dd>{order.shippingServiceName ?? '—'}</dd>
        </div>
        <div className={styles.row}>
          <dt>Frete cobrado</dt>
          <dd>{formatBRL(order.shippingCents)}</dd>
        </div>
        {margin !== null ? (
          <>
            <div className={styles.row}>
              <dt>Custo da etiqueta</dt>
              <dd data-testid="label-cost">{formatBRL(order.labelCostCents ?? 0)}</dd>
            </div>
            <div className={styles.row}>
              <dt>Margem do frete</dt>
              <dd data-testid="label-margin">{margin < 0 ? `−${formatBRL(-margin)}` : formatBRL(margin)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {order.labelStep === 'generated' && canPrint ? (
        <p>
          <a className="btn btn-secondary" href={`/dashboard/orders/${order.id}/etiqueta`} target="_blank" rel="noopener" data-testid="print-label">
            Imprimir etiqueta<span className="visually-hidden"> (PDF, abre em nova aba)</span>
          </a>
        </p>
      ) : null}
      <ActionForm
        action={buyLabelAction}
        fields={{ orderId: order.id }}
        label="Comprar etiqueta"
        pendingLabel="Comprando…"
        className="btn"
        available={canBuy && buyable}
        hint="Paga a etiqueta com o saldo do Melhor Envio e marca o pedido como enviado, com o código de rastreio."
      />
    </section>
  );
}
