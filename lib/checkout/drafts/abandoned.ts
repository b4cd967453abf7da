/**
 * Dashboard → "Carrinhos abandonados": the saved checkouts, newest first, with the contact
 * (masked for a role without `buyers:read`, so always for the demonstration account), the value,
 * the step reached, the reminders sent, the status ("Aberto", "Recuperado", "Expirado") and the
 * checkout it was left on ("Carrinho", "Link de pagamento" with its title, "Site externo": an API checkout session from the merchant's own site);
 * a wa.me link with the restore link when a phone was typed; the overview's "Recuperados em 30
 * dias" (paid orders from drafts converted after a reminder, each order once); the CSV.
 */
import 'server-only';
import { and, desc, eq, gte, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { checkoutDrafts, emailOutbox, orders, paymentLinks, type CheckoutDraftRow } from '@/db/schema';
import { maskEmail } from '@balcao/br/personal-data';
import { maskMobile, formatMobile, whatsAppUrl } from '@balcao/br/phone';
import { formatDateTimeBR } from '@balcao/br/dates';
import { formatDecimalComma } from '@balcao/br/money';
import { env } from '@/lib/config/env';
import { draftLinkToken, restorePath } from '@/lib/email';
import { isExpired } from '@/lib/checkout/drafts/reminders';
import { parseLines, STEP_LABELS, type DraftLine, type DraftStep } from '@/lib/checkout/drafts/drafts';
import { csvRow } from '@/lib/csv/write';

export type AbandonedStatus = 'open' | 'recovered' | 'expired';
export const ABANDONED_STATUS_LABELS: Record<AbandonedStatus, string> = { open: 'Aberto', recovered: 'Recuperado', expired: 'Expirado' };

/** The checkout a draft was left on: the cart's, a payment link's (/pagar/<code>) or an API session's hosted one (/c/<id>). */
export type AbandonedSource = 'cart' | 'link' | 'session';
/** "Canal" in the list and its CSV. */
export const ABANDONED_SOURCE_LABELS: Record<AbandonedSource, string> = { cart: 'Carrinho', link: 'Link de pagamento', session: 'Site externo' };

export type AbandonedRow = {
  id: string;
  status: AbandonedStatus;
  source: AbandonedSource;
  /** A payment link's title (null for the cart, a session, or a link deleted since). */
  linkTitle: string | null;
  email: string | null;
  phone: string | null;
  totalCents: number;
  step: string;
  remindersSent: number;
  orderId: string | null;
  updatedAt: string;
  items: DraftLine[];
  whatsApp: string | null;
  /** The link that brings the shopper back to this checkout (for "Copiar link de recuperação"): open carts, roles that read buyers' data only. */
  restoreUrl: string | null;
};

export function statusOf(d: Pick<CheckoutDraftRow, 'status' | 'updatedAt' | 'lastReminderAt'>, now: number): AbandonedStatus {
  if (d.status === 'converted') return 'recovered';
  return isExpired(d, now) ? 'expired' : 'open';
}

/** Reminder e-mails written and not skipped, per draft. */
async function remindersSentOf(ids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const rows = await db()
    .select({ key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'cart_reminder'), or(...ids.map((id) => like(emailOutbox.dedupeKey, `draft:${id}:%`))), sql`${emailOutbox.status} <> 'skipped'`));
  for (const r of rows) {
    const id = r.key.split(':')[1];
    out.set(id, (out.get(id) ?? 0) + 1);
  }
  return out;
}

const sourceOf = (s: string): AbandonedSource => (s === 'link' || s === 'session' ? s : 'cart');

/** The titles of the payment links these drafts were left on, by code. */
async function linkTitlesByCode(codes: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const rows = await db().select({ code: paymentLinks.code, title: paymentLinks.title }).from(paymentLinks).where(inArray(paymentLinks.code, wanted));
  return new Map(rows.map((r) => [r.code, r.title]));
}

/** The WhatsApp message, in the words of the path the shopper left (no "carrinho" for a payment link). */
export function whatsAppMessage(source: AbandonedSource, linkTitle: string | null, shopName: string | undefined, restoreUrl: string): string {
  const at = shopName ? ` na ${shopName}` : '';
  if (source === 'link') return `Olá! Seu pagamento${linkTitle ? ` de “${linkTitle}”` : ''}${at} ficou salvo. Para finalizar: ${restoreUrl}`;
  if (source === 'session') return `Olá! Sua compra${at} ficou salva. Para finalizar: ${restoreUrl}`;
  return `Olá! Seu carrinho${at} ficou salvo. Para finalizar a compra: ${restoreUrl}`;
}

/**
 * One page of drafts, newest change first; `cursor` is the last row's "<updatedAt>|<id>".
 * `reveal`: the role may read buyers' data (otherwise contacts are masked and no wa.me link is made).
 */
export async function abandonedCheckouts(o: { limit?: number; cursor?: string | null; reveal: boolean; now: number; shopName?: string }): Promise<{ rows: AbandonedRow[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(o.limit ?? 50, 1), 100);
  const [cAt, cId] = (o.cursor ?? '').split('|');
  const after = cAt && cId ? or(lt(checkoutDrafts.updatedAt, cAt), and(eq(checkoutDrafts.updatedAt, cAt), lt(checkoutDrafts.id, cId))) : undefined;
  const list = await db().select().from(checkoutDrafts).where(after).orderBy(desc(checkoutDrafts.updatedAt), desc(checkoutDrafts.id)).limit(limit + 1);
  const page = list.slice(0, limit);
  const sent = await remindersSentOf(page.map((d) => d.id));
  const titles = await linkTitlesByCode(page.filter((d) => d.source === 'link' && d.sourceRef).map((d) => d.sourceRef!));
  const { appUrl, authSecret } = env();
  const rows = page.map((d): AbandonedRow => {
    const status = statusOf(d, o.now);
    const restore = `${appUrl}${restorePath(draftLinkToken('restore', { id: d.id, nonce: d.restoreNonce, step: 0 }, authSecret))}`;
    const canMessage = o.reveal && d.phone && status === 'open';
    const source = sourceOf(d.source);
    const linkTitle = source === 'link' && d.sourceRef ? (titles.get(d.sourceRef) ?? null) : null;
    return {
      id: d.id,
      status,
      source,
      linkTitle,
      email: d.email ? (o.reveal ? d.email : maskEmail(d.email)) : null,
      phone: d.phone ? (o.reveal ? formatMobile(d.phone) : maskMobile(d.phone)) : null,
      totalCents: d.totalCents,
      step: STEP_LABELS[d.step as DraftStep] ?? d.step,
      remindersSent: sent.get(d.id) ?? 0,
      orderId: d.orderId,
      updatedAt: d.updatedAt,
      items: parseLines(d.lines),
      restoreUrl: o.reveal && status === 'open' ? restore : null,
      whatsApp: canMessage ? whatsAppUrl(d.phone!, whatsAppMessage(source, linkTitle, o.shopName, restore)) : null,
    };
  });
  const last = page[page.length - 1];
  return { rows, nextCursor: list.length > limit && last ? `${last.updatedAt}|${last.id}` : null };
}

/** "Recuperados em 30 dias": paid orders from drafts converted after at least one reminder, each order once. */
export async function recoveredIn30Days(now: number): Promise<{ orders: number; revenueCents: number }> {
  const since = new Date(now - 30 * 86_400_000).toISOString();
  const ids = await db()
    .selectDistinct({ orderId: checkoutDrafts.orderId })
    .from(checkoutDrafts)
    .where(and(eq(checkoutDrafts.status, 'converted'), isNotNull(checkoutDrafts.orderId), gte(checkoutDrafts.convertedAt, since), sql`${checkoutDrafts.remindersAtConversion} > 0`));
  const orderIds = ids.map((r) => r.orderId!).filter(Boolean);
  if (orderIds.length === 0) return { orders: 0, revenueCents: 0 };
  const paid = await db()
    .select({ total: orders.totalCents })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'paid')));
  return { orders: paid.length, revenueCents: paid.reduce((s, r) => s + r.total, 0) };
}

export const ABANDONED_CSV_HEADER = ['Atualizado em', 'Status', 'E-mail', 'Celular', 'Valor (R$)', 'Etapa', 'Lembretes enviados', 'Itens', 'Canal'];

/** "Link de pagamento “Aula de cerâmica”"; the label alone for the cart and a session. */
export function sourceText(r: Pick<AbandonedRow, 'source' | 'linkTitle'>): string {
  return r.linkTitle ? `${ABANDONED_SOURCE_LABELS[r.source]} “${r.linkTitle}”` : ABANDONED_SOURCE_LABELS[r.source];
}

export function abandonedCsvRow(r: AbandonedRow): string {
  return csvRow([
    formatDateTimeBR(r.updatedAt),
    ABANDONED_STATUS_LABELS[r.status],
    r.email,
    r.phone,
    formatDecimalComma(r.totalCents),
    r.step,
    r.remindersSent,
    r.items.map((i) => `${i.quantity} × ${i.name}`).join(', '),
    sourceText(r),
  ]);
}
