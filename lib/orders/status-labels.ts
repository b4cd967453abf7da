/** One vocabulary: English states in code, Portuguese on screen (docs/reference.md, "Order states"). */
import type { OrderStatus } from '@/db/schema';

const LABELS: Record<OrderStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  refunded: 'Reembolsado',
  canceled: 'Cancelado',
  expired: 'Expirado',
};

export function statusLabel(status: OrderStatus, refundedCents = 0, totalCents = 0): string {
  if (status === 'refunded' && refundedCents > 0 && refundedCents < totalCents) return 'Reembolsado parcialmente';
  return LABELS[status];
}

export function statusBadgeClass(status: OrderStatus): string {
  return `badge badge-${status}`;
}

export const METHOD_LABELS = { pix: 'Pix', boleto: 'Boleto' } as const;
