import { formatDateTimeBR } from '@balcao/br/dates';
import type { Order } from '@/db/schema';
import { checkMove, fulfilmentLabel, hasFulfilment } from '@/lib/fulfilment/moves';
import { isCorreios } from '@/lib/fulfilment';
import { ActionForm } from '../../_components/action-form';
import { deliverOrderAction, pickedUpAction, readyForPickupAction } from '../../fulfilment-actions';
import type { NextAction } from '@/lib/orders/admin';
import { ShipForm } from './ship-form';
import styles from './order.module.css';

/** The order's fulfilment: its state, the tracking, and the moves it allows now. */
export function FulfilmentCard({ order, knownCarriersOnly = null, nextAction = null }: { order: Order; knownCarriersOnly?: string | null; nextAction?: NextAction | null }) {
  // The next step's card above shows "Comprar etiqueta" or "Pronto para retirada": not twice.
  const labelFirst = nextAction === 'buy_label';
  if (!hasFulfilment(order)) return null;
  const can = (move: Parameters<typeof checkMove>[1]) => checkMove(order, move).ok;
  const pickup = order.shippingMethod === 'pickup';
  const when = order.pickedUpAt ?? order.deliveredAt ?? order.readyForPickupAt ?? order.shippedAt;
  const trackingUrl = order.trackingUrl && /^https?:\/\/[^\s]+$/i.test(order.trackingUrl) ? order.trackingUrl : null;
  return (
    <section className="card stack" aria-labelledby="fulfilment-title">
      <h2 id="fulfilment-title">{pickup ? 'Retirada' : 'Envio'}</h2>
      <dl className={styles.dl}>
        <div className={styles.row}>
          <dt>Situação</dt>
          <dd>
            <strong data-testid="fulfilment-status">{fulfilmentLabel(order.fulfillmentStatus, order.shippingMethod)}</strong>
            {when ? <span className="small muted"> desde {formatDateTimeBR(when)}</span> : null}
            {order.fulfillmentBy ? <span className="small muted"> · por {order.fulfillmentBy}</span> : null}
          </dd>
        </div>
        {order.trackingCode ? (
          <>
            <div className={styles.row}>
              <dt>Transportadora</dt>
              <dd>{order.fulfillmentCarrier}</dd>
            </div>
            <div className={styles.row}>
              <dt>Código de rastreio</dt>
              <dd>
                <span className="mono" data-testid="tracking-code">
                  {order.trackingCode}
                </span>
                {trackingUrl ? (
                  <>
                    {' · '}
                    <a href={trackingUrl} target="_blank" rel="noopener noreferrer">
                      Acompanhar entrega
                    </a>
                  </>
                ) : null}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {order.status === 'refunded' ? <p className="small muted">Pedido reembolsado: a entrega fica como estava.</p> : null}
      {order.status === 'paid' ? <ShippingDocumentLinks orderId={order.id} pickup={pickup} /> : null}
      {labelFirst && can('ship') ? (
        // The buyer chose a carrier's service: "Comprar etiqueta" leads; typing a code is the way round.
        <details>
          <summary>Enviar sem comprar etiqueta</summary>
          <ShipForm orderId={order.id} mode="ship" available knownCarriersOnly={knownCarriersOnly} />
        </details>
      ) : (
        <ShipForm orderId={order.id} mode="ship" available={can('ship')} knownCarriersOnly={knownCarriersOnly} />
      )}
      <ActionForm action={deliverOrderAction} fields={{ orderId: order.id }} label="Marcar como entregue" pendingLabel="Salvando…" available={can('deliver')} />
      <ActionForm
        action={readyForPickupAction}
        fields={{ orderId: order.id }}
        label="Pronto para retirada"
        pendingLabel="Salvando…"
        available={can('ready') && nextAction !== 'ready_for_pickup'}
        hint="Avisa o comprador por e-mail, com o endereço de retirada."
      />
      <ActionForm action={pickedUpAction} fields={{ orderId: order.id }} label="Marcar como retirado" pendingLabel="Salvando…" available={can('pick_up')} />
      {can('correct_tracking') ? (
        <details>
          <summary>Corrigir rastreio</summary>
          <ShipForm
            orderId={order.id}
            mode="correct"
            available
            knownCarriersOnly={knownCarriersOnly}
            initial={{ carrier: order.fulfillmentCarrier ?? '', code: order.trackingCode ?? '', urlTemplate: order.fulfillmentCarrier && !isCorreios(order.fulfillmentCarrier) ? (order.trackingUrl ?? '') : '' }}
          />
        </details>
      ) : null}
    </section>
  );
}

/** The PDFs to print for this order (app/(merchant)/dashboard/orders/documents/route.ts). */
function ShippingDocumentLinks({ orderId, pickup }: { orderId: string; pickup: boolean }) {
  const href = (kind: 'declaracao' | 'separacao') => `/dashboard/orders/documents?kind=${kind}&order=${orderId}`;
  return (
    <p className={styles.documentLinks}>
      {pickup ? null : (
        <a className="btn btn-secondary" href={href('declaracao')}>
          Imprimir declaração de conteúdo
        </a>
      )}
      <a className="btn btn-secondary" href={href('separacao')}>
        Imprimir lista de separação
      </a>
    </p>
  );
}
