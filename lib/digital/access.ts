/**
 * A paid order's digital lines and the state of each one's access (digital_access): the
 * current generation of its signed link, when it stops working, its uses, its revocation.
 * A line without a row has generation 0 and is valid 7 days from the payment: nothing is
 * written when an order is paid, so the payment's transaction is not touched.
 */
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { database } from '@/db';
import { all, type Step } from '@/db/driver';
import type { Tx } from '@/db';
import { digitalAccess, digitalFiles, orderItems, orders, productDigital, type DigitalKind } from '@/db/schema';
import { env } from '@/lib/config/env';
import { ACCESS_MAX_USES, ACCESS_VALID_MS, accessPath, signAccessToken, startPath } from './signed-link';

export type AccessState = { generation: number; expiresAt: string; uses: number; revokedAt: string | null };

/** A line's access as it stands (the default before any row was written). */
export function accessStateOf(row: AccessState | undefined, paidAt: string): AccessState {
  return row ?? { generation: 0, expiresAt: new Date(Date.parse(paidAt) + ACCESS_VALID_MS).toISOString(), uses: 0, revokedAt: null };
}

export type AccessVerdict = { ok: true } | { ok: false; reason: 'revoked' | 'expired' | 'exhausted' | 'stale' | 'unpaid' | 'refunded' };

/** Whether a link of this generation may be used now. Pure. */
export function checkAccess(state: AccessState, generation: number, orderStatus: string, now: Date): AccessVerdict {
  // A refund (a full one: a partial refund leaves the order paid) ends the access at once.
  if (orderStatus === 'refunded') return { ok: false, reason: 'refunded' };
  if (orderStatus !== 'paid') return { ok: false, reason: 'unpaid' };
  if (state.revokedAt) return { ok: false, reason: 'revoked' };
  if (generation !== state.generation) return { ok: false, reason: 'stale' };
  if (Date.parse(state.expiresAt) <= now.getTime()) return { ok: false, reason: 'expired' };
  if (state.uses >= ACCESS_MAX_USES) return { ok: false, reason: 'exhausted' };
  return { ok: true };
}

/** What the buyer reads when a link no longer works. */
export const ACCESS_REFUSALS: Record<Exclude<AccessVerdict, { ok: true }>['reason'] | 'invalid', string> = {
  invalid: 'Este link de acesso não é válido.',
  unpaid: 'O acesso é liberado quando o pagamento do pedido é confirmado.',
  revoked: 'O acesso a este produto foi encerrado pela loja.',
  refunded: 'O pedido foi reembolsado: o acesso ao produto foi encerrado.',
  stale: 'Este link foi substituído por um mais novo. Use o link do e-mail mais recente ou da página do pedido.',
  expired: 'Este link expirou (vale 7 dias). Peça à loja para reenviar o acesso.',
  exhausted: `Este link já foi usado ${ACCESS_MAX_USES} vezes, o limite. Peça à loja para reenviar o acesso.`,
};

export type DigitalLine = {
  itemId: number;
  orderId: string;
  name: string;
  kind: DigitalKind;
  /** The file's type label ("PDF") and size, for a file. */
  fileLabel: string | null;
  fileSize: number | null;
  access: AccessState;
};

/** The digital lines of some orders (in a transaction), each with its access as it stands. */
export function* digitalLinesStep(tx: Tx, orderIds: string[]): Generator<Step, DigitalLine[], unknown> {
  if (orderIds.length === 0) return [];
  const rows = yield* all(
    tx
      .select({
        itemId: orderItems.id,
        orderId: orderItems.orderId,
        name: orderItems.name,
        kind: productDigital.kind,
        mime: digitalFiles.mime,
        size: digitalFiles.size,
        paidAt: orders.paidAt,
        generation: digitalAccess.generation,
        expiresAt: digitalAccess.expiresAt,
        uses: digitalAccess.uses,
        revokedAt: digitalAccess.revokedAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(productDigital, eq(productDigital.productId, orderItems.productId))
      .leftJoin(digitalFiles, and(eq(digitalFiles.id, productDigital.fileId), eq(digitalFiles.complete, true)))
      .leftJoin(digitalAccess, eq(digitalAccess.orderItemId, orderItems.id))
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id)),
  );
  return rows.map((r) => ({
    itemId: r.itemId,
    orderId: r.orderId,
    name: r.name,
    kind: r.kind,
    fileLabel: r.mime ? fileLabelOf(r.mime) : null,
    fileSize: r.size ?? null,
    access: accessStateOf(r.generation === null ? undefined : { generation: r.generation, expiresAt: r.expiresAt!, uses: r.uses!, revokedAt: r.revokedAt }, r.paidAt ?? new Date(0).toISOString()),
  }));
}

const FILE_LABELS: Record<string, string> = { 'application/pdf': 'PDF', 'application/zip': 'ZIP', 'application/epub+zip': 'EPUB', 'video/mp4': 'MP4' };

/** A file's type as the buyer reads it ("PDF"). */
export function fileLabelOf(mime: string): string {
  return FILE_LABELS[mime] ?? 'Arquivo';
}

export async function digitalLinesOf(orderId: string): Promise<DigitalLine[]> {
  return database().transaction((tx) => digitalLinesStep(tx, [orderId]));
}

/**
 * `href` opens the link's page (the e-mail's link: a GET that spends nothing); `startHref` is
 * where its "Baixar" / "Acessar" button posts (the use).
 */
export type DigitalOffer = { itemId: number; name: string; kind: DigitalKind; action: 'Baixar' | 'Acessar'; href: string; startHref: string; fileLabel: string | null; verdict: AccessVerdict };

/** The button's word for each kind: a file is downloaded, a link or a text is opened. */
export const ACTION_WORD: Record<DigitalKind, 'Baixar' | 'Acessar'> = { file: 'Baixar', link: 'Acessar', text: 'Acessar' };

/**
 * What the buyer is offered for a PAID order (its page, its e-mail): each line's signed link,
 * absolute when `absolute`. Nothing at all before the order is paid.
 */
export async function digitalOffersOf(order: { id: string; status: string }, opts: { absolute?: boolean; now?: Date } = {}): Promise<DigitalOffer[]> {
  if (order.status !== 'paid') return [];
  const lines = await digitalLinesOf(order.id);
  const { authSecret, appUrl } = env();
  const now = opts.now ?? new Date();
  return lines.map((l) => {
    const token = signAccessToken(authSecret, { orderId: order.id, itemId: l.itemId, generation: l.access.generation, expiresAt: l.access.expiresAt });
    const path = accessPath(token);
    return {
      itemId: l.itemId,
      name: l.name,
      kind: l.kind,
      action: ACTION_WORD[l.kind],
      href: opts.absolute ? `${appUrl}${path}` : path,
      startHref: startPath(token),
      fileLabel: l.fileLabel,
      verdict: checkAccess(l.access, l.access.generation, order.status, now),
    };
  });
}
