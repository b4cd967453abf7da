/**
 * What the app hands to and gets from the payment API client. Money is integer centavos here;
 * decimal reais exist only on the wire (see mappers.ts).
 */
import type { Exchange } from './exchange';

export type Metadata = { key: string; value: string }[];

/** What a charge's provider status means for the shop, in the app's words (status.ts maps the codes). */
export type ChargeState = 'pending' | 'paid' | 'refunded' | 'canceled' | 'unknown';

/** A boleto as read back from the API. `status` is the provider's number (1-5 known; others passed through). */
export type BoletoCharge = {
  id: string;
  status: number;
  /** What `status` means (status.ts). */
  state: ChargeState;
  amountCents: number;
  dueDate?: string;
  gracePeriod?: number;
  paidAt: string | null;
  createdAt?: string;
  /** 44 digits, present once registered and only when its check digits are right. */
  barcode?: string;
  /** 47 digits (no dots or spaces), from `digitable_line` or derived from the barcode. */
  digitableLine?: string;
  pdfUrl?: string;
  metadata: Metadata;
  raw: unknown;
};

/** A Pix QR code as read back. `status` is the provider's string (empty, active, canceled, completed, refunded — others passed through). */
export type PixCharge = {
  id: string;
  status: string;
  /** What `status` means (status.ts). */
  state: ChargeState;
  amountCents: number;
  dueDate?: string;
  expirationDays?: number;
  createdAt?: string;
  updatedAt?: string;
  /** Copy-and-paste code (`payload.data`). */
  pixCode?: string;
  /** PNG data URI (`payload.image`). */
  pixImage?: string;
  metadata: Metadata;
  raw: unknown;
};

export type NewBoleto = {
  amountCents: number;
  description: string;
  dueDate: string;
  gracePeriod: number;
  finePercent: number;
  interestPercent: number;
  payer: {
    name: string;
    document: string;
    zip: string;
    street: string;
    number: string;
    neighborhood: string;
    city: string;
    state: string;
  };
  metadata?: Metadata;
  notificationUrl?: string;
  customerCode?: string;
};

export type NewPix = {
  amountCents: number;
  description: string;
  dueDate: string;
  /** Days after dueDate during which the QR code can still be paid (docs/payment-api-contract.md). */
  expirationDays: number;
  payer: { name: string; document: string };
  metadata?: Metadata;
  notificationUrl?: string;
};

export type RefundInput = { amountCents: number; reason: 1 | 2 | 3 | 4; description: string };

export interface PaymentProvider {
  /** POST /v1/charges. Never retried automatically: retry with the same idempotencyKey and input. */
  createBoleto(input: NewBoleto, opts: { idempotencyKey: string }): Promise<{ id: string; raw: unknown }>;
  /** GET /v1/charges/{id}, retried on 429/5xx/network/timeout. */
  getBoleto(id: string): Promise<BoletoCharge>;
  /** DELETE /v1/charges/{id}. Not retried: read the boleto back to learn the outcome. */
  cancelBoleto(id: string): Promise<void>;
  /** POST /v1/pix/due. Never retried automatically. */
  createPix(
    input: NewPix,
    opts: { idempotencyKey: string },
  ): Promise<{ id: string; status?: string; pixCode: string; pixImage: string; raw: unknown }>;
  /** GET /v1/pix/{id}, retried like getBoleto. */
  getPix(id: string): Promise<PixCharge>;
  /** DELETE /v1/pix/{id}. Not retried. */
  cancelPix(id: string): Promise<void>;
  /** DELETE /v1/pix/{id}/refund with a JSON body. Not retried. */
  refundPix(id: string, input: RefundInput): Promise<void>;
  /** GET /v1/customers/balance, retried like the other reads. */
  getBalance(): Promise<{ balanceCents: number }>;
}

export type PaymentProviderOptions = {
  /** Base URL before /v1 (default env().paymentApiUrl). */
  baseUrl: string;
  /** X-API-KEY (default env().paymentApiKey). */
  apiKey: string;
  /** Per-attempt timeout in ms (default 10 000). */
  timeoutMs: number;
  /** How requests travel (default: `httpExchange`, node:http/node:https with kept-alive sockets; exchange.ts). */
  exchange: Exchange;
  /** Extra attempts of a read after a 429/5xx/network error/timeout (default 3). */
  maxReadRetries: number;
  /** Waits between read attempts (tests inject a recorder). */
  sleep: (ms: number) => Promise<void>;
};
