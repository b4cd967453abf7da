/**
 * The caps on e-mails a stranger can cause (caps.ts): 3 a day per recipient from unpaid
 * orders (instructions, reminders, "expirado"), 3 "Reenviar e-mail" per order a day. Real
 * SQLite file; the caps at their defaults (test/setup.ts raises them for every other file).
 */
import { insertProduct } from '@/test/catalog/products';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { emailOutbox } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { applyObservation } from '@/lib/payments/apply';
import { resendInstructions, RESEND_MESSAGES } from '@/lib/payments/resend-instructions';
import { chargeCreatedEffects } from '@/lib/payments/state-effects';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { orderViewByToken } from '@/lib/orders/queries';
import { emailKey } from './keys';
import { normalisedAddress, normalisedAddressSql, RECIPIENT_CAP_REASON } from './caps';
import { sql } from 'drizzle-orm';
import { enqueueDueReminders } from './reminders';
import { raceWorkers } from '@/test/worker-process';
import { withEnvDefault } from '@/test/env';

withEnvDefault('EMAILS_PER_RECIPIENT_PER_DAY'); // the default: 3
beforeAll(prepareDatabase);

/** A Pix order whose charge was just created: what create-charge.ts writes. */
async function pixOrderFor(email: string) {
  const placed = await insertOrderWithPayment({ buyerEmail: email });
  await database().transaction(function* (tx) {
    yield* chargeCreatedEffects(tx, { orderId: placed.order.id, method: 'pix', hasBoletoLine: false });
  });
  return placed;
}

const instructionsRow = async (orderId: string) => (await emailsOf(orderId)).find((r) => r.dedupeKey === emailKey.instructions(orderId))!;

describe('at most 3 e-mails a day to one recipient from unpaid orders', () => {
  it('the 4th order to one address still works, its instructions are skipped with the reason; other addresses are not affected', async () => {
    const victim = 'vitima@example.com';
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await pixOrderFor(victim));
    const rows = await Promise.all(orders.map((o) => instructionsRow(o.order.id)));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'skipped', 'skipped']);
    expect(rows[3].lastError).toBe(RECIPIENT_CAP_REASON);
    // The buyer's order page reads why (app/(shop)/orders/[token] says it in Portuguese).
    expect((await orderViewByToken(orders[3].order.token))?.instructionsEmail).toEqual({ status: 'skipped', lastError: RECIPIENT_CAP_REASON });
    expect((await orderViewByToken(orders[0].order.token))?.instructionsEmail).toEqual({ status: 'pending', lastError: null });

    const other = await pixOrderFor('outra@example.com');
    expect((await instructionsRow(other.order.id)).status).toBe('pending');
  });

  it('reminders and "expirado" follow the same cap; paid confirmations do not', async () => {
    const email = 'lembrete@example.com';
    const first = await Promise.all([pixOrderFor(email), pixOrderFor(email), pixOrderFor(email)]);
    // A boleto registered yesterday and due tomorrow: its reminder would be a 4th e-mail today.
    const yesterday = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    const boleto = await insertOrderWithPayment({ method: 'boleto', buyerEmail: email, createdAt: yesterday });
    // Its instructions were sent yesterday (outside the 24 hours).
    await database().db.insert(emailOutbox).values({ dedupeKey: emailKey.instructions(boleto.order.id), orderId: boleto.order.id, kind: 'instructions', recipient: email, status: 'sent', createdAt: yesterday });
    const { payments } = await import('@/db/schema');
    const { addDays, saoPauloDate } = await import('@balcao/br/dates');
    await database().db.update(payments).set({ dueDate: addDays(saoPauloDate(), 1) }).where(eq(payments.id, boleto.payment.id));
    await enqueueDueReminders();
    const reminder = (await emailsOf(boleto.order.id)).find((r) => r.dedupeKey === emailKey.reminder(boleto.order.id))!;
    expect(reminder).toMatchObject({ status: 'skipped', lastError: RECIPIENT_CAP_REASON });

    await applyObservation(first[0].payment.id, { method: 'pix', providerStatus: 'canceled', observed: chargeStateOf('pix', 'canceled'), artifacts: {} }, 'reconcile');
    const expired = (await emailsOf(first[0].order.id)).find((r) => r.dedupeKey === emailKey.expired(first[0].order.id))!;
    expect(expired).toMatchObject({ status: 'skipped', lastError: RECIPIENT_CAP_REASON });

    await applyObservation(first[1].payment.id, { method: 'pix', providerStatus: 'completed', observed: chargeStateOf('pix', 'completed'), artifacts: {} }, 'webhook');
    const paid = (await emailsOf(first[1].order.id)).find((r) => r.dedupeKey === emailKey.paid(first[1].order.id))!;
    expect(paid.status).toBe('pending');
  });

  it('rows older than 24 hours no longer count', async () => {
    const email = 'ontem@example.com';
    const old = await Promise.all([pixOrderFor(email), pixOrderFor(email), pixOrderFor(email)]);
    const dayAgo = new Date(Date.now() - 86_400_000 - 1000).toISOString();
    for (const o of old) await database().db.update(emailOutbox).set({ createdAt: dayAgo }).where(eq(emailOutbox.orderId, o.order.id));
    const today = await pixOrderFor(email);
    expect((await instructionsRow(today.order.id)).status).toBe('pending');
  });

  it('holds across processes: 4 processes × 2 checkouts at one instant to one address queue exactly 3 e-mails', async () => {
    startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
    // The checkout worker buys as comprador@example.com, through the real placeOrder.
    const productId = await insertProduct({ slug: 'cap-race', name: 'Sem estoque controlado', description: '', priceCents: 2000, imagePath: '', stock: null });
    const outcomes = await raceCheckouts(productId, 4, 2);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes).toHaveLength(8);
    const rows = await database().db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'comprador@example.com'));
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'skipped').every((r) => r.lastError === RECIPIENT_CAP_REASON)).toBe(true);
    startProcessContext();
  }, 90_000);
});

describe('"Reenviar e-mail": at most 3 per order a day', () => {
  it('the 4th resend in 24 hours is refused with the reason; a day later it works again', async () => {
    const { order } = await pixOrderFor('reenvio@example.com');
    for (let n = 1; n <= 3; n++) {
      expect((await resendInstructions(order.id, 'demo@balcao.dev')).ok).toBe(true);
      await database().db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.dedupeKey, emailKey.resend(order.id, n)));
    }
    expect(await resendInstructions(order.id, 'demo@balcao.dev')).toEqual({ ok: false, error: RESEND_MESSAGES.dailyLimit });
    expect(RESEND_MESSAGES.dailyLimit).toMatch(/3 reenvios por dia/);

    const dayAgo = new Date(Date.now() - 86_400_000 - 1000).toISOString();
    await database().db.update(emailOutbox).set({ createdAt: dayAgo }).where(eq(emailOutbox.dedupeKey, emailKey.resend(order.id, 1)));
    expect((await resendInstructions(order.id, 'demo@balcao.dev')).ok).toBe(true);
  });
});

const WORKER = 'test/catalog/checkout-worker.ts';

/** `processes` processes × `shoppers` checkouts each, own connections to this file's database, one start instant. */
async function raceCheckouts(productId: number, processes: number, shoppers: number): Promise<{ ok: boolean; error?: string }[]> {
  return (await raceWorkers<{ ok: boolean; error?: string }[]>(WORKER, Array.from({ length: processes }, () => [productId, shoppers]))).flat();
}

describe('the cap counts a mailbox, not a spelling', () => {
  it('normalises case, +tag and Gmail dots, the same in TypeScript and in SQL', async () => {
    const cases: [string, string][] = [
      ['Ana.Silva+promo@GMail.com', 'anasilva@gmail.com'],
      ['ana.silva@googlemail.com', 'anasilva@gmail.com'],
      ['Ana.Silva+x@Empresa.com.BR', 'ana.silva@empresa.com.br'],
      ['+tag@example.com', '+tag@example.com'],
    ];
    for (const [input, out] of cases) {
      expect(normalisedAddress(input)).toBe(out);
      const [row] = await database().db.all<{ n: string }>(sql`select ${normalisedAddressSql(sql`${input}`)} as n`);
      expect(row.n).toBe(out);
    }
  });

  it('+tag aliases of one address share its 3 a day', async () => {
    const local = `tag${Date.now()}`;
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await pixOrderFor(`${local}+${i}@example.com`));
    const rows = await Promise.all(orders.map((o) => instructionsRow(o.order.id)));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'skipped']);
  });

  it("abandoned-checkout reminders have their own budget: three of them never skip a real order's instructions", async () => {
    const victim = `budget${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      await database().db.insert(emailOutbox).values({ dedupeKey: `draft:budget-${victim}-${i}:reminder:1`, orderId: null, kind: 'cart_reminder', recipient: victim, status: 'sent' });
    }
    const placed = await pixOrderFor(victim.toUpperCase());
    expect((await instructionsRow(placed.order.id)).status).toBe('pending');
  });
});
