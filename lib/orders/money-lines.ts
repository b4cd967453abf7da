/**
 * An order's money as the lines it is made of (design: every part is its own stored line):
 * the items at the prices kept on the order, then each adjustment (a Pix discount, shipping,
 * as the catalog and delivery work store them), then the total charged. The one source for
 * every place that shows an order's money outside the pages' own tables: e-mails today.
 * Pure.
 */
import type { Order, OrderItem } from '@/db/schema';
import { bpsToPercentText } from '@/lib/settings/pix-discount';

export type ItemLine = { name: string; quantity: number; unitPriceCents: number; lineTotalCents: number };
export type AdjustmentLine = { label: string; cents: number };
export type MoneyLines = { items: ItemLine[]; adjustments: AdjustmentLine[]; totalCents: number; refundedCents: number };

export function orderMoneyLines(
  order: Pick<Order, 'totalCents' | 'refundedCents'> & Partial<Pick<Order, 'pixDiscountCents' | 'pixDiscountBps' | 'shippingMethod' | 'shippingCents'>>,
  items: Pick<OrderItem, 'name' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>[],
): MoneyLines {
  const lines = items.map((i) => ({ name: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents, lineTotalCents: i.lineTotalCents }));
  const adjustments: AdjustmentLine[] = [];
  if (order.pixDiscountCents) adjustments.push({ label: `Desconto no Pix (${bpsToPercentText(order.pixDiscountBps ?? 0)}%)`, cents: -order.pixDiscountCents });
  if (order.shippingMethod === 'delivery') adjustments.push({ label: order.shippingCents ? 'Frete' : 'Frete grátis', cents: order.shippingCents ?? 0 });
  // Whatever the stored lines do not explain is shown, never hidden: the total is what was charged.
  const explained = lines.reduce((s, l) => s + l.lineTotalCents, 0) + adjustments.reduce((s, a) => s + a.cents, 0);
  if (explained !== order.totalCents) adjustments.push({ label: 'Ajustes', cents: order.totalCents - explained });
  return { items: lines, adjustments, totalCents: order.totalCents, refundedCents: order.refundedCents };
}
