import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { emailSettings } from '@/db/schema';
import { emailKey } from '@/lib/email/keys';
import { SKIPPED_BY_SETTINGS } from '@/lib/email/outbox';
import { applyObservation } from './apply';
import type { Observation } from './observation';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { barcodeFor } from '@/test/payments/fake-payment-provider';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { barcodeToDigitableLine } from '@balcao/br/boleto';

beforeAll(prepareDatabase);

const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });
const boleto = (status: number, withLine = false, amountCents = 3990): Observation => {
  const barcode = withLine ? barcodeFor({ id: 'b-' + amountCents, input: { amountCents, dueDate: '2030-01-10' } }) : undefined;
  return {
    method: 'boleto',
    providerStatus: String(status),
    observed: chargeStateOf('boleto', status),
    artifacts: barcode ? { barcode, digitableLine: barcodeToDigitableLine(barcode), pdfUrl: 'http://localhost/pdf' } : {},
  };
};
const keys = async (orderId: string) => (await emailsOf(orderId)).map((e) => e.dedupeKey);

describe('e-mails written with the state change', () => {
  it('paid then refunded: one row per state, in the same transaction; replays write nothing more', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('completed'), 'webhook');
    await applyObservation(payment.id, pix('completed'), 'reconcile');
    await applyObservation(payment.id, pix('refunded'), 'webhook');
    await applyObservation(payment.id, pix('refunded'), 'webhook');
    const rows = await emailsOf(order.id);
    expect(rows.map((r) => [r.dedupeKey, r.kind, r.status, r.recipient])).toEqual([
      [emailKey.paid(order.id), 'paid', 'pending', 'maria@example.com'],
      [emailKey.refunded(order.id), 'refunded', 'pending', 'maria@example.com'],
    ]);
  });

  it('racing writers with the same read make one e-mail', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await Promise.all(Array.from({ length: 10 }, () => applyObservation(payment.id, pix('completed'), 'webhook')));
    expect(await keys(order.id)).toEqual([emailKey.paid(order.id)]);
  });

  it('a boleto gets its instructions when the line is registered, once, and not when it is already paid', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto' });
    await applyObservation(payment.id, boleto(1), 'webhook');
    expect(await keys(order.id)).toEqual([]);
    await applyObservation(payment.id, boleto(2, true), 'webhook');
    await applyObservation(payment.id, boleto(2, true), 'reconcile');
    expect(await keys(order.id)).toEqual([emailKey.instructions(order.id)]);

    const other = await insertOrderWithPayment({ method: 'boleto' });
    await applyObservation(other.payment.id, boleto(4, true), 'reconcile');
    expect(await keys(other.order.id)).toEqual([emailKey.paid(other.order.id)]);
  });

  it('expired or canceled tells the shopper only when the instructions were sent', async () => {
    const silent = await insertOrderWithPayment({ method: 'boleto' });
    await applyObservation(silent.payment.id, boleto(3), 'reconcile');
    expect(await keys(silent.order.id)).toEqual([]);

    const told = await insertOrderWithPayment({ method: 'boleto', cancelRequestedAt: new Date().toISOString() });
    await applyObservation(told.payment.id, boleto(2, true), 'webhook');
    await applyObservation(told.payment.id, boleto(3), 'merchant');
    expect(await keys(told.order.id)).toEqual([emailKey.instructions(told.order.id), emailKey.canceled(told.order.id)]);

    // A late payment after expiry: the confirmation follows too.
    const late = await insertOrderWithPayment({ method: 'boleto' });
    await applyObservation(late.payment.id, boleto(2, true), 'webhook');
    await applyObservation(late.payment.id, boleto(3), 'reconcile');
    await applyObservation(late.payment.id, boleto(4), 'reconcile');
    expect(await keys(late.order.id)).toEqual([emailKey.instructions(late.order.id), emailKey.expired(late.order.id), emailKey.paid(late.order.id)]);
  });

  it('a kind switched off in the settings is recorded as skipped, with the reason', async () => {
    await database().db.insert(emailSettings).values({ id: 1, sendPaid: false }).onConflictDoUpdate({ target: emailSettings.id, set: { sendPaid: false } });
    try {
      const { order, payment } = await insertOrderWithPayment();
      await applyObservation(payment.id, pix('completed'), 'webhook');
      const [row] = await emailsOf(order.id);
      expect(row).toMatchObject({ kind: 'paid', status: 'skipped', lastError: SKIPPED_BY_SETTINGS });
    } finally {
      await database().db.update(emailSettings).set({ sendPaid: true }).where(eq(emailSettings.id, 1));
    }
  });
});

describe('Reenviar e-mail', () => {
  it('queues a new keyed row for a pending order with instructions; one waiting at a time; refused once paid', async () => {
    const { resendInstructions, RESEND_MESSAGES } = await import('@/lib/payments/resend-instructions');
    const { chargeCreatedEffects } = await import('./state-effects');
    const { order, payment } = await insertOrderWithPayment();
    expect(await resendInstructions(order.id, 'demo@balcao.dev')).toEqual({ ok: false, error: RESEND_MESSAGES.notReady });
    await database().transaction(function* (tx) {
      yield* chargeCreatedEffects(tx, { orderId: order.id, method: 'pix', hasBoletoLine: false });
    });
    const [a, b] = await Promise.all([resendInstructions(order.id, 'demo@balcao.dev'), resendInstructions(order.id, 'demo@balcao.dev')]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(await keys(order.id)).toEqual([emailKey.instructions(order.id), emailKey.resend(order.id, 1)]);
    // Once that one went out, another may be queued.
    const { emailOutbox } = await import('@/db/schema');
    await database().db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.dedupeKey, emailKey.resend(order.id, 1)));
    expect((await resendInstructions(order.id, 'demo@balcao.dev')).ok).toBe(true);
    expect((await emailsOf(order.id)).at(-1)).toMatchObject({ dedupeKey: emailKey.resend(order.id, 2), kind: 'instructions', status: 'pending' });
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await resendInstructions(order.id, 'demo@balcao.dev')).toEqual({ ok: false, error: RESEND_MESSAGES.onlyPending });
  });
});
