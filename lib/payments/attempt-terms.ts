/**
 * What an order's terms allow of a later Pix attempt ("Pagar com Pix agora" on an unpaid
 * boleto, "Gerar novo Pix" on an expired Pix), and at which Pix discount. The terms are the
 * ones the order was placed under:
 * - an API checkout session (docs/api.md): only its `methods`; its price is final (the store set
 *   it: no Pix discount); and once its order expired unpaid the session is `expired` for the
 *   store that made it, so that order is never revived by a new Pix;
 * - a payment link: its methods ("só boleto"), its Pix discount switch, and its state: a link
 *   disabled, past its date or out of places takes no new payment (the places counted in the
 *   attempt's own transaction: lib/links/place.ts `linkRefusesAttempt`);
 * - otherwise the shop's Pix discount.
 * The order page asks `pixAttemptOffer` so that it never offers what the terms forbid; the
 * attempt itself asks `pixAttemptTerms` again (a page may be stale, and a form can be posted by hand).
 */
import 'server-only';
import type { Order } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { sessionOfOrder } from '@/lib/checkout/sessions/sessions';
import { database, type Tx } from '@/db';
import type { Step } from '@/db/driver';
import { linkById } from '@/lib/links/links';
import { linkRefusesAttempt, REFUSAL_MESSAGES as LINK_REFUSAL_MESSAGES } from '@/lib/links/place';
import { reservationCutoff } from '@/lib/payment-settings/reservation';

export type AttemptKind = 'switch' | 'renew';
export type PixTerms = { ok: true; pixDiscountBps: number; linkId: string | null } | { ok: false; error: string };

export const TERMS_MESSAGES = {
  sessionBoletoOnly: 'Esta compra aceita só boleto.',
  sessionExpired: 'O prazo desta compra terminou. Volte para a loja para comprar de novo.',
  linkBoletoOnly: 'Este link de pagamento aceita só boleto.',
} as const;

/** The terms of a new Pix for this order; `shopDiscountBps`: the shop's Pix discount now. */
export async function pixAttemptTerms(order: Pick<Order, 'id' | 'paymentLinkId'>, kind: AttemptKind, shopDiscountBps: number): Promise<PixTerms> {
  const session = await sessionOfOrder(order.id);
  if (session) {
    if (!session.methods.includes('pix')) return { ok: false, error: TERMS_MESSAGES.sessionBoletoOnly };
    if (kind === 'renew') return { ok: false, error: TERMS_MESSAGES.sessionExpired };
    return { ok: true, pixDiscountBps: 0, linkId: null };
  }
  if (order.paymentLinkId) {
    const link = await linkById(order.paymentLinkId);
    if (!link) return { ok: false, error: LINK_REFUSAL_MESSAGES.not_found };
    if (link.methods === 'boleto') return { ok: false, error: TERMS_MESSAGES.linkBoletoOnly };
    if (link.disabledAt) return { ok: false, error: LINK_REFUSAL_MESSAGES.disabled };
    if (link.expiresOn && link.expiresOn < saoPauloDate()) return { ok: false, error: LINK_REFUSAL_MESSAGES.expired };
    return { ok: true, pixDiscountBps: link.pixDiscount ? shopDiscountBps : 0, linkId: link.id };
  }
  return { ok: true, pixDiscountBps: shopDiscountBps, linkId: null };
}

/** Runs a read-only transaction step outside a transaction (a page's read: no write lock). */
async function readStep<T>(body: (d: Tx) => Generator<Step, T, unknown>): Promise<T> {
  const gen = body(database().db);
  let r = gen.next();
  while (!r.done) {
    const step = r.value;
    // A read-only body yields only reads (get, all, reads).
    if (step.mode === 'reads') r = gen.next(await Promise.all(step.queries.map((q) => q.all())));
    else r = gen.next(await step.query[step.mode === 'write' ? 'run' : step.mode]());
  }
  return r.value;
}

/**
 * Whether the order page offers the attempt, and at which discount (null: not offered). A link
 * out of places for this order (the other orders' counted as the attempt will count them) offers nothing.
 */
export async function pixAttemptOffer(
  order: Pick<Order, 'id' | 'paymentLinkId'>,
  kind: AttemptKind,
  settings: { pixDiscountBps: number; stockHoldMinutes: number },
): Promise<{ pixDiscountBps: number } | null> {
  const terms = await pixAttemptTerms(order, kind, settings.pixDiscountBps);
  if (!terms.ok) return null;
  const linkId = terms.linkId;
  if (linkId) {
    const holdsSince = reservationCutoff(settings.stockHoldMinutes);
    if ((await readStep((d) => linkRefusesAttempt(d, linkId, order.id, saoPauloDate(), holdsSince))) !== null) return null;
  }
  return { pixDiscountBps: terms.pixDiscountBps };
}
