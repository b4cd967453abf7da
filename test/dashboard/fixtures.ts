/**
 * Test and benchmark data: orders (with a payment each) written straight to the database.
 * Not used by the app.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { database, ensureMigrated } from '@/db';
import { orders, payments, type OrderStatus, type PaymentMethod } from '@/db/schema';

export type FixtureOrder = {
  id?: string;
  token?: string;
  status?: OrderStatus;
  method?: PaymentMethod;
  totalCents?: number;
  refundedCents?: number;
  buyerName?: string;
  buyerDocument?: string;
  buyerEmail?: string;
  createdAt?: string;
  paidAt?: string | null;
  refundedAt?: string | null;
  latePayment?: boolean;
};

export type InsertedOrder = Required<Omit<FixtureOrder, 'paidAt' | 'refundedAt'>> & { paidAt: string | null; refundedAt: string | null };

export async function insertOrders(list: FixtureOrder[], opts: { withPayments?: boolean } = {}): Promise<InsertedOrder[]> {
  await ensureMigrated();
  const rows: InsertedOrder[] = list.map((o) => {
    const status = o.status ?? 'pending';
    const totalCents = o.totalCents ?? 1000;
    const createdAt = o.createdAt ?? new Date().toISOString();
    const paid = status === 'paid' || status === 'refunded';
    return {
      id: o.id ?? randomUUID(),
      token: o.token ?? randomBytes(32).toString('base64url'),
      status,
      method: o.method ?? 'pix',
      totalCents,
      refundedCents: o.refundedCents ?? (status === 'refunded' ? totalCents : 0),
      buyerName: o.buyerName ?? 'Maria da Silva',
      buyerDocument: o.buyerDocument ?? '52998224725',
      buyerEmail: o.buyerEmail ?? 'maria@example.com',
      createdAt,
      paidAt: o.paidAt !== undefined ? o.paidAt : paid ? createdAt : null,
      refundedAt: o.refundedAt !== undefined ? o.refundedAt : status === 'refunded' ? createdAt : null,
      latePayment: o.latePayment ?? false,
    };
  });
  const { db } = database();
  const chunk = 200;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await db.insert(orders).values(
      part.map((r) => ({
        id: r.id,
        token: r.token,
        checkoutKey: randomUUID(),
        status: r.status,
        method: r.method,
        totalCents: r.totalCents,
        refundedCents: r.refundedCents,
        buyerName: r.buyerName,
        buyerDocument: r.buyerDocument,
        buyerEmail: r.buyerEmail,
        latePayment: r.latePayment,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
        paidAt: r.paidAt,
      })),
    );
    if (opts.withPayments !== false) {
      await db.insert(payments).values(
        part.map((r) => ({
          id: randomUUID(),
          orderId: r.id,
          method: r.method,
          createState: 'created' as const,
          idempotencyKey: randomUUID(),
          providerId: randomUUID(),
          status: r.status,
          amountCents: r.totalCents,
          refundedCents: r.refundedCents,
          webhookToken: randomBytes(24).toString('base64url'),
          createdAt: r.createdAt,
          updatedAt: r.refundedAt ?? r.paidAt ?? r.createdAt,
          paidAt: r.paidAt,
          refundedAt: r.refundedAt,
        })),
      );
    }
  }
  return rows;
}
