import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { run } from '@/db/driver';
import { paymentEvents, payments } from '@/db/schema';
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { applyObservation, TOUCH_MIN_INTERVAL_MS } from './apply';
import { dedupe, insertEvent, type PaymentEventType } from './events';
import type { Observation } from './observation';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { barcodeFor } from '@/test/payments/fake-payment-provider';
import { eventsOf, insertOrderWithPayment, orderById, paymentById, prepareDatabase, statusEventsOf } from '@/test/payments/db';

beforeAll(prepareDatabase);

const pix = (status: string, extra: Partial<Observation> = {}): Observation => ({
  method: 'pix',
  providerStatus: status,
  observed: chargeStateOf('pix', status),
  artifacts: {},
  ...extra,
});
const boleto = (status: number, extra: Partial<Observation> = {}): Observation => ({
  method: 'boleto',
  providerStatus: String(status),
  observed: chargeStateOf('boleto', status),
  artifacts: {},
  ...extra,
});

describe('applyObservation', () => {
  it('moves pending → paid once: order and payment updated, one event; a replay changes nothing', async () => {
    const { order, payment } = await insertOrderWithPayment();
    const first = await applyObservation(payment.id, pix('completed', { paidAt: '2025-03-01T12:00:00.000Z' }), 'webhook', { detail: { eventId: 'e1' } });
    expect(first).toMatchObject({ found: true, changed: true, from: 'pending', status: 'paid', steps: ['paid'] });
    const o = await orderById(order.id);
    const p = await paymentById(payment.id);
    expect(o).toMatchObject({ status: 'paid', paidAt: '2025-03-01T12:00:00.000Z' });
    expect(p).toMatchObject({ status: 'paid', paidAt: '2025-03-01T12:00:00.000Z', providerStatus: 'completed', version: payment.version + 1 });
    expect(p!.lastCheckedAt).not.toBeNull();

    const again = await applyObservation(payment.id, pix('completed'), 'reconcile');
    expect(again.changed).toBe(false);
    const events = await statusEventsOf(payment.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromStatus: 'pending', toStatus: 'paid', source: 'webhook', dedupeKey: dedupe.status(payment.id, 'paid') });
    expect(JSON.parse(events[0].detail!)).toMatchObject({ providerStatus: 'completed', eventId: 'e1' });
    expect((await paymentById(payment.id))!.version).toBe(payment.version + 1);
  });

  it('a read that changes nothing refreshes last_checked_at, at most once a second unless the provider status differs', async () => {
    const { payment } = await insertOrderWithPayment();
    const setChecked = (at: string | null, providerStatus: string | null = 'active') =>
      database().db.update(payments).set({ lastCheckedAt: at, providerStatus }).where(eq(payments.id, payment.id)).run();
    const checkedAt = async () => (await paymentById(payment.id))!.lastCheckedAt;

    await setChecked(null);
    await applyObservation(payment.id, pix('active'), 'reconcile');
    const first = await checkedAt();
    expect(first).not.toBeNull();

    // Within the second, with the same provider status: the row is left as it is.
    const recent = new Date(Date.now() - TOUCH_MIN_INTERVAL_MS / 2).toISOString();
    await setChecked(recent);
    await applyObservation(payment.id, pix('active'), 'webhook');
    expect(await checkedAt()).toBe(recent);

    // Older than that: refreshed.
    const old = new Date(Date.now() - TOUCH_MIN_INTERVAL_MS - 50).toISOString();
    await setChecked(old);
    await applyObservation(payment.id, pix('active'), 'webhook');
    expect(Date.parse((await checkedAt())!)).toBeGreaterThan(Date.parse(old));

    // A different provider status (that moves nothing) is written even within the second.
    await setChecked(recent, 'ACTIVE');
    await applyObservation(payment.id, pix('active'), 'webhook');
    const p = (await paymentById(payment.id))!;
    expect(p.providerStatus).toBe('active');
    expect(Date.parse(p.lastCheckedAt!)).toBeGreaterThan(Date.parse(recent));
    expect(p.version).toBe(payment.version);
  });

  it('applies 25 concurrent identical observations exactly once', async () => {
    const { payment } = await insertOrderWithPayment();
    const results = await Promise.all(Array.from({ length: 25 }, () => applyObservation(payment.id, pix('completed'), 'webhook')));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await statusEventsOf(payment.id)).toHaveLength(1);
    expect((await paymentById(payment.id))!.version).toBe(payment.version + 1);
  });

  it('rolls back when the status event already exists (a writer that skipped the row update)', async () => {
    const { payment } = await insertOrderWithPayment();
    await database().transaction(function* (tx) {
      yield* run(insertEvent(tx, { paymentId: payment.id, orderId: payment.orderId, type: 'status_changed', source: 'webhook', toStatus: 'paid', dedupeKey: dedupe.status(payment.id, 'paid') }));
    });
    const r = await applyObservation(payment.id, pix('completed'), 'reconcile');
    expect(r.changed).toBe(false);
    expect((await paymentById(payment.id))!.status).toBe('pending'); // nothing half-applied
    expect(await statusEventsOf(payment.id)).toHaveLength(1);
  });

  it('never moves back: a late "active" after paid leaves it paid (and keeps the provider status)', async () => {
    const { payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('completed'), 'webhook');
    const r = await applyObservation(payment.id, pix('active'), 'webhook');
    expect(r.changed).toBe(false);
    expect(await paymentById(payment.id)).toMatchObject({ status: 'paid', providerStatus: 'completed' });
  });

  it('maps the provider\'s canceled to expired, or to canceled when cancellation was requested', async () => {
    const a = await insertOrderWithPayment();
    await applyObservation(a.payment.id, pix('canceled'), 'reconcile');
    expect((await orderById(a.order.id))!.status).toBe('expired');

    const b = await insertOrderWithPayment({ method: 'boleto', cancelRequestedAt: new Date().toISOString() });
    await applyObservation(b.payment.id, boleto(3), 'merchant', { actor: 'demo@balcao.dev' });
    expect((await orderById(b.order.id))!.status).toBe('canceled');
    const [ev] = await statusEventsOf(b.payment.id);
    expect(ev).toMatchObject({ source: 'merchant', toStatus: 'canceled' });
    expect(JSON.parse(ev.detail!).actor).toBe('demo@balcao.dev');
  });

  it('lets the provider\'s paid win over expired: late payment flagged and logged', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('canceled'), 'reconcile');
    const r = await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(r).toMatchObject({ changed: true, from: 'expired', status: 'paid' });
    expect(await orderById(order.id)).toMatchObject({ status: 'paid', latePayment: true });
    const types = (await eventsOf(payment.id)).map((e) => e.type);
    expect(types).toEqual(['status_changed', 'status_changed', 'late_payment']);
  });

  it('goes pending → paid → refunded in one step when the paid state was never seen', async () => {
    const { order, payment } = await insertOrderWithPayment({ totalCents: 10000 });
    const r = await applyObservation(payment.id, pix('refunded'), 'reconcile');
    expect(r.steps).toEqual(['paid', 'refunded']);
    expect(await orderById(order.id)).toMatchObject({ status: 'refunded', refundedCents: 10000 }); // unknown amount: the whole
    const p = await paymentById(payment.id);
    expect(p!.paidAt).not.toBeNull();
    expect(p!.refundedAt).not.toBeNull();
    expect((await statusEventsOf(payment.id)).map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual(['pending>paid', 'paid>refunded']);
  });

  it('keeps the refunded amount recorded at refund time, else the amount the merchant asked for', async () => {
    const a = await insertOrderWithPayment({ totalCents: 10000 });
    await applyObservation(a.payment.id, pix('completed'), 'webhook');
    await database().db.update(payments).set({ refundedCents: 2500 }).where(eq(payments.id, a.payment.id));
    await applyObservation(a.payment.id, pix('refunded'), 'webhook');
    expect((await orderById(a.order.id))!.refundedCents).toBe(2500);

    const b = await insertOrderWithPayment({ totalCents: 10000 });
    await applyObservation(b.payment.id, pix('completed'), 'webhook');
    await database().db.insert(paymentEvents).values({
      paymentId: b.payment.id, orderId: b.order.id, type: 'refund_requested', source: 'merchant', dedupeKey: dedupe.refund(b.payment.id), detail: JSON.stringify({ amountCents: 1234 }),
    });
    await applyObservation(b.payment.id, pix('refunded'), 'webhook');
    expect(await orderById(b.order.id)).toMatchObject({ status: 'refunded', refundedCents: 1234 });
  });

  it('refunds a boleto in full (no partial boleto refunds exist)', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', totalCents: 5900 });
    await applyObservation(payment.id, boleto(4, { paidAt: '2025-01-02T10:00:00.000Z' }), 'webhook');
    await applyObservation(payment.id, boleto(5), 'reconcile');
    expect(await orderById(order.id)).toMatchObject({ status: 'refunded', refundedCents: 5900, paidAt: '2025-01-02T10:00:00.000Z' });
  });

  it('stores artifacts that appear without a status change, with one "registered" event', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', totalCents: 5900 });
    const barcode = barcodeFor({ id: payment.id, input: { amountCents: 5900, dueDate: '2030-01-10' } });
    const registered = boleto(2, {
      artifacts: { barcode, digitableLine: barcodeToDigitableLine(barcode), pdfUrl: 'https://pay.example/invoice/boleto/pdf/abc', invoiceUrl: 'https://pay.example/invoice/boleto/abc' },
    });
    const r = await applyObservation(payment.id, registered, 'webhook');
    expect(r).toMatchObject({ changed: true, status: 'pending', steps: [] });
    expect(await paymentById(payment.id)).toMatchObject({ barcode, digitableLine: barcodeToDigitableLine(barcode), invoiceUrl: 'https://pay.example/invoice/boleto/abc', providerStatus: '2' });
    expect((await orderById(order.id))!.status).toBe('pending');
    expect((await applyObservation(payment.id, registered, 'reconcile')).changed).toBe(false);
    expect((await eventsOf(payment.id)).filter((e) => e.type === 'registered')).toHaveLength(1);
  });

  it("stores a Pix QR image only when none is stored or the code changed, without reading the stored one", async () => {
    const { payment } = await insertOrderWithPayment();
    const setArtifacts = (pixCode: string | null, pixImage: string | null) => database().db.update(payments).set({ pixCode, pixImage }).where(eq(payments.id, payment.id)).run();
    const stored = async () => {
      const p = (await paymentById(payment.id))!;
      return { pixCode: p.pixCode, pixImage: p.pixImage };
    };

    await setArtifacts('000201-code-a', null);
    expect((await applyObservation(payment.id, pix('active', { artifacts: { pixCode: '000201-code-a', pixImage: 'data:image/png;base64,AAA' } }), 'webhook')).changed).toBe(true);
    expect(await stored()).toEqual({ pixCode: '000201-code-a', pixImage: 'data:image/png;base64,AAA' });

    // The same code, drawn again by the provider: the picture stored is kept, nothing is written.
    const version = (await paymentById(payment.id))!.version;
    expect((await applyObservation(payment.id, pix('active', { artifacts: { pixCode: '000201-code-a', pixImage: 'data:image/png;base64,BBB' } }), 'webhook')).changed).toBe(false);
    expect(await stored()).toEqual({ pixCode: '000201-code-a', pixImage: 'data:image/png;base64,AAA' });
    expect((await paymentById(payment.id))!.version).toBe(version);

    // A new code brings its own picture.
    expect((await applyObservation(payment.id, pix('active', { artifacts: { pixCode: '000201-code-b', pixImage: 'data:image/png;base64,CCC' } }), 'webhook')).changed).toBe(true);
    expect(await stored()).toEqual({ pixCode: '000201-code-b', pixImage: 'data:image/png;base64,CCC' });
  });

  it('an unknown provider status changes nothing and is logged once per status', async () => {
    const { payment } = await insertOrderWithPayment();
    expect((await applyObservation(payment.id, pix('on_hold'), 'reconcile')).changed).toBe(false);
    await applyObservation(payment.id, pix('on_hold'), 'reconcile');
    const events = await eventsOf(payment.id);
    expect(events.map((e) => e.type)).toEqual(['unknown_status']);
    expect((await paymentById(payment.id))!.status).toBe('pending');
  });

  it('flags an amount that differs from what was charged', async () => {
    const { payment } = await insertOrderWithPayment({ totalCents: 3990 });
    await applyObservation(payment.id, pix('active', { amountCents: 100 }), 'reconcile');
    const [ev] = await eventsOf(payment.id);
    expect(ev.type).toBe('amount_mismatch');
    expect(JSON.parse(ev.detail!)).toMatchObject({ expectedCents: 3990, providerCents: 100 });
  });

  it('reports an unknown payment id as not found', async () => {
    expect(await applyObservation('00000000-0000-0000-0000-000000000000', pix('completed'), 'webhook')).toEqual({ found: false, changed: false, steps: [] });
  });

  describe('alsoInTransaction', () => {
    const marker = (paymentId: string, note: string) => ({ paymentId, orderId: '', type: 'test_marker' as PaymentEventType, source: 'webhook' as const, detail: { note } });

    it('runs last with the result, and its writes commit with the state change', async () => {
      const { payment } = await insertOrderWithPayment();
      const seen: unknown[] = [];
      const r = await applyObservation(payment.id, pix('completed'), 'webhook', {
        alsoInTransaction: function* (tx, result) {
          seen.push(result);
          yield* run(insertEvent(tx, { ...marker(payment.id, result.changed ? 'applied' : 'no_change'), orderId: payment.orderId }));
        },
      });
      expect(seen).toEqual([r]);
      const markers = (await eventsOf(payment.id)).filter((e) => e.type === 'test_marker');
      expect(markers.map((m) => JSON.parse(m.detail!).note)).toEqual(['applied']);
      // Also when nothing moves.
      await applyObservation(payment.id, pix('completed'), 'webhook', {
        alsoInTransaction: function* (tx, result) {
          yield* run(insertEvent(tx, { ...marker(payment.id, result.changed ? 'applied' : 'no_change'), orderId: payment.orderId }));
        },
      });
      expect((await eventsOf(payment.id)).filter((e) => e.type === 'test_marker').map((m) => JSON.parse(m.detail!).note)).toEqual(['applied', 'no_change']);
    });

    it('a failure in it rolls the state change back too', async () => {
      const { payment } = await insertOrderWithPayment();
      await expect(
        applyObservation(payment.id, pix('completed'), 'webhook', {
          alsoInTransaction: function* () {
            throw new Error('disk full');
          },
        }),
      ).rejects.toThrow('disk full');
      expect((await paymentById(payment.id))!.status).toBe('pending');
      expect(await statusEventsOf(payment.id)).toHaveLength(0);
    });

    it('does not run when the transaction rolls back as already applied', async () => {
      const { payment } = await insertOrderWithPayment();
      await database().transaction(function* (tx) {
        yield* run(insertEvent(tx, { paymentId: payment.id, orderId: payment.orderId, type: 'status_changed', source: 'webhook', toStatus: 'paid', dedupeKey: dedupe.status(payment.id, 'paid') }));
      });
      let ran = false;
      const r = await applyObservation(payment.id, pix('completed'), 'reconcile', {
        alsoInTransaction: function* () {
          ran = true;
        },
      });
      expect(r.changed).toBe(false);
      expect(ran).toBe(false);
    });
  });
});
