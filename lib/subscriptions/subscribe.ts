/**
 * "Assinar": the subscription and its first cycle, placed like any order and paid at checkout.
 * The subscription is written "pending" with its cycle 0 in one transaction keyed on the form's
 * checkout key (a resubmit finds them), then the cycle's order is placed through the same path
 * as every later cycle (lib/checkout/place-cycle.ts). It becomes "Ativa" when that order is paid
 * (cycles.ts, settle). A refusal (a field, stock) leaves nothing behind.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { subscriptionCycles, subscriptions } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { itemsOfProducts } from '@/lib/catalog';
import { placeCycleOrder, type CycleAddress } from '@/lib/checkout';
import { shopNow } from '@/lib/embedded-provider/clock';
import { randomToken } from '@/lib/security';
import type { DeliveryOption } from '@/lib/shipping';
import { cycleCheckoutKey } from './keys';
import { logChange } from './log';
import { planOfProduct, planPrice } from './plans';
import { createOn, cycleDate } from './schedule';
import { subscriptionSettingsStep } from './settings';

export type SubscribeInput = {
  /** The form's render (a UUID): one subscription per submit. */
  checkoutKey: string;
  productId: number;
  variantId: number;
  method: 'pix' | 'boleto';
  buyer: { name: string; document: string; email: string; phone?: string; whatsappConsent?: boolean };
  shipping: 'delivery' | 'pickup';
  freightId: string | null;
  address: CycleAddress | null;
};

export type SubscribeResult =
  | { ok: true; orderToken: string; subscriptionToken: string }
  | { ok: false; error: string; fieldErrors?: Partial<Record<string, string>>; freightOptions?: DeliveryOption[] };

export const NOT_A_SUBSCRIPTION = 'Este produto não é vendido como assinatura.';

export async function subscribe(input: SubscribeInput, now = shopNow()): Promise<SubscribeResult> {
  const plan = await planOfProduct(input.productId);
  if (!plan?.enabled) return { ok: false, error: NOT_A_SUBSCRIPTION };
  const item = (await itemsOfProducts([input.productId])).find((i) => i.variantId === input.variantId);
  if (!item) return { ok: false, error: 'Escolha uma variante disponível.', fieldErrors: { items: 'Escolha uma variante disponível.' } };
  const today = saoPauloDate(new Date(now));
  // The subscription's id is its first form's key: a resubmit finds the same rows.
  const id = input.checkoutKey;
  const unit = planPrice(plan, item.priceCents);
  const a = input.address;
  const nextDate = cycleDate(today, Number(today.slice(8, 10)), plan.intervalMonths, 1);
  await database().transaction(function* (tx) {
    const { leadDays } = yield* subscriptionSettingsStep(tx);
    const inserted = yield* run(
      tx
        .insert(subscriptions)
        .values({
          id,
          token: randomToken(),
          status: 'pending',
          productId: input.productId,
          variantId: input.variantId,
          quantity: 1,
          unitPriceCents: unit,
          intervalMonths: plan.intervalMonths,
          anchorDay: Number(today.slice(8, 10)),
          startDate: today,
          method: input.method,
          buyerName: input.buyer.name,
          buyerDocument: input.buyer.document.replace(/\D/g, ''),
          buyerEmail: input.buyer.email.trim().toLowerCase(),
          buyerPhone: input.buyer.phone ?? null,
          whatsappConsent: !!(input.buyer.phone && input.buyer.whatsappConsent),
          whatsappConsentAt: input.buyer.phone && input.buyer.whatsappConsent ? new Date().toISOString() : null,
          shippingMethod: item.requiresShipping ? input.shipping : 'none',
          freightServiceId: input.freightId,
          zip: a?.zip.replace(/\D/g, '') ?? null,
          street: a?.street ?? null,
          number: a?.number ?? null,
          complement: a?.complement || null,
          neighborhood: a?.neighborhood ?? null,
          city: a?.city ?? null,
          state: a?.state ?? null,
          nextCycle: 1,
          nextCreateOn: createOn(nextDate, input.method, leadDays),
        })
        .onConflictDoNothing(),
    );
    if (inserted !== 1) return;
    yield* run(tx.insert(subscriptionCycles).values({ subscriptionId: id, cycle: 0, cycleDate: today, status: 'creating', checkoutKey: cycleCheckoutKey(id, 0), amountCents: unit, leaseUntil: new Date(Date.now() + 60_000).toISOString() }).onConflictDoNothing());
    yield* logChange(tx, id, 'subscriber', 'created');
  });
  const [sub] = await database().db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const placed = await placeCycleOrder({
    checkoutKey: cycleCheckoutKey(id, 0),
    method: sub.method,
    productId: sub.productId,
    variantId: sub.variantId,
    quantity: 1,
    unitPriceCents: sub.unitPriceCents,
    buyer: input.buyer,
    shipping: sub.shippingMethod,
    freightId: input.freightId,
    address: input.address,
    today,
  });
  if (!placed.ok) {
    if (placed.reason !== 'in_doubt') await forget(id);
    return { ok: false, error: placed.error, ...(placed.fieldErrors ? { fieldErrors: placed.fieldErrors } : {}), ...(placed.freightOptions ? { freightOptions: placed.freightOptions } : {}) };
  }
  await database().transaction(function* (tx) {
    yield* run(tx.update(subscriptionCycles).set({ status: 'open', orderId: placed.orderId, amountCents: placed.totalCents }).where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, 0), eq(subscriptionCycles.status, 'creating'))));
    yield* run(tx.update(subscriptions).set({ firstOrderId: placed.orderId }).where(eq(subscriptions.id, id)));
  });
  return { ok: true, orderToken: placed.orderToken, subscriptionToken: sub.token };
}

/** A refused first cycle: no order exists (placeOrder deleted it), so neither does the subscription. */
async function forget(id: string): Promise<void> {
  await database().transaction(function* (tx) {
    yield* run(tx.delete(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, id)));
    yield* run(tx.delete(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending'))));
  });
}
