/**
 * A paid order's digital products, as the buyer uses them and the merchant manages them:
 *
 * - `previewDigitalAccess`: what the link's page shows (GET /d/<token>); spends nothing, so a
 *   mail scanner opening the e-mail's link costs the buyer no use.
 * - `openDigitalAccess`: one use of a signed link, the page's "Baixar" button (a POST). In one
 *   transaction: the link checked against its line's access (generation, expiry, uses,
 *   revocation, the order still paid), the use counted with a compare-and-set (so 5 uses are 5
 *   across every process), logged on the order's timeline, and — for an order with nothing to
 *   ship — the fulfilment move to "Entregue" (`digital`, apply-move.ts), entered exactly once.
 *   An order mixing shipped and digital items keeps its shipping steps. Answers the download
 *   session the use opened.
 * - `resumeDigitalSession`: a request inside that session (the file whole or in ranges: a
 *   player seeking, a download resumed), counted as nothing.
 * - `renewDigitalAccess` ("Reenviar acesso"): a new generation valid 7 days and 5 uses (older
 *   links stop working), and the paid e-mail again through the outbox, keyed on the generation.
 * - `revokeDigitalAccess`: every line's access ends now, until a renewal.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { currentPaymentOf, digitalAccess, digitalFiles, orderItems, orders, paymentEvents, payments, productDigital, type DigitalKind } from '@/db/schema';
import { env } from '@/lib/config/env';
import { accessStateOf, checkAccess, digitalLinesStep, fileLabelOf, ACCESS_REFUSALS, type AccessState, type AccessVerdict, ACCESS_MAX_USES, ACCESS_VALID_MS, readAccessToken, readSessionToken, sessionExpiry, sessionSignatureValid, signatureValid, signSessionToken } from '@/lib/digital';
import { kickOutbox, enqueueEmail } from '@/lib/email';
import { moveStep } from './apply-move';

export type DigitalUse =
  | { ok: true; orderId: string; kind: DigitalKind; fileId: number | null; url: string | null; text: string | null; use: number; session: string }
  | { ok: false; status: 403 | 404 | 410; error: string };

class Raced extends Error {}

/** The buyer's actor name on the timeline. */
const BUYER = 'comprador';

function* eventStep(tx: Tx, orderId: string, type: 'digital_accessed' | 'digital_access_renewed' | 'digital_access_revoked', detail: Record<string, unknown>, source: 'buyer' | 'merchant', now: string) {
  const payment = yield* get(tx.select({ id: payments.id }).from(payments).where(currentPaymentOf(orderId)));
  if (!payment) return;
  yield* run(tx.insert(paymentEvents).values({ paymentId: payment.id, orderId, type, source, detail: JSON.stringify(detail), createdAt: now }));
}

type Refusal = Extract<DigitalUse, { ok: false }>;
const INVALID: Refusal = { ok: false, status: 404, error: ACCESS_REFUSALS.invalid };

/** A signed link's order line, its product and its access as they stand, or why there is none. Reads only. */
function* lineStep(tx: Tx, token: string, now: Date) {
  const parts = readAccessToken(token);
  if (!parts) return INVALID;
  const line = yield* get(
    tx
      .select({
        itemId: orderItems.id,
        name: orderItems.name,
        orderId: orders.id,
        status: orders.status,
        paidAt: orders.paidAt,
        shippingMethod: orders.shippingMethod,
        fulfillmentStatus: orders.fulfillmentStatus,
        kind: productDigital.kind,
        fileId: productDigital.fileId,
        url: productDigital.url,
        text: productDigital.text,
        mime: digitalFiles.mime,
        size: digitalFiles.size,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(productDigital, eq(productDigital.productId, orderItems.productId))
      .leftJoin(digitalFiles, and(eq(digitalFiles.id, productDigital.fileId), eq(digitalFiles.complete, true)))
      .where(eq(orderItems.id, parts.itemId)),
  );
  // Signed for another order's line, or not by this app: as if it did not exist.
  if (!line || !signatureValid(env().authSecret, line.orderId, parts)) return INVALID;
  if (!line.kind) return { ok: false, status: 410, error: 'A loja não oferece mais este produto digital.' } as Refusal;
  const row = yield* get(
    tx
      .select({ generation: digitalAccess.generation, expiresAt: digitalAccess.expiresAt, uses: digitalAccess.uses, revokedAt: digitalAccess.revokedAt })
      .from(digitalAccess)
      .where(eq(digitalAccess.orderItemId, line.itemId)),
  );
  const state = accessStateOf(row, line.paidAt ?? now.toISOString());
  return { parts, line: { ...line, kind: line.kind }, row, state };
}

const refusalOf = (reason: Exclude<AccessVerdict, { ok: true }>['reason']): Refusal => ({ ok: false, status: reason === 'unpaid' ? 403 : 410, error: ACCESS_REFUSALS[reason] });

/** Whether this link may be used now: the link's own expiry, then its line's state. */
function verdictOf(read: { parts: { expSeconds: number; generation: number }; line: { status: string }; state: AccessState }, now: Date): Refusal | null {
  if (read.parts.expSeconds * 1000 <= now.getTime()) return refusalOf('expired');
  const verdict = checkAccess(read.state, read.parts.generation, read.line.status, now);
  return verdict.ok ? null : refusalOf(verdict.reason);
}

function* openStep(tx: Tx, token: string, now: Date): Generator<Step, DigitalUse, unknown> {
  const read = yield* lineStep(tx, token, now);
  if ('ok' in read) return read;
  const refused = verdictOf(read, now);
  if (refused) return refused;
  const { line, row, state } = read;

  const at = now.toISOString();
  // Counted with a compare-and-set on what was read: two processes using the 5th use at once make one.
  const counted = row
    ? yield* run(
        tx
          .update(digitalAccess)
          .set({ uses: state.uses + 1, updatedAt: at })
          .where(sql`${digitalAccess.orderItemId} = ${line.itemId} and ${digitalAccess.uses} = ${state.uses} and ${digitalAccess.generation} = ${state.generation} and ${digitalAccess.revokedAt} is null`),
      )
    : yield* run(tx.insert(digitalAccess).values({ orderItemId: line.itemId, orderId: line.orderId, generation: 0, expiresAt: state.expiresAt, uses: 1, updatedAt: at }).onConflictDoNothing());
  if (counted === 0) throw new Raced();
  const use = state.uses + 1;
  yield* eventStep(tx, line.orderId, 'digital_accessed', { item: line.name, kind: line.kind, use, of: ACCESS_MAX_USES }, 'buyer', at);
  if (line.shippingMethod === null && line.fulfillmentStatus === 'unfulfilled') {
    // The order's one fulfilment step: delivered the first time its product reached the buyer.
    yield* moveStep(tx, line.orderId, { move: 'digital' }, BUYER, at);
  }
  const session = signSessionToken(env().authSecret, { orderId: line.orderId, itemId: line.itemId, generation: state.generation, use, expiresAt: sessionExpiry(now, state.expiresAt) });
  return { ok: true, orderId: line.orderId, kind: line.kind, fileId: line.fileId, url: line.url, text: line.text, use, session };
}

/**
 * One use of a signed link: the "Baixar" / "Acessar" button (POST /d/<token>/baixar). Counted,
 * logged, and answered with the download session that serves it (lib/digital/signed-link.ts).
 */
export async function openDigitalAccess(token: string, now = new Date()): Promise<DigitalUse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await database().transaction((tx) => openStep(tx, token, now));
    } catch (error) {
      // Another process counted a use between the read and the write: read again.
      if (error instanceof Raced && attempt < 3) continue;
      throw error;
    }
  }
}

export type SessionUse =
  | { ok: true; kind: DigitalKind; name: string; fileId: number | null; url: string | null; text: string | null }
  | { ok: false; status: 403 | 404 | 410; error: string };

export const SESSION_REFUSALS = {
  invalid: 'Este endereço de download não é válido. Abra o link do produto e toque em "Baixar".',
  ended: 'Esta sessão de download terminou (dura 6 horas). Abra o link do produto e toque em "Baixar" de novo.',
} as const;

/**
 * A request inside a download session (GET /d/<token>/baixar?sessao=…): the whole file or a
 * range, any number of times while the session lasts, without spending a use. Still refused
 * at once when the order is refunded, the access revoked or renewed (a new generation).
 */
export async function resumeDigitalSession(token: string, session: string, now = new Date()): Promise<SessionUse> {
  const read = await database().transaction((tx) => lineStep(tx, token, now));
  if ('ok' in read) return read;
  const s = readSessionToken(session);
  const { line, parts, state } = read;
  if (!s || !sessionSignatureValid(env().authSecret, { orderId: line.orderId, itemId: line.itemId, generation: parts.generation }, s)) return { ok: false, status: 404, error: SESSION_REFUSALS.invalid };
  if (line.status === 'refunded') return refusalOf('refunded');
  if (line.status !== 'paid') return refusalOf('unpaid');
  if (state.revokedAt) return refusalOf('revoked');
  if (parts.generation !== state.generation) return refusalOf('stale');
  // A session of a use never counted (e.g. signed before a renewal reset the uses): not one of this link's.
  if (s.use > state.uses) return { ok: false, status: 404, error: SESSION_REFUSALS.invalid };
  if (s.expSeconds * 1000 <= now.getTime()) return { ok: false, status: 410, error: SESSION_REFUSALS.ended };
  return { ok: true, kind: line.kind, name: line.name, fileId: line.fileId, url: line.url, text: line.text };
}

export type LinkPreview =
  | { ok: true; name: string; kind: DigitalKind; fileLabel: string | null; fileSize: number | null; usesLeft: number; expiresAt: string }
  | { ok: false; status: 403 | 404 | 410; error: string };

/** What the link's page shows before the button (GET /d/<token>): read only, nothing spent. */
export async function previewDigitalAccess(token: string, now = new Date()): Promise<LinkPreview> {
  const read = await database().transaction((tx) => lineStep(tx, token, now));
  if ('ok' in read) return read;
  const refused = verdictOf(read, now);
  if (refused) return refused;
  const { line, state } = read;
  return {
    ok: true,
    name: line.name,
    kind: line.kind,
    fileLabel: line.mime ? fileLabelOf(line.mime) : null,
    fileSize: line.kind === 'file' ? (line.size ?? null) : null,
    usesLeft: ACCESS_MAX_USES - state.uses,
    expiresAt: state.expiresAt,
  };
}

export type AccessChange = { ok: true; message: string } | { ok: false; error: string };

const NOTHING_DIGITAL = 'Este pedido não tem produto digital.';

/** "Reenviar acesso": a new link for every digital line (7 days, 5 uses) and the paid e-mail again. */
export async function renewDigitalAccess(orderId: string, actor: string, now = new Date()): Promise<AccessChange> {
  const result = await database().transaction(function* (tx) {
    const order = yield* get(tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)));
    if (!order) return { ok: false, error: 'Pedido não encontrado.' } as AccessChange;
    if (order.status !== 'paid') return { ok: false, error: 'Só um pedido pago tem acesso ao produto digital.' } as AccessChange;
    const lines = yield* digitalLinesStep(tx, [orderId]);
    if (lines.length === 0) return { ok: false, error: NOTHING_DIGITAL } as AccessChange;
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + ACCESS_VALID_MS).toISOString();
    let generation = 0;
    for (const l of lines) {
      generation = Math.max(generation, l.access.generation + 1);
      yield* writeAccess(tx, l.itemId, orderId, { generation: l.access.generation + 1, expiresAt, uses: 0, revokedAt: null }, at);
    }
    yield* eventStep(tx, orderId, 'digital_access_renewed', { actor, expiresAt }, 'merchant', at);
    // The paid e-mail again, with the new links: keyed on the generation, so a double click sends one.
    yield* enqueueEmail(tx, { key: `email:${orderId}:paid:access:${generation}`, orderId, kind: 'paid', force: true });
    return { ok: true, message: 'Acesso reenviado: o comprador recebe um link novo, válido por 7 dias.' } as AccessChange;
  });
  if (result.ok) kickOutbox();
  return result;
}

/** Revokes every digital line's access now (a renewal gives it back). */
export async function revokeDigitalAccess(orderId: string, actor: string, now = new Date()): Promise<AccessChange> {
  return database().transaction(function* (tx) {
    const lines = yield* digitalLinesStep(tx, [orderId]);
    if (lines.length === 0) return { ok: false, error: NOTHING_DIGITAL } as AccessChange;
    if (lines.every((l) => l.access.revokedAt)) return { ok: false, error: 'O acesso já está revogado.' } as AccessChange;
    const at = now.toISOString();
    for (const l of lines) yield* writeAccess(tx, l.itemId, orderId, { ...l.access, revokedAt: at }, at);
    yield* eventStep(tx, orderId, 'digital_access_revoked', { actor }, 'merchant', at);
    return { ok: true, message: 'Acesso revogado: os links do comprador não funcionam mais.' } as AccessChange;
  });
}

function* writeAccess(tx: Tx, orderItemId: number, orderId: string, s: AccessState, at: string) {
  const values = { generation: s.generation, expiresAt: s.expiresAt, uses: s.uses, revokedAt: s.revokedAt, updatedAt: at };
  yield* run(tx.insert(digitalAccess).values({ orderItemId, orderId, ...values }).onConflictDoUpdate({ target: digitalAccess.orderItemId, set: values }));
}
