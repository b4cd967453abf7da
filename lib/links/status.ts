/**
 * A link's state, from the link and what its orders say (lib/links/links.ts counts them).
 *
 * The limit counts every order that holds or used the link: pending within the shop's
 * "Reserva de estoque" (a Pix or boleto issued and not yet paid holds its place for that long,
 * so two buyers never pay a one-off link at once), paid and refunded (a refund returns the
 * money, not the place). A canceled or expired order gives its place back, and so does a
 * pending one whose reservation lapsed: an abandoned boleto blocks the link for the reservation
 * (60 minutes by default), not for its whole payable life. If it is paid later all the same,
 * the payment is accepted and flagged when the places were taken meanwhile. Pure.
 */
import type { PaymentLink } from '@/db/schema';

export type LinkStats = {
  /** Orders waiting for payment. */
  pending: number;
  /** Of those, the ones whose reservation still holds a place. */
  holding: number;
  /** Orders paid (refunded ones included): "pagamentos recebidos". */
  paidCount: number;
  /** What those orders brought in, refunds taken off. */
  paidCents: number;
};

export const NO_STATS: LinkStats = { pending: 0, holding: 0, paidCount: 0, paidCents: 0 };

export type LinkState = 'active' | 'expired' | 'sold_out' | 'disabled';

export const LINK_STATE_LABELS: Record<LinkState, string> = {
  active: 'Ativo',
  expired: 'Expirado',
  sold_out: 'Esgotado',
  disabled: 'Desativado',
};

/** Badge classes shared with the orders' badges (globals.css). */
export const LINK_STATE_BADGES: Record<LinkState, string> = {
  active: 'badge badge-paid',
  expired: 'badge badge-expired',
  sold_out: 'badge badge-pending',
  disabled: 'badge badge-canceled',
};

type LinkRules = Pick<PaymentLink, 'disabledAt' | 'expiresOn' | 'maxPayments'>;

/** Places taken: pending within the reservation + paid (refunded included). */
export function usedPlaces(stats: LinkStats): number {
  return stats.holding + stats.paidCount;
}

/** `today`: São Paulo's date (YYYY-MM-DD). Desativado wins over Expirado, which wins over Esgotado. */
export function linkState(link: LinkRules, stats: LinkStats, today: string): LinkState {
  if (link.disabledAt) return 'disabled';
  if (link.expiresOn && link.expiresOn < today) return 'expired';
  if (link.maxPayments !== null && usedPlaces(stats) >= link.maxPayments) return 'sold_out';
  return 'active';
}

/**
 * Why a buyer cannot pay, in words for the buyer. A link full only because of orders still
 * waiting for payment says so: it may open again if they are not paid.
 */
export function closedMessage(link: LinkRules, stats: LinkStats, today: string): { title: string; body: string } | null {
  switch (linkState(link, stats, today)) {
    case 'active':
      return null;
    case 'disabled':
      return { title: 'Este link foi desativado', body: 'Ele não aceita mais pagamentos. Se você ainda quer comprar, fale com a loja.' };
    case 'expired':
      return { title: 'Este link expirou', body: 'O prazo para pagar por este link terminou. Se você ainda quer comprar, peça um novo link à loja.' };
    case 'sold_out':
      return link.maxPayments !== null && stats.paidCount >= link.maxPayments
        ? {
            title: link.maxPayments === 1 ? 'Este link já foi pago' : 'Este link já atingiu o limite de pagamentos',
            body: 'Ele não aceita mais pagamentos. Se você ainda quer comprar, peça um novo link à loja.',
          }
        : {
            title: 'Este link já tem um pagamento em andamento',
            body: 'Ele não aceita outro pagamento agora. Se o pagamento em andamento não for concluído logo, o link volta a aceitar pagamentos.',
          };
  }
}
