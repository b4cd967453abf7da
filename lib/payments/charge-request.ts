/**
 * The create request of a payment, rebuilt deterministically: the terms (due date, expiration
 * or grace, fine, interest, description) are fixed once when the order is placed and stored
 * with it, so a retry after a lost response sends the SAME body with the SAME Idempotency-Key.
 * Pure.
 */
import type { Order, PaymentMethod } from '@/db/schema';
import { addDays } from '@balcao/br/dates';
import type { NewBoleto, NewPix } from '@/lib/payment-provider/client';
import { isAcceptedNotificationUrl } from '@balcao/payment-contract';
import type { PaymentSettings } from '@/lib/payment-settings/settings';

export type PixTerms = { method: 'pix'; description: string; dueDate: string; expirationDays: number };
export type BoletoTerms = {
  method: 'boleto';
  description: string;
  dueDate: string;
  gracePeriod: number;
  finePercent: number;
  interestPercent: number;
};
export type ChargeTerms = PixTerms | BoletoTerms;

/**
 * "Pedido #1001 — Café da Esquina": what the buyer's bank app shows, with the number and the
 * shop's name of the moment the order is placed (stored in the terms, so a retry sends the same).
 */
export function chargeDescription(orderNumber: number, shopName: string): string {
  return `Pedido #${orderNumber} — ${shopName}`;
}

/**
 * Pix: due tomorrow in São Paulo, payable `pixExpirationDays` more days.
 * Boleto: due `boletoDueDays` ahead, grace, fine and interest from the settings.
 */
export function chargeTerms(method: PaymentMethod, settings: PaymentSettings, today: string, orderNumber: number, shopName: string): ChargeTerms {
  const description = chargeDescription(orderNumber, shopName);
  if (method === 'pix') return { method, description, dueDate: addDays(today, 1), expirationDays: settings.pixExpirationDays };
  return {
    method,
    description,
    dueDate: addDays(today, settings.boletoDueDays),
    gracePeriod: settings.boletoGraceDays,
    finePercent: settings.boletoFinePercent,
    interestPercent: settings.boletoInterestPercent,
  };
}

/** Last São Paulo calendar day the buyer can pay: due + expiration (Pix) or due + grace (boleto). */
export function payableUntilOf(terms: ChargeTerms): string {
  return addDays(terms.dueDate, terms.method === 'pix' ? terms.expirationDays : terms.gracePeriod);
}

export function parseTerms(json: string | null | undefined): ChargeTerms | undefined {
  if (!json) return undefined;
  try {
    const t = JSON.parse(json) as ChargeTerms;
    if (t && (t.method === 'pix' || t.method === 'boleto') && typeof t.dueDate === 'string' && typeof t.description === 'string') return t;
  } catch {
    // fall through
  }
  return undefined;
}

type OrderForRequest = Pick<
  Order,
  'id' | 'totalCents' | 'buyerName' | 'buyerDocument' | 'addressZip' | 'addressStreet' | 'addressNumber' | 'addressNeighborhood' | 'addressCity' | 'addressState'
>;

export function pixRequest(order: OrderForRequest, terms: PixTerms, notificationUrl: string | undefined): NewPix {
  return {
    amountCents: order.totalCents,
    description: terms.description,
    dueDate: terms.dueDate,
    expirationDays: terms.expirationDays,
    payer: { name: order.buyerName, document: order.buyerDocument },
    metadata: [{ key: 'order_id', value: order.id }],
    ...(notificationUrl ? { notificationUrl } : {}),
  };
}

export function boletoRequest(order: OrderForRequest, terms: BoletoTerms, notificationUrl: string | undefined): NewBoleto {
  return {
    amountCents: order.totalCents,
    description: terms.description,
    dueDate: terms.dueDate,
    gracePeriod: terms.gracePeriod,
    finePercent: terms.finePercent,
    interestPercent: terms.interestPercent,
    payer: {
      name: order.buyerName,
      document: order.buyerDocument,
      zip: order.addressZip ?? '',
      street: order.addressStreet ?? '',
      number: order.addressNumber ?? '',
      neighborhood: order.addressNeighborhood ?? '',
      city: order.addressCity ?? '',
      state: order.addressState ?? '',
    },
    metadata: [{ key: 'order_id', value: order.id }],
    ...(notificationUrl ? { notificationUrl } : {}),
  };
}

/**
 * `<APP_URL>/api/webhooks/payments/<token>`, or undefined when the provider would refuse it:
 * the API wants HTTPS; plain http is only for localhost with the embedded sandbox allowing it.
 * Without a notification URL the payment is still followed by reading (reconciliation).
 */
export function notificationUrlFor(
  webhookToken: string,
  cfg: { appUrl: string; usingSandbox: boolean; sandboxAllowHttpWebhooks: boolean },
): string | undefined {
  const url = `${cfg.appUrl}/api/webhooks/payments/${webhookToken}`;
  return isAcceptedNotificationUrl(url, cfg.usingSandbox && cfg.sandboxAllowHttpWebhooks) ? url : undefined;
}
