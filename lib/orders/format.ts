/** How an order is named to people. Browser-safe. */

/** The order id's short form, e.g. "#3F2A9C1D" (first 8 hex digits of its UUID). */
export function shortOrderId(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** "1 item", "3 itens". */
export function itemsLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} itens`;
}
