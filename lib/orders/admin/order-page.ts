/**
 * The dashboard's order page as one view model: the order's detail (order-detail.ts) with what
 * the page derives from it and from the merchant's role — the money lines, the delivery, the
 * payment link, the units a refund still holds, the buyer's WhatsApp link, which actions this
 * role may use and, where it may not, why.
 */
import 'server-only';
import { orderPromotionLines } from '@/lib/promotions/promotions';
import { formatDateTimeBR } from '@balcao/br/dates';
import { can, refusalMessage, type Role } from '@/lib/auth/permissions';
import { unitsHeldBy } from '@/lib/catalog';
import { linkById } from '@/lib/links/links';
import { deliveryOf } from '@/lib/orders/delivery';
import { orderMoneyLines } from '@/lib/orders/money-lines';
import { statusLabel } from '@/lib/orders/status-labels';
import { buyerWhatsAppUrl } from '@/lib/orders/whatsapp';
import { getShopIdentity } from '@/lib/shop';
import { availableActions, getOrderDetail } from './order-detail';
import { nextStepOf } from './next-step';

/** The order `id` as a merchant of `role` sees it on its page, or null when there is none. */
export async function orderPageView(id: string, role: Role | null) {
  // A role without `buyers:read` sees the buyer masked, and no link is made from a masked number.
  const masked = !can(role, 'buyers:read');
  const detail = await getOrderDetail(id, { masked });
  if (!detail) return null;
  const { order, items, payment, notes, canResendInstructions } = detail;
  // A role without `orders:act` (an Atendente) gets none of the money buttons: they are absent, not disabled.
  const actsOnOrders = can(role, 'orders:act');
  const available = availableActions(order, payment);
  return {
    ...detail,
    masked,
    /** Why the buyer is masked (the role's refusal), or null. */
    maskedWhy: masked ? refusalMessage(role, 'buyers:read') : null,
    link: order.paymentLinkId ? await linkById(order.paymentLinkId) : undefined,
    delivery: deliveryOf(order),
    money: orderMoneyLines(order, items, order.promotionDiscountCents > 0 ? await orderPromotionLines(order.id) : undefined),
    /** A paid order's first screen: what to pack and the one next action (null once it moved on). */
    nextStep: await nextStepOf(order, items),
    label: statusLabel(order.status, order.refundedCents, order.totalCents, order.manualRefundCents),
    heldUnits: order.status === 'refunded' ? await unitsHeldBy(order.id) : 0,
    whatsApp: order.buyerPhone && !masked ? buyerWhatsAppUrl(order, (await getShopIdentity()).name) : null,
    actsOnOrders,
    can: actsOnOrders ? available : { ...available, reconcile: false, cancel: false, refund: false },
    resend: {
      available: !!canResendInstructions && (can(role, 'emails:resend') || can(role, 'dashboard:tour')),
      denied: can(role, 'emails:resend') ? undefined : refusalMessage(role, 'emails:resend'),
    },
    /** The tracking form offers known carriers only, with this reason, or any link (null). */
    knownCarriersOnly: can(role, 'fulfilment:tracking-links') ? null : refusalMessage(role, 'fulfilment:tracking-links'),
    canWriteNotes: can(role, 'orders:note'),
    noteItems: notes.map((n) => ({
      key: String(n.id),
      body: n.body,
      by: n.authorName ? `${n.authorName} (${n.authorEmail})` : n.authorEmail,
      at: n.createdAt,
      when: formatDateTimeBR(n.createdAt),
    })),
  };
}

export type OrderPageView = NonNullable<Awaited<ReturnType<typeof orderPageView>>>;
