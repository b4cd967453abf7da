/**
 * The shop's order page (/orders/<token>) as one view model: the order as the buyer sees it
 * (lib/orders/queries.ts `orderViewByToken`) with what the page decides from it — the headline,
 * which payment block shows (the Pix, the boleto, or "Nada foi cobrado" with a new order), whether
 * the page waits for the charge's code, the way back to an API session's store, and the later Pix
 * attempts the order's terms allow ("Pagar com Pix agora", "Gerar novo Pix": lib/payments/attempt-terms.ts).
 *
 * Its reads are the page's: the order's batch, the checkout session (by the order's id, which the
 * token cannot give; read once per request, the attempt terms ask the same cached read) and the
 * storefront, which the shop's layout reads in the same request anyway.
 */
import 'server-only';
import { formatDateTimeBR } from '@balcao/br/dates';
import { storeReturnUrlOfOrder } from '@/lib/checkout/sessions/sessions';
import { orderViewByToken, type OrderView } from '@/lib/orders';
import { ATTEMPT_MESSAGES, pixAttemptOffer } from '@/lib/payments';
import { storefront } from '@/lib/shop';
import { getSettings } from '@/lib/payment-settings/settings';

/** Why "Pagar com Pix agora" or "Gerar novo Pix" did not go through: the key the action puts in `?pix=` (the words stay out of the URL). */
export type AttemptNotice = 'esgotado' | 'indisponivel' | 'falhou';

const ATTEMPT_NOTICES: Record<AttemptNotice, string> = {
  esgotado: 'Um dos produtos deste pedido está esgotado: não dá para gerar um novo Pix. Você pode escolher outros itens na loja.',
  indisponivel: 'Não é possível pagar este pedido com Pix agora.',
  falhou: 'Não foi possível gerar o Pix agora. Tente de novo em instantes.',
};

/** The notice key for an attempt's refusal (lib/payments/attempts.ts's words). */
export function attemptNoticeOf(error: string): AttemptNotice {
  if (error.includes('esgotado')) return 'esgotado';
  return error === ATTEMPT_MESSAGES.failed ? 'falhou' : 'indisponivel';
}

/** The words of `?pix=` when it names a notice; anything else (a hand-typed value, a repeated key) shows none. */
export function attemptNoticeText(key: string | string[] | undefined): string | null {
  return typeof key === 'string' && Object.hasOwn(ATTEMPT_NOTICES, key) ? ATTEMPT_NOTICES[key as AttemptNotice] : null;
}

export function orderHeadline(order: Pick<OrderView, 'status' | 'method'> & { fulfillment?: OrderView['fulfillment'] }): string {
  switch (order.status) {
    case 'pending':
      return order.method === 'pix' ? 'Falta só pagar o Pix' : 'Seu boleto';
    case 'paid':
      // The heading follows the order once it is on its way.
      switch (order.fulfillment?.status) {
        case 'shipped':
          return 'Pedido enviado';
        case 'delivered':
          return 'Pedido entregue';
        case 'ready_for_pickup':
          return 'Pronto para retirada';
        case 'picked_up':
          return 'Pedido retirado';
        default:
          return 'Pedido pago';
      }
    case 'refunded':
      return 'Pedido reembolsado';
    case 'expired':
      return 'Pedido expirado';
    case 'canceled':
      return 'Pedido cancelado';
  }
}

/** "15:42" today, "06/12 15:42" another day (São Paulo); null once the hold is over. */
export function holdEndText(endsMs: number, nowMs = Date.now()): string | null {
  if (endsMs <= nowMs) return null;
  const [date, time] = formatDateTimeBR(new Date(endsMs)).split(' ');
  return date === formatDateTimeBR(new Date(nowMs)).split(' ')[0] ? time : `${date.slice(0, 5)} ${time}`;
}

/** Which payment block the page shows: the charge could not be made (a new order), the Pix, the boleto, or none. */
export type PaymentBlock = 'failed' | 'pix' | 'boleto' | null;

/** The order with token `token` as its page shows it, or null when there is none; `noticeKey`: the page's `?pix=`. */
export async function shopOrderPageView(token: string, noticeKey?: string | string[]) {
  const order = await orderViewByToken(token);
  if (!order) return null;
  const payment = order.payment;
  const pending = order.status === 'pending';
  const failed = pending && payment?.createState === 'failed';
  // An order placed from an API checkout session leads back to the store that sent the buyer.
  const storeUrl = await storeReturnUrlOfOrder(order.id);
  // "Pagar com Pix agora" and "Gerar novo Pix" only where the order's terms allow them (a session's methods and price, a link's state).
  const settings = pending || order.status === 'expired' ? (await storefront()).settings : null;
  const pixSwitch = settings && pending && order.method === 'boleto' ? await pixAttemptOffer(order, 'switch', settings) : null;
  const pixRenewal = settings && order.method === 'pix' ? (await pixAttemptOffer(order, 'renew', settings)) !== null : false;
  const block: PaymentBlock = failed ? 'failed' : pending ? order.method : null;
  return {
    order,
    headline: orderHeadline(order),
    notice: attemptNoticeText(noticeKey),
    /** The status panel's first snapshot, in the status route's shape (it polls from there). */
    initial: { status: order.status, paid_at: order.paidAt, refunded_cents: order.refundedCents, updated_at: order.updatedAt, fulfillment: order.fulfillment },
    failed,
    block,
    /** Pending with no Pix code or boleto line yet: the page refreshes until the charge has them. */
    /**
     * While unpaid, the catalog's units are held only for the shop's "Reserva de estoque" (an hour
     * by default) while a Pix stays payable for a day: the page says until when, so the two agree.
     */
    stockHeldUntil: pending && !failed && order.items.some((i) => i.productId !== null) ? holdEndText(Date.parse(order.createdAt) + (await getSettings()).stockHoldMinutes * 60_000) : null,
    waitingForArtifacts: pending && !failed && (!payment || (order.method === 'pix' ? !payment.pixCode : !payment.barcode)),
    storeUrl,
    /** "Pagar com Pix agora" on a pending boleto, at this Pix discount (null: not offered). */
    pixSwitch,
    /** "Gerar novo Pix" offered on this Pix order once it expires. */
    pixRenewal,
  };
}

export type ShopOrderPageView = NonNullable<Awaited<ReturnType<typeof shopOrderPageView>>>;
