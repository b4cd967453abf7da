/**
 * Issuing an order's NF-e through Bling, as a channel of the one outbox (lib/outbox;
 * order_invoices: one row per emission). `requestEmission` writes the row; `sendInvoice(row)`
 * does the work and answers sent / retry / failed; the helper claims, backs off and gives up.
 *
 * The sale goes to Bling as a sales order (`POST /pedidos/vendas`, numeroLoja = the row's
 * `reference`), and the NF-e is made from it (`POST /pedidos/vendas/{id}/gerar-nfe`). Exactly one
 * of each per emission: before creating the order the sender reads back Bling's orders for the
 * reference (Bling does not deduplicate numeroLoja), and before making the note it reads the
 * order's own note. A process that crashed between Bling's "created" and our write leaves an
 * order or a note that the next attempt finds and adopts.
 * Situations (docs/bling-contract.md): 6 and 7 authorised, 5 rejected, 10 denied, 3 canceled
 * are final; anything else is asked again POLL_MS later, on the shop's clock.
 */
import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { orderInvoices, orderItems, orders, productVariants, products, type OrderInvoiceRow } from '@/db/schema';
import { recordOrderEvent } from '@/lib/outbound-events/record';
import { afterAttempts, drainChannel, exponentialBackoff, type OutboxChannel } from '@/lib/outbox/outbox';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { BlingError, type BlingApi, type BlingNote, type SalesOrderInput } from './bling-client';
import { blingSettingsRow, blingTarget, connectedBling, type TokenDeps } from './connection';
import { fiscalOf } from '@balcao/br/nfe-fiscal';

export const POLL_MS = 10_000;
const MAX_ATTEMPTS = 30;
export const SITUATIONS = { pending: 1, issued: 2, canceled: 3, awaitingReceipt: 4, rejected: 5, authorized: 6, danfeIssued: 7, awaitingProtocol: 9, denied: 10 } as const;

export type SendResult = { outcome: 'sent' } | { outcome: 'retry'; reason: string; afterMs?: number } | { outcome: 'failed'; reason: string };
export type EmissionDeps = TokenDeps & {
  now?: () => number;
  /** The client to use (tests); else the shop's connection. */
  api?: BlingApi | null;
  /** Test hook: runs right after Bling answered a create (the sales order, the note), before anything is written here. */
  afterCreate?: (what: 'sales-order' | 'note', id: string) => void | Promise<void>;
};

const clock = (deps: EmissionDeps) => deps.now ?? blingTarget()?.now ?? Date.now;

export async function latestInvoice(orderId: string): Promise<OrderInvoiceRow | undefined> {
  const [row] = await db().select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId)).orderBy(desc(orderInvoices.attempt)).limit(1);
  return row;
}

/** Why no order can be issued right now (no connection, no nature of operation), or null. */
export async function emissionBlocker(): Promise<string | null> {
  const settings = await blingSettingsRow();
  if (!settings?.accessTokenSealed) return 'Conecte o Bling em Configurações → Nota fiscal.';
  if (!settings.natureId) return 'Escolha a natureza de operação em Configurações → Nota fiscal.';
  return null;
}

export type RequestOutcome = { ok: true; row: OrderInvoiceRow; created: boolean } | { ok: false; message: string };

/**
 * "Emitir NF-e": a new emission for a paid order that has none, or whose last one was refused
 * (rejected, denied, failed). A second click, tab or process finds the row already there.
 */
export async function requestEmission(orderId: string, deps: EmissionDeps = {}): Promise<RequestOutcome> {
  const [order] = await db().select({ status: orders.status, number: orders.number }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, message: 'Pedido não encontrado.' };
  if (order.status !== 'paid') return { ok: false, message: 'Só pedidos pagos recebem NF-e.' };
  const blocker = await emissionBlocker();
  if (blocker) return { ok: false, message: blocker };
  const last = await latestInvoice(orderId);
  if (last && !['rejected', 'denied', 'failed'].includes(last.invoiceStatus)) return { ok: true, row: last, created: false };
  const attempt = (last?.attempt ?? 0) + 1;
  const inserted = await db()
    .insert(orderInvoices)
    .values({
      orderId,
      attempt,
      dedupeKey: `nfe:${orderId}:${attempt}`,
      reference: `${order.number ?? orderId.slice(0, 8)}-${attempt}`,
      nextAttemptAt: new Date((deps.now ?? Date.now)()).toISOString(),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0] ?? (await latestInvoice(orderId))!;
  // A request that made the row sends it right after its response (lib/server/after-pass.ts).
  if (inserted.length === 1) noteOutboxRow('nfe', row.dedupeKey);
  return { ok: true, row, created: inserted.length === 1 };
}

const reais = (cents: number) => Math.round(cents) / 100;

/** The sales order Bling is asked to make, from the order as it was sold. */
async function salesOrderInputOf(row: OrderInvoiceRow, contactId: string, natureId: string, now: number): Promise<SalesOrderInput> {
  const [order] = await db().select().from(orders).where(eq(orders.id, row.orderId));
  const lines = await db()
    .select({ item: orderItems, product: products, variant: productVariants })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, row.orderId))
    .orderBy(asc(orderItems.id));
  const itens = lines.map(({ item, product, variant }) => {
    const f = product ? fiscalOf(product, variant) : { ncm: null, origin: null, gtin: null };
    return {
      codigo: item.sku ?? (product ? `P${product.id}${variant ? `-V${variant.id}` : ''}` : `L${item.id}`),
      descricao: item.name,
      unidade: 'UN',
      quantidade: item.quantity,
      valor: reais(item.unitPriceCents),
      tipo: 'P' as const,
      classificacaoFiscal: f.ncm ?? '',
      origem: f.origin ?? 0,
      gtin: f.gtin,
    };
  });
  const discount = order.couponDiscountCents + order.pixDiscountCents;
  return {
    numeroLoja: row.reference,
    data: new Date(now - 3 * 3600_000).toISOString().slice(0, 10), // the sale's day in Brasília
    contato: { id: contactId },
    naturezaOperacao: { id: natureId },
    itens,
    transporte: { frete: reais(order.shippingCents) },
    ...(discount > 0 ? { desconto: { valor: reais(discount), unidade: 'REAL' as const } } : {}),
  };
}

async function save(rowId: number, values: Partial<typeof orderInvoices.$inferInsert>): Promise<void> {
  await db().update(orderInvoices).set(values).where(eq(orderInvoices.id, rowId));
}

/** The merchant's words for SEFAZ's or Bling's refusal: what happened and what to fix. */
export async function explainRejection(orderId: string, reason: string): Promise<string> {
  const item = /nItem:\s*(\d+)/.exec(reason);
  if (/NCM/i.test(reason) && item) {
    const lines = await db().select({ name: orderItems.name }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const name = lines[Number(item[1]) - 1]?.name;
    if (name) return `O produto "${name}" está sem NCM válido. Preencha o NCM no produto e emita de novo.`;
  }
  return reason;
}

/** Applies a situation read from Bling; answers the outbox's result. */
async function applyNote(row: OrderInvoiceRow, note: BlingNote, now: number): Promise<SendResult> {
  const s = note.situacao;
  const base = { situation: s, number: note.numero, series: note.serie, lastError: null };
  if (s === SITUATIONS.authorized || s === SITUATIONS.danfeIssued) {
    const at = new Date(now).toISOString();
    await database().transaction(function* (tx) {
      const moved = yield* run(
        tx
          .update(orderInvoices)
          .set({ ...base, invoiceStatus: 'authorized', accessKey: note.chaveAcesso, danfeLink: note.linkDanfe, xmlLink: note.xml, authorizedAt: at })
          .where(and(eq(orderInvoices.id, row.id), eq(orderInvoices.invoiceStatus, 'processing'))),
      );
      if (moved === 1) yield* recordOrderEvent(tx, row.orderId, 'order.invoiced', at);
    });
    return { outcome: 'sent' };
  }
  if (s === SITUATIONS.rejected || s === SITUATIONS.denied) {
    const reason = note.motivoRejeicao ?? row.rejectionReason ?? (s === SITUATIONS.denied ? 'Uso denegado pela SEFAZ.' : 'Rejeitada pela SEFAZ (veja o motivo no Bling).');
    await save(row.id, { ...base, invoiceStatus: s === SITUATIONS.denied ? 'denied' : 'rejected', rejectionReason: reason });
    return { outcome: 'sent' };
  }
  if (s === SITUATIONS.canceled) {
    await save(row.id, { ...base, invoiceStatus: 'canceled', canceledAt: row.canceledAt ?? new Date(now).toISOString() });
    return { outcome: 'sent' };
  }
  await save(row.id, base);
  return { outcome: 'retry', reason: 'NF-e em processamento na SEFAZ', afterMs: POLL_MS };
}

/** One emission's step: adopt or create the note, send it to SEFAZ, read where it stands. */
export async function sendInvoice(row: OrderInvoiceRow, deps: EmissionDeps = {}): Promise<SendResult> {
  const now = clock(deps);
  const api = deps.api === undefined ? await connectedBling(deps) : deps.api;
  if (!api) return { outcome: 'failed', reason: 'O Bling foi desconectado.' };
  const settings = await blingSettingsRow();
  try {
    let noteId = row.blingNoteId;
    if (!noteId) {
      let salesOrderId = row.blingSalesOrderId;
      if (!salesOrderId) {
        // The read-back: an order made for this reference by an attempt that never wrote it here.
        salesOrderId = (await api.salesOrdersFor(row.reference))[0] ?? null;
        if (!salesOrderId) {
          const [order] = await db().select({ document: orders.buyerDocument, name: orders.buyerName, email: orders.buyerEmail }).from(orders).where(eq(orders.id, row.orderId));
          const contactId = row.blingContactId ?? (await api.findContact(order.document)) ?? (await api.createContact({ nome: order.name, numeroDocumento: order.document, email: order.email }));
          if (contactId !== row.blingContactId) await save(row.id, { blingContactId: contactId });
          salesOrderId = await api.createSalesOrder(await salesOrderInputOf(row, contactId, settings?.natureId ?? '', now()));
          await deps.afterCreate?.('sales-order', salesOrderId);
        }
        await save(row.id, { blingSalesOrderId: salesOrderId });
      }
      // The order's own note, made by an attempt that never wrote it here; else made now.
      noteId = (await api.salesOrder(salesOrderId)).noteId;
      if (!noteId) {
        noteId = await api.noteFromSalesOrder(salesOrderId);
        await deps.afterCreate?.('note', noteId);
      }
      await save(row.id, { blingNoteId: noteId });
    }
    let note = await api.note(noteId);
    if (note.situacao === SITUATIONS.pending) {
      try {
        await api.sendNote(noteId);
      } catch (e) {
        if (!(e instanceof BlingError) || e.kind !== 'invalid') throw e;
        // Refused on sending: the reason is Bling's or SEFAZ's answer, kept for the merchant.
        await save(row.id, { rejectionReason: await explainRejection(row.orderId, e.message) });
        row = { ...row, rejectionReason: await explainRejection(row.orderId, e.message) };
      }
      note = await api.note(noteId);
      if (note.situacao === SITUATIONS.pending && row.rejectionReason) note = { ...note, situacao: SITUATIONS.rejected };
    }
    if (note.motivoRejeicao) note = { ...note, motivoRejeicao: await explainRejection(row.orderId, note.motivoRejeicao) };
    return await applyNote(row, note, now());
  } catch (e) {
    if (e instanceof BlingError && !e.retryable && e.kind !== 'not_found') return { outcome: 'failed', reason: e.message };
    return { outcome: 'retry', reason: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The NF-e channel of the one outbox (lib/outbox): the helper claims a row (lease 60 s), calls
 * `send`, backs off and gives up. A note in processing is asked again 10 s later without
 * counting as a failed attempt (the claim's count is given back in `settle`).
 */
export function invoiceChannel(deps: EmissionDeps = {}): OutboxChannel<OrderInvoiceRow, 'polling'> {
  return {
    name: 'nfe',
    table: orderInvoices,
    keyed: (keys) => inArray(orderInvoices.dedupeKey, [...keys]),
    leaseMs: 60_000,
    retryDelayMs: exponentialBackoff(POLL_MS, 2, 3600_000),
    givesUp: afterAttempts(MAX_ATTEMPTS),
    async send(row) {
      const r = await sendInvoice(row, deps);
      if (r.outcome === 'sent') return { ok: true };
      if (r.outcome === 'failed') return { ok: false, permanent: true, reason: r.reason };
      return { ok: false, permanent: false, reason: r.reason, detail: r.afterMs === undefined ? undefined : 'polling' };
    },
    settle: ({ row, outcome, reason, detail }) => ({
      set: {
        lastError: reason,
        ...(detail === 'polling' ? { attempts: row.attempts - 1 } : {}),
        ...(outcome === 'failed' ? { invoiceStatus: 'failed', rejectionReason: row.rejectionReason ?? reason } : {}),
      },
    }),
  };
}

/** One drain of the due emissions (tests, and a click that wants to see it move at once). */
export async function sendDueInvoices(deps: EmissionDeps = {}): Promise<number> {
  const done = await drainChannel(invoiceChannel(deps), { now: deps.now, maxRows: 20 });
  return done.sent + done.retry + done.failed + done.skipped;
}
