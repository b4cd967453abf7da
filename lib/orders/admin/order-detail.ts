/** Everything the merchant sees about one order: items, buyer, payment, timeline. */
import 'server-only';
import { maskBuyerIn, maskOrderBuyer } from '@balcao/br/personal-data';
import { asc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { emailAttempts, emailOutbox, orderItems, orderNotes, orders, paymentEvents, payments, webhookDeliveries, pixelEvents, whatsappOutbox, type Order, type OrderItem, type OrderNote, type Payment, currentPaymentOf } from '@/db/schema';
import { buildTimeline, type TimelineEntry } from './timeline';
import { withPixelEntries } from './pixel-timeline';
import { withWhatsappEntries } from './whatsapp-timeline';

export type OrderDetail = {
  order: Order;
  items: OrderItem[];
  payment: Payment | null;
  timeline: TimelineEntry[];
  /** "Notas internas", oldest first. */
  notes: OrderNote[];
  /** The shopper was sent how to pay and the order still waits for the payment. */
  canResendInstructions?: boolean;
  /** "Pago em duplicidade": the Pix attempt the order does not count, paid (its refund ready) or refunded. */
  doublePix?: Payment | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrderId(value: string): boolean {
  return UUID.test(value);
}

/** What a masked role reads instead of a note: a note is free text, so anything typed into it (a phone, a street) could be the buyer's. */
export const NOTE_HIDDEN = 'Conteúdo da nota oculto para o seu acesso.';

/**
 * A boleto's `pdf_url` blanked in raw JSON: the link opens the payer's boleto, and a masked role
 * gets the PDF only through routes that serve it masked.
 */
export function blankPdfUrls(text: string): string {
  return text.replace(/("pdf_?url"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1""');
}

/**
 * `masked` (a role without `buyers:read`): the buyer's columns masked, every text of the
 * timeline (webhook bodies, event details, e-mail recipients) with that buyer's data masked and
 * any `pdf_url` blanked, and the notes' bodies hidden.
 */
export async function getOrderDetail(id: string, opts: { masked?: boolean } = {}): Promise<OrderDetail | null> {
  const detail = await readOrderDetail(id);
  if (!detail || !opts.masked) return detail;
  const mask = (text: string) => blankPdfUrls(maskBuyerIn(text, detail.order));
  return {
    ...detail,
    order: maskOrderBuyer(detail.order),
    notes: detail.notes.map((n) => ({ ...n, body: NOTE_HIDDEN })),
    timeline: detail.timeline.map((e) => ({
      ...e,
      title: mask(e.title),
      facts: e.kind === 'note' ? [NOTE_HIDDEN, ...e.facts.slice(1).map(mask)] : e.facts.map(mask),
      technical: e.technical.map(mask),
      raw: e.raw ? { label: e.raw.label, text: mask(e.raw.text) } : undefined,
    })),
  };
}

async function readOrderDetail(id: string): Promise<OrderDetail | null> {
  if (!isOrderId(id)) return null;
  const [order] = await db().select().from(orders).where(eq(orders.id, id.toLowerCase()));
  if (!order) return null;
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const [payment] = await db().select().from(payments).where(currentPaymentOf(order.id));
  const notes = await db().select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.id));
  if (!payment) return { order, items, payment: null, notes, timeline: buildTimeline([], [], [], notes) };
  // Every attempt of the order (a boleto switched to Pix, a new Pix) is one timeline.
  const attemptRows = await db().select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.attempt));
  const events = await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id)).orderBy(asc(paymentEvents.id));
  const deliveries = await db()
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.paymentId, attemptRows.map((p) => p.id)))
    .orderBy(asc(webhookDeliveries.id));
  const doublePix = order.doublePaidAt ? (attemptRows.find((p) => p.supersededAt && p.method === 'pix' && p.paidAt) ?? null) : null;
  const emailRows = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(asc(emailOutbox.id));
  const attempts = emailRows.length
    ? await db().select().from(emailAttempts).where(inArray(emailAttempts.outboxId, emailRows.map((r) => r.id))).orderBy(asc(emailAttempts.id))
    : [];
  const emails = emailRows.map((row) => ({ row, attempts: attempts.filter((a) => a.outboxId === row.id) }));
  // The ad pixels' Purchase events of the order (lib/pixels), under "Detalhes técnicos".
  const pixels = await db().select().from(pixelEvents).where(eq(pixelEvents.orderId, order.id)).orderBy(asc(pixelEvents.id));
  // The buyer's WhatsApp messages (lib/whatsapp): sent, delivered, read, or why not.
  const whatsapp = await db().select().from(whatsappOutbox).where(eq(whatsappOutbox.orderId, order.id)).orderBy(asc(whatsappOutbox.id));
  const timeline = withWhatsappEntries(withPixelEntries(buildTimeline(events, deliveries, emails, notes), pixels), whatsapp);
  return { order, items, payment, doublePix, notes, timeline, canResendInstructions: order.status === 'pending' && emailRows.some((r) => r.kind === 'instructions') };
}

/** What the merchant may do now (the use-cases check again; this only decides which buttons to show). */
export function availableActions(order: Order, payment: Payment | null) {
  const created = !!payment?.providerId;
  return {
    cancel: created && order.status === 'pending',
    refund: created && order.method === 'pix' && order.status === 'paid' && order.refundedCents === 0,
    reconcile: created,
  };
}

/** The order an action names (a UUID from the form), or null. */
export async function getOrderForAction(id: string): Promise<Order | null> {
  if (!isOrderId(id)) return null;
  const [order] = await db().select().from(orders).where(eq(orders.id, id.toLowerCase()));
  return order ?? null;
}
