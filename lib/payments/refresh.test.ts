import { describe, expect, it, vi } from 'vitest';
import { refreshNow, refreshSoon, REFRESH_MIN_INTERVAL_MS, takeRefreshSlot } from './refresh';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { orderById } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';

let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));

describe('refreshSoon', () => {
  it('fetches a pending payment back in the background and heals the order', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    refreshSoon(order.token);
    await vi.waitFor(async () => expect((await orderById(order.id))!.status).toBe('paid'));
  });

  it('runs at most once per 5 s per order', async () => {
    const { order } = await placeTestOrder('pix');
    fake.calls.length = 0;
    for (let i = 0; i < 10; i++) refreshSoon(order.token);
    await vi.waitFor(() => expect(fake.count('getPix')).toBe(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.count('getPix')).toBe(1);
  });

  it('the throttle opens again after 5 s', () => {
    const t0 = 1_000_000;
    expect(takeRefreshSlot('a', t0)).toBe(true);
    expect(takeRefreshSlot('a', t0 + REFRESH_MIN_INTERVAL_MS - 1)).toBe(false);
    expect(takeRefreshSlot('b', t0 + 1)).toBe(true);
    expect(takeRefreshSlot('a', t0 + REFRESH_MIN_INTERVAL_MS)).toBe(true);
  });

  it('does not read orders that are no longer pending, nor unknown tokens', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    await refreshNow(order.token);
    fake.calls.length = 0;
    await refreshNow(order.token);
    await refreshNow('unknown-token');
    expect(fake.calls).toHaveLength(0);
  });

  it('swallows provider errors', async () => {
    const { order } = await placeTestOrder('pix');
    fake.failNext('getPix', apiError('unavailable'));
    await expect(refreshNow(order.token)).resolves.toBeUndefined();
    expect(() => refreshSoon(order.token)).not.toThrow();
  });
});
