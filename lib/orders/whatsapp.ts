/**
 * "Conversar no WhatsApp" on the dashboard's order page: a wa.me link to the buyer's
 * "Celular (WhatsApp)" with a first message naming the order and the shop, which the merchant
 * edits before sending. Pure.
 */
import { isMasked } from '@balcao/br/personal-data';
import { whatsAppUrl } from '@balcao/br/phone';
import { orderLabel } from '@/lib/orders/format';

/** "Olá! Sobre o seu pedido nº 1001 na Loja Exemplo: " */
export function buyerWhatsAppMessage(order: { id: string; number: number | null }, shopName: string): string {
  const number = order.number === null ? orderLabel(order) : `nº ${order.number}`;
  const shop = shopName.trim();
  return `Olá! Sobre o seu pedido ${number}${shop ? ` na ${shop}` : ''}: `;
}

/** The link, or null when the order has no phone (or only a masked one: no link is made from it). */
export function buyerWhatsAppUrl(order: { id: string; number: number | null; buyerPhone: string | null }, shopName: string): string | null {
  if (!order.buyerPhone || isMasked(order.buyerPhone) || !/^\d{11}$/.test(order.buyerPhone)) return null;
  return whatsAppUrl(order.buyerPhone, buyerWhatsAppMessage(order, shopName));
}
