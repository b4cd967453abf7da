/**
 * Fulfilment's table of moves, beside the payment state's (lib/payments/state.ts). Pure.
 *
 * An order that ships: unfulfilled ("A enviar") → shipped → delivered. A pickup order:
 * unfulfilled → ready_for_pickup → picked_up. Only a PAID order moves: one not paid yet has
 * nothing to send, and a refunded one keeps the fulfilment it had (both states show). An
 * order with nothing to ship (a service, a digital good) has no fulfilment at all.
 * "Corrigir rastreio" changes the tracking of a shipped order without moving it.
 */
import type { FulfillmentStatus, OrderStatus, ShippingMethod } from '@/db/schema';

/** The carriers the ship forms suggest, passed on for the browser (tracking.ts is pure too). */
export { CORREIOS, KNOWN_CARRIERS, knownCarrier } from './tracking';

export type FulfilmentMove = 'ship' | 'deliver' | 'ready' | 'pick_up' | 'correct_tracking' | 'digital';

export type FulfilmentSubject = {
  status: OrderStatus;
  shippingMethod: ShippingMethod | null;
  fulfillmentStatus: FulfillmentStatus;
};

export type MoveVerdict = { ok: true; from: FulfillmentStatus; to: FulfillmentStatus } | { ok: false; error: string };

/**
 * The one table: move → (shipping method it applies to, from, to). `digital`: an order with
 * nothing to ship whose digital product was first downloaded or opened (lib/fulfilment/digital-access.ts).
 */
export const MOVES: Record<FulfilmentMove, { method: ShippingMethod | null; from: FulfillmentStatus[]; to: FulfillmentStatus | 'same' }> = {
  ship: { method: 'delivery', from: ['unfulfilled'], to: 'shipped' },
  deliver: { method: 'delivery', from: ['shipped'], to: 'delivered' },
  correct_tracking: { method: 'delivery', from: ['shipped', 'delivered'], to: 'same' },
  ready: { method: 'pickup', from: ['unfulfilled'], to: 'ready_for_pickup' },
  pick_up: { method: 'pickup', from: ['ready_for_pickup'], to: 'picked_up' },
  digital: { method: null, from: ['unfulfilled'], to: 'delivered' },
};

export const FULFILMENT_LABELS: Record<FulfillmentStatus, string> = {
  unfulfilled: 'A enviar',
  shipped: 'Enviado',
  delivered: 'Entregue',
  ready_for_pickup: 'Pronto para retirada',
  picked_up: 'Retirado',
};

/** A pickup order not ready yet is not "to send": it is to prepare. */
export function fulfilmentLabel(status: FulfillmentStatus, method: ShippingMethod | null): string {
  if (status === 'unfulfilled' && method === 'pickup') return 'A preparar para retirada';
  return FULFILMENT_LABELS[status];
}

/** Whether fulfilment applies to this order at all (paid or refunded, and something ships). */
export function hasFulfilment(o: Pick<FulfilmentSubject, 'status' | 'shippingMethod'>): boolean {
  return o.shippingMethod !== null && (o.status === 'paid' || o.status === 'refunded');
}

export function checkMove(o: FulfilmentSubject, move: FulfilmentMove): MoveVerdict {
  const rule = MOVES[move];
  if (o.shippingMethod === null && rule.method !== null) return { ok: false, error: 'Este pedido não tem nada para entregar.' };
  if (rule.method === null && o.shippingMethod !== null) return { ok: false, error: 'Este pedido também tem itens para enviar.' };
  if (o.status === 'refunded') return { ok: false, error: 'Pedido reembolsado: a entrega fica como estava.' };
  if (o.status !== 'paid') return { ok: false, error: 'Só um pedido pago pode ser enviado ou retirado.' };
  if (o.shippingMethod !== rule.method) {
    return { ok: false, error: o.shippingMethod === 'pickup' ? 'Este pedido é para retirar na loja, não para enviar.' : 'Este pedido é para enviar, não para retirar na loja.' };
  }
  if (!rule.from.includes(o.fulfillmentStatus)) {
    const now = fulfilmentLabel(o.fulfillmentStatus, o.shippingMethod);
    return { ok: false, error: `Não foi possível: o pedido está "${now}".` };
  }
  return { ok: true, from: o.fulfillmentStatus, to: rule.to === 'same' ? o.fulfillmentStatus : rule.to };
}

/** The steps of the shopper's progress line, in order. */
export function progressSteps(method: ShippingMethod): { key: string; label: string }[] {
  return method === 'pickup'
    ? [
        { key: 'paid', label: 'Pago' },
        { key: 'ready_for_pickup', label: 'Pronto para retirada' },
        { key: 'picked_up', label: 'Retirado' },
      ]
    : [
        { key: 'paid', label: 'Pago' },
        { key: 'shipped', label: 'Enviado' },
        { key: 'delivered', label: 'Entregue' },
      ];
}

/** How many steps of the progress line are done (Pago counts as one). */
export function progressDone(status: FulfillmentStatus): number {
  return { unfulfilled: 1, shipped: 2, ready_for_pickup: 2, delivered: 3, picked_up: 3 }[status];
}
