/** Test helper: the ground most payment tests stand on, written once. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { clearOrders, prepareDatabase } from './db';
import { FakePaymentProvider } from './fake-payment-provider';

/**
 * Registers the hooks of a test file that places orders against a fake provider: the database
 * migrated and seeded once; before each test, no orders left by the one before (unless
 * `clearOrders: false`: files whose tests each make their own) and a new process context whose
 * payment provider is a fresh FakePaymentProvider (handed to `onFake`, so the file keeps its own
 * `fake`); after the file, a context without it. A file's own hooks registered after this call
 * run after these before each test, and before these at the end.
 *
 *   let fake: FakePaymentProvider;
 *   withFakeProvider((f) => (fake = f));
 */
export function withFakeProvider(onFake: (fake: FakePaymentProvider) => void = () => {}, options: { clearOrders?: boolean } = {}): void {
  beforeAll(prepareDatabase);
  beforeEach(async () => {
    if (options.clearOrders !== false) await clearOrders();
    const fake = new FakePaymentProvider();
    onFake(fake);
    startProcessContext([paymentProvider.provide(fake)]);
  });
  afterAll(() => startProcessContext());
}
