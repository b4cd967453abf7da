/**
 * The orders list's chips: "Todos", "Aguardando pagamento", "A enviar", "Enviados",
 * "Cancelados" — one tap for the views a shopkeeper opens every day; the full filter form stays
 * below them. "A enviar" is its own work list (oldest first); the others are plain filters.
 * Pure, browser-safe.
 */
import type { OrderFilters } from './order-filters';

export const ORDER_CHIPS = [
  { key: 'all', label: 'Todos', href: '/dashboard/orders', filters: {} },
  { key: 'pending', label: 'Aguardando pagamento', href: '/dashboard/orders?status=pending', filters: { status: 'pending' } },
  { key: 'to-ship', label: 'A enviar', href: '/dashboard/orders?view=a-enviar', filters: null },
  { key: 'shipped', label: 'Enviados', href: '/dashboard/orders?fulfillment=shipped', filters: { fulfillment: 'shipped' } },
  { key: 'canceled', label: 'Cancelados', href: '/dashboard/orders?status=canceled', filters: { status: 'canceled' } },
] as const satisfies readonly { key: string; label: string; href: string; filters: OrderFilters | null }[];

export type OrderChipKey = (typeof ORDER_CHIPS)[number]['key'];

/** The chip these filters are exactly (none when other filters are set too). */
export function currentChip(filters: OrderFilters): OrderChipKey | null {
  const set = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '');
  for (const chip of ORDER_CHIPS) {
    if (!chip.filters) continue;
    const want = Object.entries(chip.filters);
    if (want.length === set.length && want.every(([k, v]) => filters[k as keyof OrderFilters] === v)) return chip.key;
  }
  return null;
}
