/** One vocabulary: English states in code, Portuguese on screen (docs/reference.md, "Order states"). */
import type { OrderStatus } from '@/db/schema';

const LABELS: Record<OrderStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  refunded: 'Reembolsado',
  canceled: 'Cancelado',
  expired: 'Expirado',
};

/** `manualRefundCents`: a boleto paid back outside the app ("Registrar reembolso manual"). */
export function statusLabel(status: OrderStatus, refundedCents = 0, totalCents = 0, manualRefundCents = 0): string {
  const manual = status === 'refunded' && manualRefundCents > 0 ? ' (manual)' : '';
  if (status === 'refunded' && refundedCents > 0 && refundedCents < totalCents) return `Reembolsado parcialmente${manual}`;
  return LABELS[status] + manual;
}

export function statusBadgeClass(status: OrderStatus): string {
  return `badge badge-${status}`;
}

export const METHOD_LABELS = { pix: 'Pix', boleto: 'Boleto' } as const;
