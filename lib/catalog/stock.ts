/**
 * Stock belongs to a product's variants (lib/catalog/variants.ts; a product without options has
 * one implicit variant). It moves only inside the transaction of the change that causes it
 * (db/driver generator steps), and every move is a stock_movements row keyed on its cause
 * ("stock:<order>:v<variant>:<cause>"): the insert is the gate, so a cause can move a variant's
 * stock once, whoever runs it and however often.
 *
 * - placing an order takes its units (placeOrder's transaction), or refuses the order;
 * - expired / canceled give back what the order holds (the one writer's transaction);
 * - a late payment of an expired or canceled order takes them again, or flags the order when
 *   they are gone (the same transaction);
 * - a refund gives nothing back by itself; the merchant may ("Devolver ao estoque", once);
 * - a charge the provider refused (the order is deleted) gives its units back;
 * - an order still unpaid when its reservation ("Reserva de estoque", lib/payment-settings/reservation.ts)
 *   lapses gives its units back (`releaseLapsedHolds`), though its charge stays payable; if it is
 *   paid later, the units are taken again or the order is flagged, as for a late payment.
 */
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { all, get, run, write, type AnyDb, type Step } from '@/db/driver';
import { orders, productVariants, products, stockMovements } from '@/db/schema';
import type { AppSchema } from '@/db';

type Tx = AnyDb<AppSchema>;
export type StockCause = 'order' | 'expired' | 'canceled' | 'late_payment' | 'merchant_return' | 'refused' | 'released';

/** Units given back by these causes are taken again when the order is paid after all. */
const RETAKEN_ON_PAYMENT: readonly string[] = ['expired', 'canceled', 'released'];

/**
 * One movement per order, variant and cause; an order's later payment attempt (a new Pix after
 * one expired: lib/payments/attempts.ts) moves its units again under its own round.
 */
export const stockKey = (orderId: string, variantId: number, cause: StockCause, round = 1) =>
  `stock:${orderId}:v${variantId}:${cause}${round > 1 ? `:${round}` : ''}`;

/** Thrown inside placeOrder's transaction (rolling it back) when a variant's units ran out. */
export class OutOfStock extends Error {
  constructor(
    readonly productId: number,
    /** The line's name as the buyer reads it ("Camiseta básica — M / Preto"). */
    readonly productName: string,
    readonly left: number,
    readonly variantId?: number,
  ) {
    super(`out of stock: product ${productId} variant ${variantId ?? '-'}`);
  }
}

type Unit = { productId: number; variantId: number };

/** One movement, gated by its key; returns whether it happened. */
function* move(tx: Tx, m: Unit & { orderId: string; delta: number; cause: StockCause; round?: number }): Generator<Step, boolean, unknown> {
  const inserted = yield* run(
    tx
      .insert(stockMovements)
      .values({ productId: m.productId, variantId: m.variantId, orderId: m.orderId, delta: m.delta, reason: m.cause, dedupeKey: stockKey(m.orderId, m.variantId, m.cause, m.round) })
      .onConflictDoNothing(),
  );
  if (inserted === 0) return false;
  yield* run(
    tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${m.delta}` })
      .where(and(eq(productVariants.id, m.variantId), sql`${productVariants.stock} IS NOT NULL`)),
  );
  return true;
}

/** A variant's stock and the name its line goes by, read inside the transaction. */
function* stockOf(tx: Tx, variantId: number) {
  return yield* get(
    tx
      .select({ stock: productVariants.stock, name: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId)),
  );
}

/** Units the order holds now, per variant (taken minus given back). */
function* held(tx: Tx, orderId: string) {
  const rows = yield* all(
    tx
      .select({ productId: stockMovements.productId, variantId: stockMovements.variantId, net: sql<number>`sum(${stockMovements.delta})` })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId))
      .groupBy(stockMovements.variantId),
  );
  return rows.map((r) => ({ productId: r.productId, variantId: Number(r.variantId), units: -Number(r.net) })).filter((r) => r.units > 0);
}

/** Gives back every unit the order holds, once per cause. Returns the units given back. */
export function* giveBack(tx: Tx, orderId: string, cause: Exclude<StockCause, 'order' | 'late_payment'>, round = 1): Generator<Step, number, unknown> {
  let units = 0;
  for (const h of yield* held(tx, orderId)) {
    if (yield* move(tx, { orderId, productId: h.productId, variantId: h.variantId, delta: h.units, cause, round })) units += h.units;
  }
  return units;
}

/**
 * A late payment: the order's units were given back when it expired, was canceled or its
 * reservation lapsed; take them again where the stock still has them, and flag the order
 * (stock_short) where it does not. Nothing to do for an order that never gave any back.
 */
export function* retakeForLatePayment(tx: Tx, orderId: string, read?: MoveRow[]): Generator<Step, { short: boolean }, unknown> {
  // `read`: the order's movements as its caller read them in this transaction, in a batch with its own reads.
  const moves = read ? movesFrom(read) : yield* movesOf(tx, orderId);
  if (!needsRetake(moves)) return { short: false };
  let short = false;
  // What the order misses of what it first took (an order retried in rounds gave and took several times).
  for (const { productId, variantId, missing } of missingUnits(moves)) {
    const v = yield* stockOf(tx, variantId);
    if (!v || v.stock === null) continue;
    if (v.stock < missing) {
      short = true;
      continue;
    }
    yield* move(tx, { orderId, productId, variantId, delta: -missing, cause: 'late_payment' });
  }
  if (short) yield* run(tx.update(orders).set({ stockShort: true }).where(eq(orders.id, orderId)));
  return { short };
}

/** Whether an order's movements include units given back that its payment takes again. */
export function needsRetake(moves: readonly { delta: number; reason: string }[]): boolean {
  return moves.some((m) => m.delta > 0 && RETAKEN_ON_PAYMENT.includes(m.reason));
}

/** SQL: the order has units given back that its payment would take again (the guard of a batch that read none). */
export function givenBackSql(orderId: string): SQL {
  return sql`exists (select 1 from ${stockMovements} where ${stockMovements.orderId} = ${orderId} and ${stockMovements.delta} > 0 and ${stockMovements.reason} in (${sql.join(
    RETAKEN_ON_PAYMENT.map((r) => sql`${r}`),
    sql`, `,
  )}))`;
}

/** Every stock movement of an order (what `retakeForLatePayment` reads), for a caller's `reads`. */
export function orderMovesQuery(tx: Tx, orderId: string) {
  return tx
    .select({ productId: stockMovements.productId, variantId: stockMovements.variantId, delta: stockMovements.delta, reason: stockMovements.reason })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId));
}
type MoveRow = Awaited<ReturnType<typeof orderMovesQuery>>[number];

function* movesOf(tx: Tx, orderId: string) {
  return movesFrom(yield* all(orderMovesQuery(tx, orderId)));
}

function movesFrom(rows: MoveRow[]) {
  return rows.map((r) => ({ ...r, variantId: Number(r.variantId) }));
}

/** Per variant: the units the order first took (its 'order' movement) minus what it holds now. */
function missingUnits(moves: readonly (Unit & { delta: number; reason: string })[]): (Unit & { missing: number })[] {
  const wanted = new Map<number, Unit & { units: number }>();
  const held = new Map<number, number>();
  for (const m of moves) {
    if (m.reason === 'order' && !wanted.has(m.variantId)) wanted.set(m.variantId, { productId: m.productId, variantId: m.variantId, units: -m.delta });
    held.set(m.variantId, (held.get(m.variantId) ?? 0) - m.delta);
  }
  return [...wanted.values()]
    .map((w) => ({ productId: w.productId, variantId: w.variantId, missing: w.units - (held.get(w.variantId) ?? 0) }))
    .filter((r) => r.missing > 0);
}

/**
 * A new payment attempt on an order that gave its units back (its Pix expired): takes them again
 * under the attempt's round, or throws OutOfStock (the caller's transaction rolls back).
 */
export function* retakeForNewAttempt(tx: Tx, orderId: string, round: number): Generator<Step, void, unknown> {
  const moves = yield* movesOf(tx, orderId);
  for (const { productId, variantId, missing } of missingUnits(moves)) {
    const v = yield* stockOf(tx, variantId);
    if (!v || v.stock === null) continue;
    if (v.stock < missing) throw new OutOfStock(productId, v.name, v.stock, variantId);
    yield* move(tx, { orderId, productId, variantId, delta: -missing, cause: 'order', round });
  }
}

/**
 * Gives back the units of every pending order placed before `cutoff` (its reservation lapsed),
 * once per order and variant (the 'released' key), optionally only for some products (a
 * checkout releases those of its cart inside its own transaction, before taking units).
 * Returns the units given back.
 */
export function* releaseLapsedHolds(tx: Tx, cutoff: string, productIds?: readonly number[]): Generator<Step, number, unknown> {
  if (productIds && productIds.length === 0) return 0;
  const released = yield* releaseHolds(tx, yield* all(lapsedHoldsQuery(tx, cutoff, productIds)));
  return [...released.values()].reduce((a, b) => a + b, 0);
}

/** The units held by unpaid orders placed before `cutoff` (of these products): what `releaseHolds` gives back. */
export function lapsedHoldsQuery(tx: Tx, cutoff: string, productIds?: readonly number[]) {
  const net = sql<number>`sum(${stockMovements.delta})`;
  return tx
    .select({ orderId: stockMovements.orderId, productId: stockMovements.productId, variantId: stockMovements.variantId, net })
    .from(orders)
    .innerJoin(stockMovements, eq(stockMovements.orderId, orders.id))
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, cutoff), productIds ? inArray(stockMovements.productId, [...productIds]) : undefined))
    .groupBy(stockMovements.orderId, stockMovements.variantId)
    .having(sql`${net} < 0`);
}

/** Gives back the lapsed holds `lapsedHoldsQuery` found, once each; the units given back per variant. */
export function* releaseHolds(tx: Tx, lapsed: Awaited<ReturnType<typeof lapsedHoldsQuery>>): Generator<Step, Map<number, number>, unknown> {
  const released = new Map<number, number>();
  for (const h of lapsed) {
    const unit = { productId: h.productId, variantId: Number(h.variantId) };
    if (yield* move(tx, { orderId: h.orderId, ...unit, delta: -Number(h.net), cause: 'released' })) released.set(unit.variantId, (released.get(unit.variantId) ?? 0) + -Number(h.net));
  }
  return released;
}

/** The stock of these variants and the names their lines go by, to read with the order's other reads. */
export function stockOfVariantsQuery(tx: Tx, variantIds: readonly number[]) {
  return tx
    .select({ variantId: productVariants.id, stock: productVariants.stock, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...variantIds]));
}

/**
 * A new order's units of every tracked variant (untracked ones move nothing), from the stock
 * already read in the transaction (`stockOfVariantsQuery`, plus what `releaseHolds` gave back
 * since); `name` is the line's name for the refusal (else the product's). Throws
 * OutOfStock before writing anything; then the movements and the stock go as held writes, one
 * round trip with the order's other writes on libSQL. The order is new, so no movement of it
 * can exist yet: its keys still gate a second run.
 */
export function* takeForNewOrder(
  tx: Tx,
  orderId: string,
  lines: readonly (Unit & { quantity: number; name?: string })[],
  stock: readonly { variantId: number; stock: number | null; name: string }[],
  released: ReadonlyMap<number, number> = new Map(),
): Generator<Step, void, unknown> {
  const left = new Map(stock.map((v) => [v.variantId, v]));
  const taking: (Unit & { quantity: number })[] = [];
  for (const line of lines) {
    const v = left.get(line.variantId);
    // A variant moves once per order and cause (its key): a second line of it moves nothing, as in `move`.
    if (!v || v.stock === null || taking.some((t) => t.variantId === line.variantId)) continue;
    const free = v.stock + (released.get(line.variantId) ?? 0);
    if (free < line.quantity) throw new OutOfStock(line.productId, line.name ?? v.name, free, line.variantId);
    taking.push(line);
  }
  for (const line of taking) {
    yield* write(
      tx
        .insert(stockMovements)
        .values({ productId: line.productId, variantId: line.variantId, orderId, delta: -line.quantity, reason: 'order', dedupeKey: stockKey(orderId, line.variantId, 'order') })
        .onConflictDoNothing(),
    );
    yield* write(
      tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} IS NOT NULL`)),
    );
  }
}

export type ReturnResult = { ok: true; units: number } | { ok: false; error: string };

/**
 * "Devolver ao estoque" on a refunded order: gives back the units it still holds, once (the
 * movement's key), logged on the order's timeline with who did it.
 */
export function* returnRefundedOrderStock(
  tx: Tx,
  order: { id: string; status: string },
): Generator<Step, ReturnResult, unknown> {
  if (order.status !== 'refunded') return { ok: false, error: 'Só pedidos reembolsados voltam ao estoque por aqui (expirados e cancelados voltam sozinhos).' };
  const units = yield* giveBack(tx, order.id, 'merchant_return');
  if (units === 0) return { ok: false, error: 'As unidades deste pedido já voltaram ao estoque.' };
  return { ok: true, units };
}
