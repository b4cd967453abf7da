import type { OrderListRow } from '@/lib/orders';
import { orderLabel } from '@/lib/orders/words';
import type { Selection } from './orders-list-parts';
import styles from './orders.module.css';

/**
 * A row's checkbox for the bulk bar; the box around it is the tap target. Keyed by the page's
 * selection: "Selecionar a página" and "Limpar seleção" are links, and a client-side navigation
 * keeps a mounted checkbox as it was whatever its new defaultChecked says.
 */
export function SelectBox({ order, select }: { order: OrderListRow; select: Selection }) {
  return (
    <label className={styles.selectBox}>
      <input key={select.checked ? 'page' : 'none'} type="checkbox" name="pedido" value={order.id} form={select.form} defaultChecked={select.checked} aria-label={`Selecionar pedido ${orderLabel(order)}`} />
    </label>
  );
}
