import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { formatDigitableLine } from '@balcao/br/boleto';
import { shortOrderId } from '@/lib/orders/format';
import type { EmailData } from './types';

export const orderUrl = (d: EmailData) => `${d.shop.appUrl}/orders/${encodeURIComponent(d.order.token)}`;
export const receiptUrl = (d: EmailData) => `${orderUrl(d)}/receipt`;
export const orderRef = (d: EmailData) => shortOrderId(d.order.id);
/** "Olá, Maria" — the first name the shopper typed. */
export const greeting = (d: EmailData) => `Olá, ${d.order.buyerName.trim().split(/\s+/)[0] || 'tudo bem'}!`;
export const dateBR = (date: string | null) => (date ? formatDateBR(date) : '—');
export const dateTimeBR = (at: string | null) => (at ? formatDateTimeBR(at) : '—');
export const line = (d: EmailData) => (d.payment.digitableLine ? formatDigitableLine(d.payment.digitableLine) : '');
/** Links in e-mails only when they are plain web addresses. */
export const webUrl = (url: string | null) => (url && /^https?:\/\/[^\s"<>]+$/i.test(url) ? url : null);
