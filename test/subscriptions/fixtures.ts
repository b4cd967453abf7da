/** Test helpers for subscriptions: a subscribable product, a subscription, and its cycles' orders paid or expired through the fake provider. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders, payments, productVariants, subscriptionCycles, subscriptions } from '@/db/schema';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { savePlan } from '@/lib/subscriptions/plans';
import { subscribe } from '@/lib/subscriptions/subscribe';
import { insertProduct, setStock } from '@/test/catalog/products';
import type { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { TEST_ADDRESS } from '@/test/payments/place';

/** 31/01/2027, noon in São Paulo: monthly cycles fall on 28/02, 31/03, 30/04… */
export const JAN_31 = Date.parse('2027-01-31T15:00:00Z');
export const at = (date: string) => Date.parse(`${date}T15:00:00Z`);

export async function subscribableProduct(o: { priceCents?: number; discountPercent?: number; stock?: number | null; intervalMonths?: number } = {}) {
  const slug = `clube-${randomUUID().slice(0, 8)}`;
  const productId = await insertProduct({ slug, name: 'Clube do café', description: '', priceCents: o.priceCents ?? 5990, imagePath: '', stock: o.stock ?? null });
  await savePlan(productId, { enabled: true, intervalMonths: (o.intervalMonths ?? 1) as 1 | 2 | 3, discountPercent: o.discountPercent ?? 0, alsoOnce: true });
  const [v] = await database().db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  return { productId, variantId: v.id, setStock: (n: number | null) => setStock(productId, n) };
}

export async function newSubscription(p: { productId: number; variantId: number }, o: { method?: 'pix' | 'boleto'; now?: number; email?: string } = {}) {
  const r = await subscribe(
    {
      checkoutKey: randomUUID(),
      productId: p.productId,
      variantId: p.variantId,
      method: o.method ?? 'pix',
      buyer: { name: 'Maria da Silva', document: '52998224725', email: o.email ?? 'maria@example.com' },
      shipping: 'delivery',
      freightId: null,
      address: TEST_ADDRESS,
    },
    o.now ?? JAN_31,
  );
  if (!r.ok) throw new Error(r.error);
  const [s] = await database().db.select().from(subscriptions).where(eq(subscriptions.token, r.subscriptionToken));
  return s;
}

export async function subscriptionRow(id: string) {
  const [s] = await database().db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return s;
}

export async function cyclesOf(id: string) {
  return database().db.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, id)).orderBy(asc(subscriptionCycles.cycle));
}

async function paymentOf(orderId: string) {
  const [p] = await database().db.select().from(payments).where(eq(payments.orderId, orderId));
  return p;
}

/** The buyer pays cycle `n`'s order, and the provider's word is applied. */
export async function payCycle(fake: FakePaymentProvider, subscriptionId: string, n: number) {
  const [c] = await database().db.select().from(subscriptionCycles).where(and(eq(subscriptionCycles.subscriptionId, subscriptionId), eq(subscriptionCycles.cycle, n)));
  const p = await paymentOf(c.orderId!);
  fake.pay(p.providerId!);
  const status = p.method === 'pix' ? 'completed' : '4';
  await applyObservation(p.id, { method: p.method, providerStatus: status, observed: chargeStateOf(p.method, status), artifacts: {} }, 'reconcile');
  return c.orderId!;
}

/** Cycle `n`'s charge expires unpaid. */
export async function expireCycle(fake: FakePaymentProvider, subscriptionId: string, n: number) {
  const [c] = await database().db.select().from(subscriptionCycles).where(and(eq(subscriptionCycles.subscriptionId, subscriptionId), eq(subscriptionCycles.cycle, n)));
  const p = await paymentOf(c.orderId!);
  fake.expire(p.providerId!);
  const status = p.method === 'pix' ? 'canceled' : '3';
  await applyObservation(p.id, { method: p.method, providerStatus: status, observed: chargeStateOf(p.method, status), artifacts: {} }, 'reconcile');
}

export async function orderOf(id: string) {
  const [o] = await database().db.select().from(orders).where(eq(orders.id, id));
  return o;
}
