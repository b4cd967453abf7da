import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { payments } from '@/db/schema';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { chargeCreatedEffects } from '@/lib/payments/state-effects';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { emailKey } from './keys';
import { enqueueDueReminders } from './reminders';

beforeAll(prepareDatabase);

const DAY = 86_400_000;
const now = Date.now();
const today = saoPauloDate(new Date(now));

/** An order placed `daysAgo` days ago, whose instructions went out (or not). */
async function order(o: { method: 'pix' | 'boleto'; daysAgo: number; dueDate?: string; payableUntil?: string; instructions?: boolean; status?: 'pending' | 'paid' }) {
  const createdAt = new Date(now - o.daysAgo * DAY).toISOString();
  const { order, payment } = await insertOrderWithPayment({ method: o.method, createdAt, status: o.status ?? 'pending' });
  await database().db.update(payments).set({ dueDate: o.dueDate ?? null, payableUntil: o.payableUntil ?? null }).where(eq(payments.id, payment.id));
  if (o.instructions !== false) {
    await database().transaction(function* (tx) {
      yield* chargeCreatedEffects(tx, { orderId: order.id, method: 'pix', hasBoletoLine: true });
    });
  }
  return order.id;
}
const hasReminder = async (orderId: string) => (await emailsOf(orderId)).some((e) => e.dedupeKey === emailKey.reminder(orderId));

describe('enqueueDueReminders', () => {
  it('a registered boleto due tomorrow and unpaid gets one reminder; not one placed today, not one without instructions, not a paid one', async () => {
    const tomorrow = addDays(today, 1);
    const due = await order({ method: 'boleto', daysAgo: 2, dueDate: tomorrow, payableUntil: addDays(tomorrow, 5) });
    const placedToday = await order({ method: 'boleto', daysAgo: 0, dueDate: tomorrow });
    const notRegistered = await order({ method: 'boleto', daysAgo: 2, dueDate: tomorrow, instructions: false });
    const paid = await order({ method: 'boleto', daysAgo: 2, dueDate: tomorrow, status: 'paid' });
    const later = await order({ method: 'boleto', daysAgo: 2, dueDate: addDays(today, 2) });
    await enqueueDueReminders(now);
    await enqueueDueReminders(now);
    expect(await hasReminder(due)).toBe(true);
    expect((await emailsOf(due)).filter((e) => e.kind === 'reminder')).toHaveLength(1);
    for (const id of [placedToday, notRegistered, paid, later]) expect(await hasReminder(id)).toBe(false);
  });

  it('a Pix on its last payable day gets one, when it lives over a day', async () => {
    const lastDay = await order({ method: 'pix', daysAgo: 2, dueDate: addDays(today, -1), payableUntil: today });
    const notYet = await order({ method: 'pix', daysAgo: 1, dueDate: today, payableUntil: addDays(today, 1) });
    await enqueueDueReminders(now);
    expect(await hasReminder(lastDay)).toBe(true);
    expect(await hasReminder(notYet)).toBe(false);
  });
});
