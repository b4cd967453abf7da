/**
 * How a link is shown and shared: its public address, its amount in words, and the ready
 * WhatsApp message ("Enviar pelo WhatsApp" opens wa.me with it, @balcao/br/phone's whatsAppUrl; the
 * merchant picks the chat).
 * Pure.
 */
import type { PaymentLink } from '@/db/schema';
import { formatBRL } from '@balcao/br/money';

type Amounts = Pick<PaymentLink, 'amountCents' | 'minAmountCents'>;

/** `<APP_URL>/pagar/<code>`, whatever trailing slash APP_URL has. */
export function linkUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}/pagar/${code}`;
}

/** "R$ 150,00", or "A partir de R$ 20,00" when the buyer types the amount. */
export function amountText(link: Amounts): string {
  if (link.amountCents !== null) return formatBRL(link.amountCents);
  return `A partir de ${formatBRL(link.minAmountCents ?? 0)}`;
}

export const METHODS_TEXT = { both: 'Pix ou boleto', pix: 'Pix', boleto: 'boleto' } as const;

export function whatsappMessage(link: Pick<PaymentLink, 'title' | 'amountCents' | 'minAmountCents' | 'methods'>, url: string): string {
  const price = link.amountCents !== null ? ` (${formatBRL(link.amountCents)})` : '';
  return `Olá! Segue o link para pagar “${link.title}”${price} por ${METHODS_TEXT[link.methods]}: ${url}`;
}
