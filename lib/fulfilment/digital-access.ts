/**
 * A paid order's digital products, as the buyer uses them and the merchant manages them:
 *
 * - `openDigitalAccess`: one use of a signed link (lib/digital/signed-link.ts). In one
 *   transaction: the link checked against its line's access (generation, expiry, uses,
 *   revocation, the order still paid), the use counted with a compare-and-set (so 5 uses are 5
 *   across every process), logged on the order's timeline, and — for an order with nothing to
 *   ship — the fulfilment move to "Entregue" (`digital`, apply-move.ts), entered exactly once.
 *   An order mixing shipped and digital items keeps its shipping steps.
 * - `renewDigitalAccess` ("Reenviar acesso"): a new generation valid 7 days and 5 uses (older
 *   links stop working), and the paid e-mail again through the outbox, keyed on the generation.
 * - `revokeDigitalAccess`: every line's access ends now, until a renewal.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { currentPaymentOf, digitalAccess, orderItems, orders, paymentEvents, payments, productDigital, type DigitalKind } from '@/db/schema';
import { env } from '@/lib/config/env';
import { accessStateOf, checkAccess, digitalLinesStep, ACCESS_REFUSALS, type AccessState } from '@/lib/digital/access';
import { ACCESS_MAX_USES, ACCESS_VALID_MS, readAccessToken, signatureValid } from '@/lib/digital/signed-link';
import { kickOutbox } from '@/lib/email/kick';
import { enqueueEmail } from '@/lib/email/outbox';
import { moveStep } from './apply-move';

export type DigitalUse =
  | { ok: true; orderId: string; kind: DigitalKind; fileId: number | null; url: string | null; text: string | null; use: number }
  | { ok: false; status: 403 | 404 | 410; error: string };

class Raced extends Error {}

/** The buyer's actor name on the timeline. */
const BUYER = 'comprador';

function* eventStep(tx: Tx, orderId: string, type: 'digital_accessed' | 'digital_access_renewed' | 'digital_access_revoked', detail: Record<string, unknown>, source: 'buyer' | 'merchant', now: string) {
  const payment = yield* get(tx.select({ id: payments.id }).from(payments).where(currentPaymentOf(orderId)));
  if (!payment) return;
  yield* run(tx.insert(paymentEvents).values({ paymentId: payment.id, orderId, type, source, detail: JSON.stringify(detail), createdAt: now }));
}

function* openStep(tx: Tx, token: string, now: Date): Generator<Step, DigitalUse, unknown> {
  const invalid: DigitalUse = { ok: false, status: 404, error: ACCESS_REFUSALS.invalid };
  const parts = readAccessToken(token);
  if (!parts) return invalid;
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
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(productDigital, eq(productDigital.productId, orderItems.productId))
      .where(eq(orderItems.id, parts.itemId)),
  );
  // Signed for another order's line, or not by this app: as if it did not exist.
  if (!line || !signatureValid(env().authSecret, line.orderId, parts)) return invalid;
  if (!line.kind) return { ok: false, status: 410, error: 'A loja não oferece mais este produto digital.' };
  if (parts.expSeconds * 1000 <= now.getTime()) return { ok: false, status: 410, error: ACCESS_REFUSALS.expired };
  const row = yield* get(
    tx
      .select({ generation: digitalAccess.generation, expiresAt: digitalAccess.expiresAt, uses: digitalAccess.uses, revokedAt: digitalAccess.revokedAt })
      .from(digitalAccess)
      .where(eq(digitalAccess.orderItemId, line.itemId)),
  );
  const state = accessStateOf(row, line.paidAt ?? now.toISOString());
  const verdict = checkAccess(state, parts.generation, line.status, now);
  if (!verdict.ok) return { ok: false, status: verdict.reason === 'unpaid' ? 403 : 410, error: ACCESS_REFUSALS[verdict.reason] };

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
  return { ok: true, orderId: line.orderId, kind: line.kind, fileId: line.fileId, url: line.url, text: line.text, use };
}

/** One use of a signed link (the route /d/<token>). */
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
