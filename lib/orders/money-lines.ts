/**
 * An order's money as the lines it is made of (design: every part is its own stored line):
 * the items at the prices kept on the order, the discounts (a Pix discount…), shipping, then
 * the total charged. The one source for every place that shows an order's money: the buyer's
 * order page, the receipt, the dashboard's order page, the CSV and the e-mails. A new kind of
 * line is added here once and every place shows it. Pure.
 */
import type { Order, OrderItem } from '@/db/schema';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';

export type ItemLine = { name: string; quantity: number; unitPriceCents: number; lineTotalCents: number };
export type AdjustmentLine = { label: string; cents: number };
/** A discount on the items, as a positive amount taken off. */
export type DiscountLine = { kind: 'promotion' | 'coupon' | 'pix'; label: string; cents: number };
/** One promotion's discount kept on the order (order_discounts). */
export type PromotionLine = { name: string; amountCents: number };
/** What the e-mails need: the items, each adjustment signed, the total. */
export type MoneyLines = { items: ItemLine[]; adjustments: AdjustmentLine[]; totalCents: number; refundedCents: number };
/** What the pages, the receipt and the CSV need besides: the items' subtotal, the discounts and shipping apart. */
export type OrderMoney = MoneyLines & {
  itemsCents: number;
  discounts: DiscountLine[];
  /** null: nothing in the order ships. */
  shipping: { method: 'delivery' | 'pickup'; cents: number } | null;
};

export type MoneyColumns = Pick<Order, 'totalCents' | 'refundedCents'> &
  Partial<Pick<Order, 'itemsCents' | 'pixDiscountCents' | 'pixDiscountBps' | 'couponCode' | 'couponDiscountCents' | 'promotionDiscountCents' | 'shippingMethod' | 'shippingCents'>>;

/**
 * `promotions`: the order's promotions, each its own line, named as the merchant named it;
 * without them (the CSV reads the order's row alone) their sum is one line, "Promoções".
 */
export function orderMoneyLines(order: MoneyColumns, items: Pick<OrderItem, 'name' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>[], promotions?: readonly PromotionLine[]): OrderMoney {
  const lines = items.map((i) => ({ name: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents, lineTotalCents: i.lineTotalCents }));
  const linesCents = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const discounts: DiscountLine[] = [];
  // The promotions apply first, then the coupon, then the Pix discount: shown in that order.
  if (promotions && promotions.length > 0) for (const p of promotions) discounts.push({ kind: 'promotion', label: p.name, cents: p.amountCents });
  else if (order.promotionDiscountCents) discounts.push({ kind: 'promotion', label: 'Promoções', cents: order.promotionDiscountCents });
  // The coupon applies first (to the items), the Pix discount to what is left: shown in that order.
  if (order.couponDiscountCents) discounts.push({ kind: 'coupon', label: `Cupom ${order.couponCode ?? ''}`.trim(), cents: order.couponDiscountCents });
  if (order.pixDiscountCents) discounts.push({ kind: 'pix', label: `Desconto no Pix (${bpsToPercentText(order.pixDiscountBps ?? 0)}%)`, cents: order.pixDiscountCents });
  const shipping = order.shippingMethod ? { method: order.shippingMethod, cents: order.shippingCents ?? 0 } : null;

  const adjustments: AdjustmentLine[] = discounts.map((d) => ({ label: d.label, cents: -d.cents }));
  if (shipping?.method === 'delivery') adjustments.push({ label: shipping.cents ? 'Frete' : 'Frete grátis', cents: shipping.cents });
  // Whatever the stored lines do not explain is shown, never hidden: the total is what was charged.
  // Only with the items at hand (the CSV reads the order's row alone).
  if (lines.length > 0) {
    const explained = linesCents + adjustments.reduce((s, a) => s + a.cents, 0);
    if (explained !== order.totalCents) adjustments.push({ label: 'Ajustes', cents: order.totalCents - explained });
  }
  return {
    items: lines,
    itemsCents: order.itemsCents ?? linesCents,
    discounts,
    shipping,
    adjustments,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
  };
}

/** The amount of one kind of discount (0 without one): a CSV column. */
export function discountCents(m: Pick<OrderMoney, 'discounts'>, kind: DiscountLine['kind']): number {
  return m.discounts.filter((d) => d.kind === kind).reduce((s, d) => s + d.cents, 0);
}
