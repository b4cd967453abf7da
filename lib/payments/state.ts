/**
 * The order/payment state machine, pure (docs/reference.md "Order states").
 *
 * It speaks only the app's words: the payment client has already reduced the provider's
 * status to what it means for us (`ChargeState`, lib/payment-provider/status.ts), and `nextState`
 * decides how the local state moves: only forward (pending → paid → refunded;
 * pending → canceled | expired), except that the provider's "paid" always wins over a
 * canceled or expired order (a late payment). A stale read never moves anything back.
 */
import type { OrderStatus } from '@/db/schema';
import type { ChargeState } from '@/lib/payment-provider/types';

/** What the provider's read means for the order, in the app's words. */
export type Observed = ChargeState;

export type Transition = {
  /** The states entered, in order (empty: nothing moves). pending + refunded → [paid, refunded]. */
  steps: OrderStatus[];
  /** The order had been canceled or expired and the provider now says it was paid. */
  late: boolean;
  /** The read is behind what we already know (e.g. "active" after "paid"): nothing moves. */
  stale: boolean;
};

const NONE: Transition = { steps: [], late: false, stale: false };
const STALE: Transition = { steps: [], late: false, stale: true };

/**
 * The next local state given the current one and what the provider reports.
 * `cancelRequested`: the app or the merchant asked the provider to cancel, so the provider's
 * "canceled" means canceled; otherwise it means the payment window passed: expired.
 */
export function nextState(current: { status: OrderStatus; cancelRequested: boolean }, observed: Observed): Transition {
  if (observed === 'unknown') return NONE;
  switch (current.status) {
    case 'pending':
      if (observed === 'pending') return NONE;
      if (observed === 'paid') return { steps: ['paid'], late: false, stale: false };
      if (observed === 'refunded') return { steps: ['paid', 'refunded'], late: false, stale: false };
      return { steps: [current.cancelRequested ? 'canceled' : 'expired'], late: false, stale: false };
    case 'paid':
      if (observed === 'paid') return NONE;
      if (observed === 'refunded') return { steps: ['refunded'], late: false, stale: false };
      return STALE; // "active" or "canceled" after paid: an old read (or a provider bug); paid stands
    case 'refunded':
      return observed === 'refunded' ? NONE : STALE;
    case 'canceled':
    case 'expired':
      if (observed === 'paid') return { steps: ['paid'], late: true, stale: false };
      if (observed === 'refunded') return { steps: ['paid', 'refunded'], late: true, stale: false };
      if (observed === 'canceled') return NONE;
      return STALE;
  }
}

