/**
 * Changes to a subscription, by the subscriber (their page) or the merchant (the dashboard), each
 * one transaction with its log row and its e-mail: "Pausar assinatura" (1 to 3 cycles),
 * "Retomar", "Cancelar assinatura", the merchant's "Pular próximo ciclo", a new delivery address
 * or payment method for the next cycles, and the merchant's confirmation of a new price (charged
 * from the next cycle not yet created, after the subscriber is e-mailed). Each change is a
 * compare-and-set on the status it starts from, so a racing cycle pass or a double click changes
 * nothing twice.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { subscriptionCycles, subscriptions, type SubscriptionRow } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { itemsOfProducts } from '@/lib/catalog';
import { shopNow } from '@/lib/embedded-provider/clock';
import { cancelOrderPayment } from '@/lib/payments';
import { recordSubscriptionEvent } from './cycles';
import { logChange, type Actor } from './log';
import { queueNotice } from './notices';
import { planOfProduct, planPrice } from './plans';
import { createOn, cycleDate } from './schedule';
import { subscriptionSettingsStep } from './settings';

export type ManageResult = { ok: true; message: string } | { ok: false; error: string };

const GONE: ManageResult = { ok: false, error: 'Esta assinatura não pode mais ser alterada.' };

function* change(
  tx: Tx,
  id: string,
  from: readonly SubscriptionRow['status'][],
  apply: (s: SubscriptionRow) => Partial<SubscriptionRow>,
): Generator<Step, SubscriptionRow | null, unknown> {
  const s = yield* get(tx.select().from(subscriptions).where(eq(subscriptions.id, id)));
  if (!s || !from.includes(s.status)) return null;
  const n = yield* run(
    tx
      .update(subscriptions)
      .set({ ...apply(s), updatedAt: new Date().toISOString() })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, s.status), eq(subscriptions.nextCycle, s.nextCycle))),
  );
  return n === 1 ? s : null;
}

/** "Pausar assinatura": the next `cycles` cycles (1 to 3) are not charged; then it resumes by itself. */
export async function pauseSubscription(id: string, cycles: number, actor: Actor): Promise<ManageResult> {
  if (!Number.isInteger(cycles) || cycles < 1 || cycles > 3) return { ok: false, error: 'Escolha pausar por 1, 2 ou 3 entregas.' };
  const done = await database().transaction(function* (tx) {
    const s = yield* change(tx, id, ['active'], (s) => ({ status: 'paused', pausedUntilCycle: s.nextCycle + cycles }));
    if (!s) return false;
    yield* logChange(tx, id, actor, 'paused', `${cycles} ${cycles === 1 ? 'ciclo' : 'ciclos'}`);
    yield* queueNotice(tx, s, 'paused', `${s.nextCycle}:${cycles}`);
    return true;
  });
  return done ? { ok: true, message: cycles === 1 ? 'Assinatura pausada por 1 entrega.' : `Assinatura pausada por ${cycles} entregas.` } : GONE;
}

/**
 * "Retomar": a paused or suspended subscription is charged again from its next cycle whose date
 * has not passed (cycles missed while suspended are not charged late).
 */
export async function resumeSubscription(id: string, actor: Actor, now = shopNow()): Promise<ManageResult> {
  const today = saoPauloDate(new Date(now));
  const done = await database().transaction(function* (tx) {
    const { leadDays } = yield* subscriptionSettingsStep(tx);
    const s = yield* change(tx, id, ['paused', 'suspended'], (s) => {
      let n = s.nextCycle;
      while (createOn(cycleDate(s.startDate, s.anchorDay, s.intervalMonths, n), s.method, leadDays) < today) n++;
      return { status: 'active', pausedUntilCycle: null, unpaidInRow: 0, suspendedAt: null, nextCycle: n, nextCreateOn: createOn(cycleDate(s.startDate, s.anchorDay, s.intervalMonths, n), s.method, leadDays) };
    });
    if (!s) return false;
    yield* logChange(tx, id, actor, 'resumed');
    yield* queueNotice(tx, s, 'resumed', `${s.nextCycle}:${Date.now()}`);
    return true;
  });
  return done ? { ok: true, message: 'Assinatura retomada.' } : GONE;
}

/** "Pular próximo ciclo" (the merchant): the next cycle not yet created is not charged. */
export async function skipNextCycle(id: string, actor: Actor): Promise<ManageResult> {
  const done = await database().transaction(function* (tx) {
    const s = yield* change(tx, id, ['active', 'paused'], (s) => ({ pausedUntilCycle: Math.max(s.pausedUntilCycle ?? 0, s.nextCycle + 1) }));
    if (!s) return false;
    yield* logChange(tx, id, actor, 'skipped', String(s.nextCycle));
    return true;
  });
  return done ? { ok: true, message: 'O próximo ciclo não será cobrado.' } : GONE;
}

/**
 * "Cancelar assinatura": no cycle is created after this; a cycle already charged and not paid is
 * canceled at the provider too, so nothing is charged after the cancellation.
 */
export async function cancelSubscription(id: string, actor: Actor): Promise<ManageResult> {
  const done = await database().transaction(function* (tx) {
    const s = yield* change(tx, id, ['pending', 'active', 'paused', 'suspended'], () => ({ status: 'canceled', canceledAt: new Date().toISOString() }));
    if (!s) return false;
    yield* logChange(tx, id, actor, 'canceled');
    yield* queueNotice(tx, s, 'canceled', 0);
    yield* recordSubscriptionEvent(tx, 'subscription.canceled', id, 0, s.firstOrderId);
    return true;
  });
  if (!done) return GONE;
  const open = await database()
    .db.select({ orderId: subscriptionCycles.orderId, cycle: subscriptionCycles.cycle })
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.status, 'open')));
  for (const c of open) if (c.orderId && c.cycle > 0) await cancelOrderPayment(c.orderId, actor === 'subscriber' ? 'subscriber' : actor);
  return { ok: true, message: 'Assinatura cancelada. Nenhuma nova cobrança será feita.' };
}

export type NewAddress = { zip: string; street: string; number: string; complement?: string; neighborhood: string; city: string; state: string };

/** A new delivery address for the next cycles (each quotes its freight afresh). */
export async function changeAddress(id: string, a: NewAddress, actor: Actor): Promise<ManageResult> {
  const done = await database().transaction(function* (tx) {
    const s = yield* change(tx, id, ['pending', 'active', 'paused', 'suspended'], () => ({
      zip: a.zip,
      street: a.street,
      number: a.number,
      complement: a.complement || null,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
    }));
    if (!s) return false;
    yield* logChange(tx, id, actor, 'address_changed', `${a.city}/${a.state}`);
    yield* queueNotice(tx, s, 'changed', `address:${Date.now()}`);
    return true;
  });
  return done ? { ok: true, message: 'Endereço atualizado para as próximas entregas.' } : GONE;
}

/** Pix or boleto for the next cycles (the creation day moves with the method's "Dias de antecedência"). */
export async function changeMethod(id: string, method: 'pix' | 'boleto', actor: Actor): Promise<ManageResult> {
  const done = await database().transaction(function* (tx) {
    const { leadDays } = yield* subscriptionSettingsStep(tx);
    const s = yield* change(tx, id, ['pending', 'active', 'paused', 'suspended'], (s) => ({
      method,
      nextCreateOn: createOn(cycleDate(s.startDate, s.anchorDay, s.intervalMonths, s.nextCycle), method, leadDays),
    }));
    if (!s) return false;
    yield* logChange(tx, id, actor, 'method_changed', method);
    return true;
  });
  return done ? { ok: true, message: method === 'pix' ? 'As próximas entregas serão cobradas por Pix.' : 'As próximas entregas serão cobradas por boleto.' } : GONE;
}

/**
 * The merchant confirms that the product's new price applies to its subscriptions: each running
 * subscription whose price would change gets it from its next cycle not yet created, and an
 * e-mail saying so. Returns how many were noticed.
 */
export async function confirmPriceChange(productId: number, actor: Actor): Promise<number> {
  const plan = await planOfProduct(productId);
  if (!plan) return 0;
  const variants = new Map((await itemsOfProducts([productId])).map((i) => [i.variantId, i.priceCents]));
  const running = await database()
    .db.select()
    .from(subscriptions)
    .where(and(eq(subscriptions.productId, productId), inArray(subscriptions.status, ['active', 'paused', 'suspended'])));
  let noticed = 0;
  for (const s of running) {
    const catalog = variants.get(s.variantId);
    if (catalog === undefined) continue;
    const price = planPrice(plan, catalog);
    if (price === (s.newUnitPriceCents ?? s.unitPriceCents)) continue;
    const ok = await database().transaction(function* (tx) {
      const n = yield* run(
        tx
          .update(subscriptions)
          .set({ newUnitPriceCents: price, newPriceFromCycle: s.nextCycle, updatedAt: new Date().toISOString() })
          .where(and(eq(subscriptions.id, s.id), eq(subscriptions.nextCycle, s.nextCycle))),
      );
      if (n !== 1) return false;
      yield* logChange(tx, s.id, actor, 'price_change', `${s.unitPriceCents} → ${price} a partir do ciclo ${s.nextCycle}`);
      yield* queueNotice(tx, s, 'price_change', `${s.nextCycle}:${price}`);
      return true;
    });
    if (ok) noticed++;
  }
  return noticed;
}

/** A subscription by its page's token. */
export async function subscriptionIdByToken(token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [s] = await database().db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.token, token));
  return s?.id ?? null;
}
