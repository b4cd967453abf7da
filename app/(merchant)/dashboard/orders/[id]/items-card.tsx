import { plural } from '@balcao/br/plural';
import { formatBRL } from '@balcao/br/money';
import { DiscountRows } from '@/app/_components/discount-rows';
import type { OrderPageView } from '@/lib/orders/admin';
import { ActionForm } from '../../_components/action-form';
import components from '../../_components/components.module.css';
import { returnStockAction } from '../../actions';

/** "Itens": the order's lines, shipping, discounts, total and what was refunded. */
export function ItemsCard({ view }: { view: OrderPageView }) {
  const { order, money } = view;
  return (
    <section className="card" aria-labelledby="items-title">
      <h2 id="items-title">Itens</h2>
      <div className="table-wrap">
        <table className={`table ${components.numbers}`}>
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col" className="num">
                Qtd.
              </th>
              <th scope="col" className="num">
                Preço
              </th>
              <th scope="col" className="num">
                Subtotal
              </th>
            </tr>
          </thead>
          <tbody>
            {money.items.map((i, n) => (
              <tr key={n}>
                <td>{i.name}</td>
                <td className="num">{i.quantity}</td>
                <td className="num">{formatBRL(i.unitPriceCents)}</td>
                <td className="num">{formatBRL(i.lineTotalCents)}</td>
              </tr>
            ))}
            {money.shipping ? (
              <tr>
                <td colSpan={3}>{money.shipping.method === 'pickup' ? 'Frete — retirar na loja' : 'Frete'}</td>
                <td className="num" data-testid="shipping-amount">
                  {formatBRL(money.shipping.method === 'pickup' ? 0 : money.shipping.cents)}
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <DiscountRows money={money} colSpan={3} headerClassName={components.rowHeader} />
            <tr>
              <th scope="row" colSpan={3} className={components.rowHeader}>
                Total
              </th>
              <td className="num">
                <strong>{formatBRL(money.totalCents)}</strong>
              </td>
            </tr>
            {order.refundedCents > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className={components.rowHeader}>
                  Reembolsado
                </th>
                <td className="num" data-testid="refunded-amount">
                  −{formatBRL(order.refundedCents)}
                </td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** "Estoque": a refunded order's units are given back only when the merchant says so. */
export function StockCard({ view }: { view: OrderPageView }) {
  const { order, heldUnits } = view;
  if (order.status !== 'refunded' || heldUnits <= 0) return null;
  return (
    <section className="card stack" aria-labelledby="stock-title">
      <h2 id="stock-title">Estoque</h2>
      <p className="small muted">
        O reembolso não devolve as unidades ao estoque sozinho ({plural(heldUnits, 'unidade', 'unidades')} deste pedido). Devolva se o
        produto voltou para você em condições de venda.
      </p>
      <ActionForm action={returnStockAction} fields={{ orderId: order.id }} label="Devolver ao estoque" pendingLabel="Devolvendo…" available={view.actsOnOrders} />
    </section>
  );
}
