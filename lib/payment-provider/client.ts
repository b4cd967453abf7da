/**
 * The Payment Service API client (docs/payment-api-contract.md). Server only:
 * it holds the API key.
 *
 * - Inputs and outputs in integer centavos; reais only on the wire.
 * - Every request is validated against the contract before it leaves the app, carries
 *   X-API-KEY, Content-Type, Accept and User-Agent, and has a timeout.
 * - Reads (GET boleto, GET Pix, GET balance) are retried on 429/5xx/network errors/timeouts
 *   with capped exponential back-off and jitter. Creates, cancels and refunds are never
 *   retried here: a create is retried by its caller with the same Idempotency-Key and body,
 *   and the outcome of a cancel or refund is learnt by reading the resource back.
 * - Failures are PaymentProviderError with a `kind`; userMessage() words them in pt-BR.
 */
import 'server-only';
import packageJson from '@/package.json';
import { env } from '@/lib/config/env';
import { saoPauloDate } from '@balcao/br/dates';
import type { ValidationContext } from '@balcao/payment-contract';
import { PaymentProviderError } from './errors';
import { httpExchange } from './exchange';
import { send, type Call, type Transport } from './http';
import { balance, boletoBody, boletoCharge, boletoCreated, pixBody, pixCharge, pixCreated, refundBody } from './mappers';
import type { PaymentProvider, PaymentProviderOptions } from './types';

export { PaymentProviderError, isPaymentProviderError, userMessage, type PaymentProviderErrorKind } from './errors';
export type { BoletoCharge, ChargeState, Metadata, NewBoleto, NewPix, PaymentProvider, PaymentProviderOptions, PixCharge, RefundInput } from './types';

export const APP_VERSION: string = packageJson.version;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_READ_RETRIES = 3;

/** "Balcao/0.1.0 (+https://loja.example)" — names the app and its version, as the provider asks. */
export function userAgent(appUrl: string): string {
  return `Balcao/${APP_VERSION} (+${appUrl})`;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Resolved = { transport: Transport; allowHttpLocalhostWebhooks: boolean };

function resolve(overrides: Partial<PaymentProviderOptions>): Resolved {
  const e = env();
  const timeoutMs = overrides.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxReadRetries = overrides.maxReadRetries ?? DEFAULT_MAX_READ_RETRIES;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new RangeError('timeoutMs must be a positive number');
  if (!(Number.isInteger(maxReadRetries) && maxReadRetries >= 0)) throw new RangeError('maxReadRetries must be a non-negative integer');
  const baseUrl = (overrides.baseUrl ?? e.paymentApiUrl).replace(/\/+$/, '');
  return {
    transport: {
      baseUrl,
      apiKey: overrides.apiKey ?? e.paymentApiKey,
      timeoutMs,
      // HTTP unless the composition point hands in another carrier (lib/payments/provider.ts).
      exchange: overrides.exchange ?? httpExchange(),
      maxReadRetries,
      sleep: overrides.sleep ?? realSleep,
      userAgent: userAgent(e.appUrl),
    },
    // http://localhost webhooks are only for the embedded sandbox in development (docs/payment-api-contract.md).
    allowHttpLocalhostWebhooks: e.usingSandbox && e.sandboxAllowHttpWebhooks,
  };
}

/** A path segment for an id; an empty or absurd id never leaves the app. */
function idSegment(id: string, where: string): string {
  if (typeof id !== 'string' || id.trim() === '' || id.length > 200) {
    throw new PaymentProviderError('validation', `Payment API request not sent (${where}): id: expected the id returned at creation`, {
      field: 'id',
    });
  }
  return encodeURIComponent(id);
}

function checkIdempotencyKey(key: string, where: string): string {
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new PaymentProviderError('validation', `Payment API request not sent (${where}): idempotencyKey: expected 1-255 visible ASCII characters`, {
      field: 'idempotencyKey',
    });
  }
  return key;
}

/**
 * The client. Configuration (env() unless overridden) is read on first use, not here, so a
 * module may hold `createPaymentProvider()` without touching the environment at import or build time.
 */
export function createPaymentProvider(overrides: Partial<PaymentProviderOptions> = {}): PaymentProvider {
  let resolved: Resolved | undefined;
  const config = () => (resolved ??= resolve(overrides));
  const call = async (c: Call) => (await send(config().transport, c)).json;
  const ctx = (): ValidationContext => ({ today: saoPauloDate(), allowHttpLocalhostWebhooks: config().allowHttpLocalhostWebhooks });

  return {
    async createBoleto(input, opts) {
      const where = 'POST /v1/charges';
      const body = boletoBody(input, ctx(), where);
      const idempotencyKey = checkIdempotencyKey(opts?.idempotencyKey, where);
      const json = await call({ method: 'POST', path: '/v1/charges', body, idempotencyKey, retry: false });
      return boletoCreated(json, where);
    },

    async getBoleto(id) {
      const path = `/v1/charges/${idSegment(id, 'GET /v1/charges/{id}')}`;
      const json = await call({ method: 'GET', path, retry: true });
      return boletoCharge(json, id, `GET ${path}`);
    },

    async cancelBoleto(id) {
      const path = `/v1/charges/${idSegment(id, 'DELETE /v1/charges/{id}')}`;
      await call({ method: 'DELETE', path, retry: false });
    },

    async createPix(input, opts) {
      const where = 'POST /v1/pix/due';
      const body = pixBody(input, ctx(), where);
      const idempotencyKey = checkIdempotencyKey(opts?.idempotencyKey, where);
      const json = await call({ method: 'POST', path: '/v1/pix/due', body, idempotencyKey, retry: false });
      return pixCreated(json, where);
    },

    async getPix(id) {
      const path = `/v1/pix/${idSegment(id, 'GET /v1/pix/{id}')}`;
      const json = await call({ method: 'GET', path, retry: true });
      return pixCharge(json, id, `GET ${path}`);
    },

    async cancelPix(id) {
      const path = `/v1/pix/${idSegment(id, 'DELETE /v1/pix/{id}')}`;
      await call({ method: 'DELETE', path, retry: false });
    },

    async refundPix(id, input) {
      const where = 'DELETE /v1/pix/{id}/refund';
      const path = `/v1/pix/${idSegment(id, where)}/refund`;
      const body = refundBody(input, where);
      await call({ method: 'DELETE', path, body, retry: false });
    },

    async getBalance() {
      const path = '/v1/customers/balance';
      const json = await call({ method: 'GET', path, retry: true });
      return balance(json, `GET ${path}`);
    },
  };
}
