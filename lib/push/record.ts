/**
 * Pushes enter the outbox here, inside the transaction of their cause (the order entering paid:
 * lib/payments/state-effects.ts; a label bought: lib/fulfilment/labels.ts): one row per device of
 * every person who wants that kind, keyed `<kind>:<order>:<device>`, so a duplicate webhook or a
 * racing process writes nothing twice. The request that wrote them sends them after its response
 * (lib/server/after-pass.ts, kind 'push'); lib/push/sender.ts is the sender.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { all, get, run, write, type Rows, type Step } from '@/db/driver';
import { checkoutDrafts, orders, pushMessages, pushPreferences, pushSubscriptions, shopIdentity, type PushKind } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { orderPush, PUSH_CHOICES, testPush, type PushPayload } from './payload';

type OrderKind = Exclude<PushKind, 'test'>;

function* shopNameIn(tx: Tx): Generator<Step, string, unknown> {
  const row = yield* get(tx.select({ name: shopIdentity.name }).from(shopIdentity).where(eq(shopIdentity.id, 1)));
  return row?.name.trim() || 'Balcão';
}

/** The devices of the people who want `kind` (no preferences row: they want every kind). */
function devicesWantingQuery(tx: Tx, kind: OrderKind) {
  const column = pushPreferences[PUSH_CHOICES.find((c) => c.kind === kind)!.column];
  return tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(or(isNull(pushPreferences.userId), eq(column, true)));
}

function* devicesWanting(tx: Tx, kind: OrderKind): Generator<Step, { id: number }[], unknown> {
  return yield* all(devicesWantingQuery(tx, kind));
}

/** `held`: the rows' writes are held (nothing counts them), so they can travel in one batch. */
function* queue(tx: Tx, kind: PushKind, cause: string, devices: { id: number }[], payload: PushPayload, now: Date, held = false): Generator<Step, number, unknown> {
  const nowIso = now.toISOString();
  let added = 0;
  for (const device of devices) {
    const dedupeKey = `${kind}:${cause}:${device.id}`;
    noteOutboxRow('push', dedupeKey);
    const insert = tx
      .insert(pushMessages)
      .values({ dedupeKey, subscriptionId: device.id, kind, payload: JSON.stringify(payload), nextAttemptAt: nowIso, createdAt: nowIso })
      .onConflictDoNothing();
    if (held) {
      yield* write(insert);
      added++;
    } else added += yield* run(insert);
  }
  return added;
}

/** An order's push ("Nova venda: R$ 54,80 · Pix · #1001") to every device that wants it. */
export function* recordOrderPush(tx: Tx, kind: OrderKind, orderId: string, now = new Date()): Generator<Step, number, unknown> {
  const devices = yield* devicesWanting(tx, kind);
  if (devices.length === 0) return 0;
  const order = yield* get(orderPushQuery(tx, orderId));
  if (!order) return 0;
  const label = order.number === null ? `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}` : `#${order.number}`;
  const payload = orderPush(kind, { orderId, label, totalCents: order.totalCents, method: order.method }, yield* shopNameIn(tx));
  return yield* queue(tx, kind, orderId, devices, payload, now);
}

function orderPushQuery(tx: Tx, orderId: string) {
  return tx.select({ number: orders.number, totalCents: orders.totalCents, method: orders.method }).from(orders).where(eq(orders.id, orderId));
}

/**
 * What the pushes of an order entering paid read, as independent queries (the one writer reads
 * them with its other effects' reads, in one round trip on libSQL): the devices wanting each
 * kind, the order, the shop's name, and whether a reminded saved checkout became this order.
 */
export function paidPushQueries(tx: Tx, orderId: string) {
  return [
    devicesWantingQuery(tx, 'new_sale'),
    devicesWantingQuery(tx, 'cart_recovered'),
    orderPushQuery(tx, orderId),
    tx.select({ name: shopIdentity.name }).from(shopIdentity).where(eq(shopIdentity.id, 1)),
    tx
      .select({ id: checkoutDrafts.id })
      .from(checkoutDrafts)
      .where(and(eq(checkoutDrafts.orderId, orderId), gt(checkoutDrafts.remindersAtConversion, 0))),
  ] as const;
}

export type PaidPushReads = Rows<ReturnType<typeof paidPushQueries>>;

/**
 * On entering paid: "Nova venda", and "Carrinho recuperado" when a reminded saved checkout
 * became this order — from what `paidPushQueries` read, as held writes only.
 */
export function* writePaidPushes(tx: Tx, orderId: string, read: PaidPushReads, now = new Date()): Generator<Step, void, unknown> {
  const [newSale, recoveredDevices, [order], [shop], [recovered]] = read;
  if (!order) return;
  const label = order.number === null ? `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}` : `#${order.number}`;
  const shopName = shop?.name.trim() || 'Balcão';
  const kinds: [OrderKind, { id: number }[]][] = [['new_sale', newSale]];
  if (recovered) kinds.push(['cart_recovered', recoveredDevices]);
  for (const [kind, devices] of kinds) {
    if (devices.length === 0) continue;
    const payload = orderPush(kind, { orderId, label, totalCents: order.totalCents, method: order.method }, shopName);
    yield* queue(tx, kind, orderId, devices, payload, now, true);
  }
}

/** "Enviar notificação de teste": one row per device of this person; returns how many devices. */
export async function recordTestPush(userId: number, now = new Date()): Promise<number> {
  return database().transaction(function* (tx) {
    const devices = yield* all(tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)));
    yield* queue(tx, 'test', `${userId}.${now.getTime()}`, devices, testPush(yield* shopNameIn(tx)), now);
    return devices.length;
  });
}
