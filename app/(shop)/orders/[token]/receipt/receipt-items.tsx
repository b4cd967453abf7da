import { DiscountRows } from '@/app/_components/discount-rows';
import { formatDateBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { shippingValue } from '@/lib/orders';
import type { OrderView } from '@/lib/orders';
import styles from './receipt.module.css';

/** The items with their unit and line prices, the shipping, the discounts, the total paid and any refund. */
export function ReceiptItems({ order }: { order: OrderView }) {
  const { money } = order;
  const refunded = order.status === 'refunded';
  return (
    <table className={`table ${styles.items}`}>
      <caption className="visually-hidden">Itens do pedido</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qtd.
          </th>
          <th scope="col" className="num">
            Valor
          </th>
        </tr>
      </thead>
      <tbody>
        {money.items.map((item, i) => (
          <tr key={i}>
            <td>
              {item.name}
              <span className={`small muted ${styles.unit}`}>{formatBRL(item.unitPriceCents)} cada</span>
            </td>
            <td className="num">{item.quantity}</td>
            <td className="num">{formatBRL(item.lineTotalCents)}</td>
          </tr>
        ))}
        {money.shipping ? (
          <tr>
            <td>Frete</td>
            <td className="num" />
            <td className="num" data-testid="recibo-frete">
              {shippingValue(money.shipping)}
            </td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <DiscountRows money={money} colSpan={2} />
        <tr>
          <th scope="row" colSpan={2}>
            Total pago
          </th>
          <td className="num">
            <strong>{formatBRL(money.totalCents)}</strong>
          </td>
        </tr>
        {refunded ? (
          <tr>
            <th scope="row" colSpan={2}>
              Reembolsado{order.payment?.refundedAt ? ` em ${formatDateBR(order.payment.refundedAt)}` : ''}
            </th>
            <td className="num">− {formatBRL(order.refundedCents)}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}
