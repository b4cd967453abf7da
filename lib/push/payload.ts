/**
 * What a push says. A lock screen is public, so a push names the money, the method and the
 * order's number — never the buyer's name, e-mail, phone nor CPF — and carries only the dashboard
 * path it opens. Pure: tested on its own.
 */
import { formatBRL } from '@balcao/br/money';
import type { PushKind } from '@/db/schema';

export type PushPayload = { title: string; body: string; url: string; tag: string };

export type OrderPushFacts = { orderId: string; label: string; totalCents: number; method: 'pix' | 'boleto' };

const METHOD_LABELS = { pix: 'Pix', boleto: 'Boleto' } as const;

/** The choices in Minha conta → Notificações, in the order shown. */
export const PUSH_CHOICES = [
  { kind: 'new_sale', column: 'newSale', label: 'Nova venda', hint: 'Quando um pedido é pago.' },
  { kind: 'ready_to_ship', column: 'readyToShip', label: 'Pedido pronto para envio', hint: 'Quando a etiqueta de um pedido fica pronta para imprimir.' },
  { kind: 'cart_recovered', column: 'cartRecovered', label: 'Carrinho recuperado', hint: 'Quando um carrinho lembrado por e-mail vira um pedido pago.' },
] as const;

export type PushChoiceColumn = (typeof PUSH_CHOICES)[number]['column'];

const TITLES: Record<Exclude<PushKind, 'test'>, string> = {
  new_sale: 'Nova venda',
  ready_to_ship: 'Pedido pronto para envio',
  cart_recovered: 'Carrinho recuperado',
};

/** "Nova venda: R$ 54,80 · Pix · #1001", opening that order. */
export function orderPush(kind: Exclude<PushKind, 'test'>, facts: OrderPushFacts, shopName: string): PushPayload {
  return {
    title: `${TITLES[kind]}: ${formatBRL(facts.totalCents)} · ${METHOD_LABELS[facts.method]} · ${facts.label}`,
    body: shopName,
    url: `/dashboard/orders/${encodeURIComponent(facts.orderId)}`,
    tag: `${kind}:${facts.orderId}`,
  };
}

export function testPush(shopName: string): PushPayload {
  return { title: 'Notificação de teste', body: `${shopName}: as notificações chegam neste aparelho.`, url: '/dashboard/conta#notificacoes', tag: 'test' };
}
