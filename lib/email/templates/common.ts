import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { formatDigitableLine } from '@balcao/br/boleto';
import { orderLabel } from '@/lib/orders/words';
import type { EmailData } from './types';

export const orderUrl = (d: EmailData) => `${d.shop.appUrl}/orders/${encodeURIComponent(d.order.token)}`;
export const receiptUrl = (d: EmailData) => `${orderUrl(d)}/receipt`;
export const orderRef = (d: EmailData) => orderLabel(d.order);
/**
 * "Olá, Maria!" — the first name the shopper typed, only when it is a short run of letters;
 * otherwise just "Olá!". Anyone can type any name at checkout, so the greeting must never carry
 * words, links or look-alike spaces (U+2800 is not \s) of a stranger's choosing.
 */
export const greeting = (d: EmailData) => {
  const first = d.order.buyerName.trim().split(/\s+/u)[0] ?? '';
  return /^\p{L}{1,30}$/u.test(first) ? `Olá, ${first}!` : 'Olá!';
};
export const dateBR = (date: string | null) => (date ? formatDateBR(date) : '—');
export const dateTimeBR = (at: string | null) => (at ? formatDateTimeBR(at) : '—');
export const line = (d: EmailData) => (d.payment.digitableLine ? formatDigitableLine(d.payment.digitableLine) : '');
/** Links in e-mails only when they are plain web addresses. */
export const webUrl = (url: string | null) => (url && /^https?:\/\/[^\s"<>]+$/i.test(url) ? url : null);
