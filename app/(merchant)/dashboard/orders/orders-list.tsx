/**
 * The merchant's orders as cards (phones: order-cards.tsx) and a table (desks: orders-table.tsx),
 * and the pages below them (orders-pagination.tsx): the orders page and a payment link's page
 * show the same list, each with its own query.
 */
import { OrderCards } from './order-cards';
import type { OrdersListProps } from './orders-list-parts';
import { OrdersTable } from './orders-table';

export { OrdersPagination } from './orders-pagination';

export function OrdersList({ caption = 'Pedidos, mais recentes primeiro', ...props }: OrdersListProps) {
  if (props.rows.length === 0) return null;
  return (
    <>
      <OrderCards caption={caption} {...props} />

      <OrdersTable caption={caption} {...props} />
    </>
  );
}
