/**
 * Reminders, found by a scan (the worker runs it every few minutes; the cron route too), each
 * enqueued once per order under its key "email:<order>:reminder":
 * - a registered boleto whose due date is tomorrow (São Paulo calendar) and is still unpaid;
 * - a Pix whose last payable day is today, when it lives longer than a day (a Pix made
 *   yesterday evening for today needs no reminder of what the shopper just saw).
 * Orders placed today are skipped: they were sent the instructions a moment ago.
 */
import 'server-only';
import { and, eq, gte, lt } from 'drizzle-orm';
import { database, db } from '@/db';
import { orders, payments, currentPaymentOf } from '@/db/schema';
import { addDays, saoPauloDate, startOfSaoPauloDay } from '@balcao/br/dates';
import { endOfSaoPauloDay } from '@/lib/orders';
import { emailKey } from './keys';
import { enqueueEmail, hasEmail } from './outbox';

const DAY_MS = 86_400_000;

export async function enqueueDueReminders(nowMs = Date.now()): Promise<number> {
  const today = saoPauloDate(new Date(nowMs));
  const startOfToday = startOfSaoPauloDay(today).toISOString();
  const base = and(eq(orders.status, 'pending'), eq(payments.createState, 'created'), lt(orders.createdAt, startOfToday));
  const boletos = await db()
    .select({ orderId: orders.id, createdAt: orders.createdAt, payableUntil: payments.payableUntil })
    .from(orders)
    .innerJoin(payments, currentPaymentOf(orders.id))
    .where(and(base, eq(orders.method, 'boleto'), eq(payments.dueDate, addDays(today, 1))));
  const pix = await db()
    .select({ orderId: orders.id, createdAt: orders.createdAt, payableUntil: payments.payableUntil })
    .from(orders)
    .innerJoin(payments, currentPaymentOf(orders.id))
    .where(and(base, eq(orders.method, 'pix'), eq(payments.payableUntil, today), gte(orders.createdAt, new Date(nowMs - 60 * DAY_MS).toISOString())));
  const livesOverADay = (r: { createdAt: string; payableUntil: string | null }) => {
    const end = r.payableUntil ? endOfSaoPauloDay(r.payableUntil) : null;
    return !!end && end.getTime() - Date.parse(r.createdAt) > DAY_MS;
  };
  let written = 0;
  for (const r of [...boletos, ...pix.filter(livesOverADay)]) {
    const key = emailKey.reminder(r.orderId);
    // Only after the instructions: a boleto never registered has no line to remind of.
    written += await database().transaction(function* (tx) {
      return yield* enqueueEmail(tx, { key, orderId: r.orderId, kind: 'reminder', when: hasEmail(emailKey.instructions(r.orderId)) });
    });
  }
  return written;
}
