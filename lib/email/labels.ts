/** How each e-mail kind and state is named to people (pt-BR). Pure. */
import type { EmailStatus, OutboxKind } from '@/db/schema';

export const EMAIL_KIND_LABELS: Record<OutboxKind, string> = {
  instructions: 'Pedido recebido (como pagar)',
  paid: 'Pagamento confirmado',
  reminder: 'Lembrete de pagamento',
  refunded: 'Reembolso',
  canceled: 'Pedido cancelado',
  expired: 'Pedido expirado',
  shipped: 'Pedido enviado',
  ready_for_pickup: 'Pronto para retirada',
  delivered: 'Pedido entregue',
  new_sale: 'Nova venda (para a loja)',
  late_payment: 'Pagamento atrasado (para a loja)',
  review_request: 'Avalie sua compra',
  password_reset: 'Redefinir senha (para a equipe)',
  invitation: 'Convite para a equipe',
  cart_reminder: 'Lembrete de carrinho abandonado',
};

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'na fila',
  sending: 'enviando',
  sent: 'enviado',
  failed: 'falhou',
  skipped: 'não enviado',
};
