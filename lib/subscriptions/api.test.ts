import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { createApiKey } from '@/lib/public-api/keys';
import { getSubscriptions } from '@/lib/public-api/routes';
import { subscriptionList } from '@/lib/public-api/schemas';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { JAN_31, newSubscription, payCycle, subscribableProduct } from '@/test/subscriptions/fixtures';
import { runCyclePass } from './cycles';

const fake = new FakePaymentProvider();
beforeAll(async () => {
  await prepareDatabase();
  startProcessContext([paymentProvider.provide(fake)]);
});
afterAll(() => startProcessContext());

const call = (key: string, qs = '') => getSubscriptions(new Request(`http://localhost/api/v1/subscriptions${qs}`, { headers: { authorization: `Bearer ${key}` } }));

describe('GET /api/v1/subscriptions', () => {
  it('lists active subscriptions (not the unpaid first cycles) in the documented shape, page by page; a key scoped to its own orders sees none', async () => {
    const product = await subscribableProduct({ priceCents: 5990 });
    for (let i = 0; i < 3; i++) {
      const s = await newSubscription(product, { email: `api${i}@example.com` });
      if (i < 2) await payCycle(fake, s.id, 0);
    }
    await runCyclePass({ now: JAN_31 });
    const all = await createApiKey('ERP', { orderScope: 'all' });
    const first = await call(all.key, '?limit=1');
    expect(first.status).toBe(200);
    const page = subscriptionList.parse(await first.json());
    expect(page.data).toMatchObject([{ status: 'active', amount: 5990, interval: 'month', next_charge_at: '2027-02-28T12:00:00.000Z' }]);
    const second = subscriptionList.parse(await (await call(all.key, `?limit=5&cursor=${page.next_cursor}`)).json());
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const own = await createApiKey('Loja', { orderScope: 'own' });
    expect(await (await call(own.key)).json()).toEqual({ data: [], next_cursor: null });
    expect((await call('bk_test_nope')).status).toBe(401);
  });
});
