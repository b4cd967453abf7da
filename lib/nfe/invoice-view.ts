/**
 * An order's NF-e as each reader sees it: the merchant's order page (status in words, the key
 * in blocks of 4, what may be done now), the buyer's page and e-mail (the DANFE through the
 * shop, by the order's token), and the public API's `invoice` object.
 */
import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import { groupAccessKey } from '@balcao/bling-sandbox/access-key';
import { db } from '@/db';
import { orderInvoices, orders, type InvoiceStatus, type OrderInvoiceRow, type OrderStatus } from '@/db/schema';
import { withinCancelWindow } from './cancellation';
import { blingSettingsRow, blingTarget, fetchDocument, isConnected } from './connection';
import { latestInvoice } from './emission';

export const INVOICE_LABELS: Record<InvoiceStatus, string> = {
  processing: 'NF-e em processamento',
  authorized: 'NF-e autorizada',
  rejected: 'NF-e rejeitada',
  denied: 'NF-e denegada',
  canceled: 'NF-e cancelada',
  failed: 'NF-e não emitida',
};

export type MerchantInvoiceView = {
  connected: boolean;
  status: InvoiceStatus | null;
  label: string | null;
  accessKey: string | null;
  accessKeyGrouped: string | null;
  number: string | null;
  series: number | null;
  reason: string | null;
  /** "Emitir NF-e" is offered (paid, and none or the last one refused). */
  canEmit: boolean;
  /** "Cancelar NF-e" is offered (authorised, order refunded or canceled, within 24 h). */
  canCancel: boolean;
  /** Refunded or canceled, authorised, and the 24 h have passed: issue the return note in Bling. */
  returnNoteNeeded: boolean;
};

export function merchantInvoiceViewOf(row: OrderInvoiceRow | undefined, orderStatus: OrderStatus, connected: boolean, now: number): MerchantInvoiceView {
  const status = row?.invoiceStatus ?? null;
  const undone = orderStatus === 'refunded' || orderStatus === 'canceled';
  const inWindow = withinCancelWindow(row?.authorizedAt ?? null, now);
  return {
    connected,
    status,
    label: status ? INVOICE_LABELS[status] : null,
    accessKey: row?.accessKey ?? null,
    accessKeyGrouped: row?.accessKey ? groupAccessKey(row.accessKey) : null,
    number: row?.number ?? null,
    series: row?.series ?? null,
    reason: row?.rejectionReason ?? null,
    canEmit: connected && orderStatus === 'paid' && (!status || status === 'rejected' || status === 'denied' || status === 'failed'),
    canCancel: connected && status === 'authorized' && undone && inWindow,
    returnNoteNeeded: status === 'authorized' && undone && !inWindow,
  };
}

export async function merchantInvoiceView(orderId: string, orderStatus: OrderStatus): Promise<MerchantInvoiceView> {
  const [row, settings] = await Promise.all([latestInvoice(orderId), blingSettingsRow()]);
  return merchantInvoiceViewOf(row, orderStatus, isConnected(settings) && !!blingTarget(), (blingTarget()?.now ?? Date.now)());
}

/** The public API's object (and the webhook's, which is the API's order). */
export type PublicInvoice = { status: InvoiceStatus; access_key: string | null; danfe_url: string | null; xml_url: string | null };

export function publicInvoiceOf(row: OrderInvoiceRow | undefined, orderToken: string, appUrl: string): PublicInvoice | null {
  if (!row) return null;
  const files = row.invoiceStatus === 'authorized' || (row.invoiceStatus === 'canceled' && !!row.accessKey);
  return {
    status: row.invoiceStatus,
    access_key: row.accessKey,
    danfe_url: files ? `${appUrl}/orders/${orderToken}/nota-fiscal` : null,
    xml_url: files ? `${appUrl}/orders/${orderToken}/nota-fiscal?formato=xml` : null,
  };
}

/** The latest invoice of each order, for a list (the API's pages, the webhook worker). */
export async function latestInvoicesOf(orderIds: readonly string[]): Promise<Map<string, OrderInvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db().select().from(orderInvoices).where(inArray(orderInvoices.orderId, [...orderIds])).orderBy(desc(orderInvoices.attempt));
  const out = new Map<string, OrderInvoiceRow>();
  for (const r of rows) if (!out.has(r.orderId)) out.set(r.orderId, r);
  return out;
}

/** The buyer's "Nota fiscal": the DANFE's link when the note is authorised. */
export async function buyerInvoiceLink(orderId: string, orderToken: string): Promise<string | null> {
  const row = await latestInvoice(orderId);
  return row?.invoiceStatus === 'authorized' ? `/orders/${orderToken}/nota-fiscal` : null;
}


/** The file Bling keeps for an authorised note (DANFE or XML), fetched on the server. */
export async function invoiceFile(orderId: string, kind: 'danfe' | 'xml'): Promise<{ bytes: Uint8Array; fileName: string; contentType: string } | null> {
  const row = await latestInvoice(orderId);
  if (!row?.accessKey || !(row.invoiceStatus === 'authorized' || row.invoiceStatus === 'canceled')) return null;
  const link = kind === 'danfe' ? row.danfeLink : row.xmlLink;
  if (!link) return null;
  const file = await fetchDocument(link);
  if (!file) return null;
  const ok = kind === 'danfe' ? new TextDecoder().decode(file.bytes.subarray(0, 5)) === '%PDF-' : new TextDecoder().decode(file.bytes.subarray(0, 200)).includes('<');
  if (!ok) return null;
  return { bytes: file.bytes, fileName: `NFe${row.accessKey}.${kind === 'danfe' ? 'pdf' : 'xml'}`, contentType: kind === 'danfe' ? 'application/pdf' : 'application/xml' };
}

/** The buyer's copy, by the order's token: only an authorised note, only while the order keeps its token. */
export async function invoiceFileForBuyer(token: string, kind: 'danfe' | 'xml') {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.token, token));
  if (!order) return null;
  const row = await latestInvoice(order.id);
  if (row?.invoiceStatus !== 'authorized') return null;
  return invoiceFile(order.id, kind);
}
