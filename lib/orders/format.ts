/** How an order is named to people. Browser-safe. */
import { plural } from '@balcao/br/plural';

/** The order id's short form, e.g. "#3F2A9C1D" (first 8 hex digits of its UUID). */
export function shortOrderId(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/**
 * How people name an order: its number ("#1001"). Rows written outside placeOrder (fixtures)
 * have none and fall back to the id's short form.
 */
export function orderLabel(order: { id: string; number: number | null }): string {
  return order.number === null ? shortOrderId(order.id) : `#${order.number}`;
}

/** "1 item", "3 itens". */
export function itemsLabel(count: number): string {
  return plural(count, 'item', 'itens');
}
