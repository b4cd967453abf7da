/** What an outbox row's e-mail shows, read from the order as it is when the e-mail is sent. */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { orderItems, orders, payments, type EmailKind, currentPaymentOf } from '@/db/schema';
import { env } from '@/lib/config/env';
import { qrPngDataUri } from '@balcao/br/qr';
import { addressLines, deliveryOf, orderMoneyLines } from '@/lib/orders';
import { orderPromotionLines } from '@/lib/promotions/promotions';
import { getShopIdentity } from '@/lib/shop';
import { digitalOffersOf } from '@/lib/digital';
import { reviewLinkToken } from '@/lib/security';
import { buyerInvoiceLink } from '@/lib/nfe';
import type { EmailData } from './templates';
import { subscriptionEmailData } from './subscription-data';

const PNG_DATA_URI = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

async function qrPng(pixImage: string | null, pixCode: string | null): Promise<Buffer | null> {
  const m = pixImage ? PNG_DATA_URI.exec(pixImage) : null;
  if (m) return Buffer.from(m[1], 'base64');
  if (!pixCode) return null;
  const drawn = PNG_DATA_URI.exec(await qrPngDataUri(pixCode));
  return drawn ? Buffer.from(drawn[1], 'base64') : null;
}

export async function loadEmailData(row: { orderId: string; kind: EmailKind; dedupeKey: string }): Promise<EmailData | undefined> {
  const [order] = await db().select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return undefined;
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const [payment] = await db().select().from(payments).where(currentPaymentOf(order.id));
  const address = deliveryOf(order).address;
  const wantsQr = order.method === 'pix' && (row.kind === 'instructions' || row.kind === 'reminder');
  // Only a paid order's e-mail carries its digital links (none at all before "Pago").
  const digital = row.kind === 'paid' ? (await digitalOffersOf(order, { absolute: true })).filter((o) => o.verdict.ok) : [];
  const subscription = await subscriptionEmailData(row, env().appUrl);
  // "Pedido enviado" carries the NF-e's DANFE when there is an authorised one (served by the shop).
  const danfe = row.kind === 'shipped' ? await buyerInvoiceLink(order.id, order.token) : null;
  return {
    ...(subscription ? { subscription } : {}),
    kind: row.kind,
    resend: row.dedupeKey.includes(':resend:'),
    shop: { name: (await getShopIdentity()).name, appUrl: env().appUrl },
    order: {
      id: order.id,
      number: order.number,
      token: order.token,
      status: order.status,
      method: order.method,
      buyerName: order.buyerName,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      money: orderMoneyLines(order, items, order.promotionDiscountCents > 0 ? await orderPromotionLines(order.id) : undefined),
    },
    payment: {
      pixCode: payment?.pixCode ?? null,
      pixQrPng: wantsQr && payment ? await qrPng(payment.pixImage, payment.pixCode) : null,
      digitableLine: payment?.digitableLine ?? null,
      pdfUrl: payment?.pdfUrl ?? null,
      dueDate: payment?.dueDate ?? null,
      payableUntil: payment?.payableUntil ?? null,
      refundedAt: payment?.refundedAt ?? null,
    },
    delivery: {
      carrier: order.fulfillmentCarrier,
      trackingCode: order.trackingCode,
      trackingUrl: order.trackingUrl,
      addressLines: address ? addressLines(address) : null,
      pickupAddress: order.shippingMethod === 'pickup' ? order.pickupAddress : null,
      arrival: (() => {
        const v = deliveryOf(order);
        return [v.service, v.arrival].filter(Boolean).join(' · ') || null;
      })(),
    },
    digital: digital.map((o) => ({ name: o.name, action: o.action, href: o.href })),
    review:
      row.kind === 'review_request'
        ? { url: `${env().appUrl}/avaliar/${reviewLinkToken(order.id, env().authSecret)}`, products: [...new Set(items.filter((i) => i.productId !== null).map((i) => i.name))] }
        : undefined,
    invoice: danfe ? { danfeUrl: `${env().appUrl}${danfe}` } : null,
    merchant: { buyerEmail: order.buyerEmail, dashboardUrl: `${env().appUrl}/dashboard/orders/${order.id}`, latePayment: order.latePayment, buyerNote: order.buyerNote },
  };
}
