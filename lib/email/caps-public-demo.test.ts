/**
 * In a public demo anyone pays an order with the simulator and the shared login marks it
 * shipped: the e-mails of paid orders count toward the per-recipient cap and are capped too
 * (caps.ts). In a shop they are not (a payment is the buyer's own act). Cap at its default, 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { startProcessContext } from '@/lib/process/context';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { RECIPIENT_CAP_REASON } from './caps';
import { emailKey } from './keys';
import { enqueueEmail } from './outbox';

const saved = { ...process.env };
function publicDemo(on: boolean) {
  delete process.env.EMAILS_PER_RECIPIENT_PER_DAY; // the default: 3
  if (on) Object.assign(process.env, { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: 's'.repeat(32), AUTH_SECRET: 'a'.repeat(40) });
  else {
    for (const k of ['SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET']) delete process.env[k];
    (process.env as Record<string, string>).NODE_ENV = 'test';
  }
  startProcessContext();
}

beforeAll(async () => {
  publicDemo(false);
  await prepareDatabase();
});
afterAll(() => {
  Object.assign(process.env, saved);
  startProcessContext();
});

/** A paid order to `email` and its e-mails' statuses, in order, after `kinds` were enqueued. */
async function paidOrderMails(email: string, kinds: ('paid' | 'shipped')[]): Promise<string[]> {
  const { order } = await insertOrderWithPayment({ status: 'paid', buyerEmail: email });
  for (const kind of kinds) await database().transaction((tx) => enqueueEmail(tx, { key: emailKey[kind](order.id), orderId: order.id, kind }));
  return (await emailsOf(order.id)).map((r) => (r.status === 'skipped' ? `skipped: ${r.lastError}` : r.status));
}

describe('e-mails of paid orders and the per-recipient cap', () => {
  it('in a public demo they count and are capped: the 4th to one address in a day is not sent', async () => {
    publicDemo(true);
    const victim = 'vitima.paga@example.com';
    expect(await paidOrderMails(victim, ['paid', 'shipped'])).toEqual(['pending', 'pending']);
    expect(await paidOrderMails(victim, ['paid', 'shipped'])).toEqual(['pending', `skipped: ${RECIPIENT_CAP_REASON}`]);
    // Another address is not affected.
    expect(await paidOrderMails('outra.paga@example.com', ['paid'])).toEqual(['pending']);
  });

  it('in a shop they are neither counted nor capped', async () => {
    publicDemo(false);
    const buyer = 'cliente.fiel@example.com';
    for (let i = 0; i < 3; i++) expect(await paidOrderMails(buyer, ['paid', 'shipped'])).toEqual(['pending', 'pending']);
  });
});
