/** Test helper: the ground most payment tests stand on, written once. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { clearOrders, prepareDatabase } from './db';
import { FakePaymentApi } from './fake-payment-api';

/**
 * Registers the hooks of a test file that places orders against a fake provider: the database
 * migrated and seeded once; before each test, no orders left by the one before and a new
 * process context whose payment provider is a fresh FakePaymentApi (handed to `onFake`, so the
 * file keeps its own `fake`); after the file, a context without it.
 *
 *   let fake: FakePaymentApi;
 *   withFakeProvider((f) => (fake = f));
 */
export function withFakeProvider(onFake: (fake: FakePaymentApi) => void): void {
  beforeAll(prepareDatabase);
  beforeEach(async () => {
    await clearOrders();
    const fake = new FakePaymentApi();
    onFake(fake);
    startProcessContext([paymentProvider.provide(fake)]);
  });
  afterAll(() => startProcessContext());
}
