import Link from 'next/link';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { addressLines, shippingValue } from '@/lib/orders';
import type { OrderView } from '@/lib/orders';
import { METHOD_LABELS } from '@/lib/orders/words';
import { storefront } from '@/lib/shop';
import styles from './order.module.css';

/** "Resumo do pedido": the items and their money, where it goes, and who paid how. */
export function OrderSummary({ order }: { order: OrderView }) {
  return (
    <aside className={`card ${styles.summary}`} aria-labelledby="resumo">
      <h2 id="resumo">Resumo do pedido</h2>
      <SummaryMoney money={order.money} />
      <SummaryDelivery delivery={order.delivery} />
      <dl className={styles.meta}>
        <div>
          <dt>Pagamento</dt>
          <dd>{METHOD_LABELS[order.method]}</dd>
        </div>
        <div>
          <dt>Comprador</dt>
          <dd>{order.buyerName}</dd>
        </div>
        <div>
          <dt>Feito em</dt>
          <dd>{formatDateBR(order.createdAt)}</dd>
        </div>
      </dl>
      {order.status === 'paid' || order.status === 'refunded' ? (
        <p>
          <Link href={`/orders/${order.token}/receipt`}>Recibo para imprimir</Link>
        </p>
      ) : null}
      <p className="small muted">Guarde o endereço desta página: é por ele que você acompanha o pedido.</p>
    </aside>
  );
}

/** The items, the shipping, the discounts and the total. */
function SummaryMoney({ money }: { money: OrderView['money'] }) {
  return (
    <>
      <ul className={styles.items}>
        {money.items.map((item, i) => (
          <li key={i}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span className={styles.num}>{formatBRL(item.lineTotalCents)}</span>
          </li>
        ))}
        {money.shipping ? (
          <li className={styles.shippingLine}>
            <span>Frete</span>
            <span className={styles.num} data-testid="pedido-frete">
              {shippingValue(money.shipping)}
            </span>
          </li>
        ) : null}
      </ul>
      {money.discounts.length > 0 ? (
        <ul className={styles.items}>
          <li>
            <span>Itens</span>
            <span className={styles.num}>{formatBRL(money.itemsCents)}</span>
          </li>
          {money.discounts.map((d, i) => (
            <li key={`${d.kind}-${i}`} data-testid={`${d.kind}-discount`}>
              <span>{d.label}</span>
              <span className={styles.num}>−{formatBRL(d.cents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.totalLine}>
        <span>Total</span>
        <strong>{formatBRL(money.totalCents)}</strong>
      </p>
    </>
  );
}

/** "Entrega em" the buyer's address, or "Retirar na loja" with the shop's hours. */
function SummaryDelivery({ delivery }: { delivery: OrderView['delivery'] }) {
  return (
    <>
      {delivery.address ? (
        <div className={styles.deliveryBox}>
          <h3 className={styles.deliveryTitle}>Entrega em</h3>
          <address className={styles.address} data-testid="pedido-endereco">
            {addressLines(delivery.address).map((l) => (
              <span key={l}>{l}</span>
            ))}
          </address>
          {delivery.service || delivery.arrival ? (
            <p className={styles.address} data-testid="pedido-prazo">
              {[delivery.service, delivery.arrival].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
      ) : null}
      {delivery.pickupAddress ? (
        <div className={styles.deliveryBox}>
          <h3 className={styles.deliveryTitle}>Retirar na loja</h3>
          <p className={styles.address}>{delivery.pickupAddress}</p>
          <PickupHours />
        </div>
      ) : null}
    </>
  );
}

/** The shop's pickup hours (Configurações → Loja), under the pickup address of an order to collect. */
async function PickupHours() {
  const { pickupHours } = (await storefront()).identity;
  return pickupHours ? <p className="small">Horário de retirada: {pickupHours}</p> : null;
}
