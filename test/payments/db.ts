/** Test helpers: a migrated, seeded database and orders/payments in any state. */
import { asc, eq } from 'drizzle-orm';
import { database, ensureMigrated } from '@/db';
import { seed } from '@/db/seed';
import { emailOutbox, orderItems, orders, paymentEvents, payments, products, webhookDeliveries, type Order, type OrderStatus, type Payment, type PaymentMethod } from '@/db/schema';
import { newId, randomToken } from '@/lib/security/tokens';

export async function prepareDatabase(): Promise<void> {
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
}

export async function productIdBySlug(slug: string): Promise<number> {
  const [p] = await database().db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (!p) throw new Error(`no product ${slug}`);
  return p.id;
}

export const VALID_CPF = '52998224725';
export const VALID_CNPJ = '11222333000181';

/** An order with its payment, straight into the database (no API call). */
export async function insertOrderWithPayment(
  o: {
    method?: PaymentMethod;
    status?: OrderStatus;
    createState?: Payment['createState'];
    providerId?: string | null;
    totalCents?: number;
    createdAt?: string;
    updatedAt?: string;
    cancelRequestedAt?: string | null;
    refundedCents?: number;
    buyerEmail?: string;
    buyerDocument?: string;
    buyerName?: string;
  } = {},
): Promise<{ order: Order; payment: Payment }> {
  const method = o.method ?? 'pix';
  const status = o.status ?? 'pending';
  const totalCents = o.totalCents ?? 3990;
  const now = new Date().toISOString();
  const orderId = newId();
  const paymentId = newId();
  const { db } = database();
  await db.insert(orders).values({
    id: orderId,
    token: randomToken(),
    checkoutKey: newId(),
    status,
    method,
    totalCents,
    refundedCents: o.refundedCents ?? 0,
    buyerName: o.buyerName ?? 'Maria da Silva',
    buyerDocument: o.buyerDocument ?? VALID_CPF,
    buyerEmail: o.buyerEmail ?? 'maria@example.com',
    createdAt: o.createdAt ?? now,
    updatedAt: o.updatedAt ?? now,
  });
  await db.insert(payments).values({
    id: paymentId,
    orderId,
    method,
    createState: o.createState ?? 'created',
    idempotencyKey: newId(),
    providerId: o.providerId === undefined ? newId() : o.providerId,
    status,
    amountCents: totalCents,
    refundedCents: o.refundedCents ?? 0,
    webhookToken: randomToken(),
    cancelRequestedAt: o.cancelRequestedAt ?? null,
    createdAt: o.createdAt ?? now,
    updatedAt: o.updatedAt ?? now,
  });
  return { order: (await orderById(orderId))!, payment: (await paymentById(paymentId))! };
}

export async function orderById(id: string): Promise<Order | undefined> {
  return (await database().db.select().from(orders).where(eq(orders.id, id)))[0];
}

export async function paymentById(id: string): Promise<Payment | undefined> {
  return (await database().db.select().from(payments).where(eq(payments.id, id)))[0];
}

export async function eventsOf(paymentId: string) {
  return database().db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
}

export async function statusEventsOf(paymentId: string) {
  return (await eventsOf(paymentId)).filter((e) => e.type === 'status_changed');
}

export async function deliveriesOfToken(tokenHash: string) {
  return database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tokenHash, tokenHash)).orderBy(asc(webhookDeliveries.id));
}

/** Removes every order (with items, payments, events) and webhook delivery. */
export async function clearOrders(): Promise<void> {
  const { db } = database();
  await db.delete(webhookDeliveries);
  await db.delete(paymentEvents);
  await db.delete(payments);
  await db.delete(orderItems);
  await db.delete(orders);
}

/** Moves a payment's timestamps into the past (createdAt and updatedAt), e.g. to age a stuck create. */
export async function backdatePayment(paymentId: string, msAgo: number): Promise<void> {
  const at = new Date(Date.now() - msAgo).toISOString();
  await database().db.update(payments).set({ createdAt: at, updatedAt: at }).where(eq(payments.id, paymentId));
}

/** The outbox rows of an order, oldest first. */
export async function emailsOf(orderId: string) {
  return database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.id));
}
