import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { emailSettings, users } from '@/db/schema';
import { emailKey } from '@/lib/email/keys';
import { applyObservation } from './apply';
import type { Observation } from './observation';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';

const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });
const alerts = async (orderId: string) => (await emailsOf(orderId)).filter((e) => e.kind === 'new_sale' || e.kind === 'late_payment').map((e) => [e.dedupeKey, e.recipient, e.status]);

beforeAll(prepareDatabase);
beforeEach(async () => {
  await database().db.delete(emailSettings);
  await database().db.delete(users);
});

describe('the merchant is told of each sale, in the transaction that marks the order paid', () => {
  it('"Nova venda" once per paid order, to the notification addresses, whatever the replays and races', async () => {
    await database().db.insert(emailSettings).values({ id: 1, notificationEmails: 'dono@loja.com, vendas@loja.com' });
    const { order, payment } = await insertOrderWithPayment();
    await Promise.all(Array.from({ length: 5 }, () => applyObservation(payment.id, pix('completed'), 'webhook')));
    await applyObservation(payment.id, pix('completed'), 'reconcile');
    await applyObservation(payment.id, pix('refunded'), 'webhook');
    expect(await alerts(order.id)).toEqual([[emailKey.newSale(order.id), 'dono@loja.com, vendas@loja.com', 'pending']]);
  });

  it('with no list set, to every merchant user; switched off, kept as skipped', async () => {
    await database().db.insert(users).values([
      { email: 'ana@loja.com', name: 'Ana', passwordHash: 'x' },
      { email: 'bia@loja.com', name: 'Bia', passwordHash: 'x' },
    ]);
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await alerts(order.id)).toEqual([[emailKey.newSale(order.id), 'ana@loja.com, bia@loja.com', 'pending']]);

    await database().db.insert(emailSettings).values({ id: 1, sendNewSale: false });
    const other = await insertOrderWithPayment();
    await applyObservation(other.payment.id, pix('completed'), 'webhook');
    expect(await alerts(other.order.id)).toEqual([[emailKey.newSale(other.order.id), 'ana@loja.com, bia@loja.com', 'skipped']]);
  });

  it('a late payment also sends "Pagamento atrasado"; a pending order sends nothing', async () => {
    await database().db.insert(emailSettings).values({ id: 1, notificationEmails: 'dono@loja.com' });
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('active'), 'webhook');
    expect(await alerts(order.id)).toEqual([]);
    await applyObservation(payment.id, pix('canceled'), 'webhook');
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await alerts(order.id)).toEqual([
      [emailKey.newSale(order.id), 'dono@loja.com', 'pending'],
      [emailKey.latePayment(order.id), 'dono@loja.com', 'pending'],
    ]);
  });
});
