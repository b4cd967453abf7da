/**
 * The payment API used by the use-cases: the real client (lib/payment-api/client.ts) built
 * from env() on first use, or a fake injected by tests.
 */
import 'server-only';
import { paymentApi, type PaymentApi } from '@/lib/payment-api/client';

const key = Symbol.for('balcao.payments.api');
const holder = globalThis as unknown as { [key]?: { api?: PaymentApi; override?: PaymentApi } };

export function api(): PaymentApi {
  const h = (holder[key] ??= {});
  if (h.override) return h.override;
  return (h.api ??= paymentApi());
}

/** Tests only: use `fake` instead of the real client (undefined restores the real one). */
export function setPaymentApiForTests(fake: PaymentApi | undefined): void {
  const h = (holder[key] ??= {});
  h.override = fake;
  h.api = undefined;
}
