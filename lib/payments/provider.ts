/**
 * The composition point of the payment client: which provider, and how requests reach it.
 * The client (lib/payment-provider) knows no provider; here it gets its exchange. With
 * PAYMENT_API_URL unset, this process's embedded sandbox is the provider and is called in
 * process (lib/embedded-provider/in-process-exchange.ts: no HTTP hop back into the same server; the
 * sandbox is loaded on first call, so a server on a real provider never loads it). Anything
 * else — a real provider, or a PAYMENT_API_URL pointing at a sandbox — is reached over HTTP.
 *
 * `paymentProvider()` is the client the use-cases share (a test's context may provide a double); `configuredPaymentProvider()`
 * builds one with other timeouts (health check, balance card).
 */
import 'server-only';
import { env } from '@/lib/config/env';
import type { Exchange } from '@/lib/payment-provider/exchange';
import { createPaymentProvider, type PaymentProvider, type PaymentProviderOptions } from '@/lib/payment-provider/client';
import { processSingleton } from '@/lib/process/context';

/** The in-process sandbox as an exchange, loaded on its first request. */
function inProcessSandbox(baseUrl: string): Exchange {
  let loaded: Promise<Exchange> | undefined;
  return async (request) => {
    loaded ??= import('@/lib/embedded-provider/in-process-exchange').then((m) => m.inProcessExchange(baseUrl));
    return (await loaded)(request);
  };
}

/** The exchange for this configuration: in process for the embedded sandbox, else HTTP (undefined). */
function providerExchange(): Exchange | undefined {
  const e = env();
  return e.usingSandbox ? inProcessSandbox(e.paymentApiUrl) : undefined;
}

/** A client for this configuration's provider (reads env() now); `options` may change timeouts and retries. */
export function configuredPaymentProvider(options: Partial<Omit<PaymentProviderOptions, 'exchange' | 'baseUrl'>> = {}): PaymentProvider {
  const exchange = providerExchange();
  return createPaymentProvider(exchange ? { ...options, exchange } : options);
}

/** The client the use-cases share, one per process context (`paymentProvider.provide(fake)` gives a test's double). */
export const paymentProvider = processSingleton<PaymentProvider>('payment-provider', () => configuredPaymentProvider());
