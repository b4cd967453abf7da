/**
 * Storing the provider's answer to a create (`storeCreated`), sent as one batch on libSQL with
 * its guards in the SQL: each case the read-then-write transaction it replaced decided by
 * reading first. Runs on both drivers (vitest project `libsql`).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { emailOutbox, payments } from '@/db/schema';
import { emailsOf, eventsOf, insertOrderWithPayment, paymentById, prepareDatabase } from '@/test/payments/db';
import { storeCreated } from './create-charge';

beforeAll(prepareDatabase);

async function creating() {
  return insertOrderWithPayment({ createState: 'creating', providerId: null });
}

const charge = (id: string) => ({ id, status: 'pending', pixCode: `pix-${id}`, pixImage: 'data:image/png;base64,AA==' });
const createdEvents = async (paymentId: string) => (await eventsOf(paymentId)).filter((e) => e.type === 'created');

describe('storeCreated', () => {
  it('stores the charge, its "created" event and the instructions e-mail together', async () => {
    const { order, payment } = await creating();
    expect(await storeCreated(payment, order, charge('ch_a'), 'checkout')).toBe(true);
    expect(await paymentById(payment.id)).toMatchObject({ createState: 'created', providerId: 'ch_a', pixCode: 'pix-ch_a', version: payment.version + 1, createError: null });
    expect((await createdEvents(payment.id)).map((e) => JSON.parse(e.detail ?? '{}'))).toEqual([{ providerId: 'ch_a' }]);
    expect((await emailsOf(order.id)).map((e) => e.kind)).toEqual(['instructions']);
  });

  it('a second store of the same charge (a concurrent retry) is fine and writes nothing again, even after the e-mail was sent and cleared', async () => {
    const { order, payment } = await creating();
    expect(await storeCreated(payment, order, charge('ch_b'), 'checkout')).toBe(true);
    await database().db.delete(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(await storeCreated(payment, order, charge('ch_b'), 'reconcile')).toBe(true);
    expect(await createdEvents(payment.id)).toHaveLength(1);
    expect(await emailsOf(order.id)).toEqual([]);
  });

  it('another charge stored first: refused (an orphan at the provider), nothing of this one written', async () => {
    const { order, payment } = await creating();
    expect(await storeCreated(payment, order, charge('ch_first'), 'checkout')).toBe(true);
    expect(await storeCreated(payment, order, charge('ch_other'), 'checkout')).toBe(false);
    expect(await paymentById(payment.id)).toMatchObject({ providerId: 'ch_first', pixCode: 'pix-ch_first' });
    expect((await createdEvents(payment.id)).map((e) => JSON.parse(e.detail ?? '{}'))).toEqual([{ providerId: 'ch_first' }]);
    expect(await emailsOf(order.id)).toHaveLength(1);
  });

  it('a payment given up (failed) or deleted meanwhile: refused, no event, no e-mail', async () => {
    const failed = await creating();
    await database().db.update(payments).set({ createState: 'failed' }).where(eq(payments.id, failed.payment.id));
    expect(await storeCreated(failed.payment, failed.order, charge('ch_late'), 'checkout')).toBe(false);
    expect(await paymentById(failed.payment.id)).toMatchObject({ createState: 'failed', providerId: null });
    expect(await createdEvents(failed.payment.id)).toEqual([]);
    expect(await emailsOf(failed.order.id)).toEqual([]);

    const gone = await creating();
    await database().db.delete(payments).where(eq(payments.id, gone.payment.id));
    expect(await storeCreated(gone.payment, gone.order, charge('ch_gone'), 'checkout')).toBe(false);
    expect(await emailsOf(gone.order.id)).toEqual([]);
  });
});
