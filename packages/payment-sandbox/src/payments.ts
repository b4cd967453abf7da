/**
 * Payment rows (boletos and Pix QR codes) and how the API shows them.
 * Statuses are stored with one vocabulary (empty, active, canceled, paid, refunded) and shown
 * as the API defines them (docs/payment-api-contract.md): boleto 1-5, Pix empty/active/canceled/completed/refunded.
 */
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { BOLETO_STATUS, type PixStatus } from '@balcao/payment-contract';
import { iso } from './clock';
import type { SandboxContext, SandboxScenario } from './context';
import { customerIdOf } from './keys';

export type PaymentKind = 'boleto' | 'pix';
export type PaymentStatus = 'empty' | 'active' | 'canceled' | 'paid' | 'refunded';
export type CancelReason = 'request' | 'expiry' | 'refused' | 'simulator';

export type PaymentRow = {
  seq: number;
  id: string;
  kind: PaymentKind;
  owner: string;
  status: PaymentStatus;
  scenario: SandboxScenario;
  amount_cents: number;
  due_date: string;
  last_payable_date: string;
  fields_json: string;
  notification_url: string | null;
  created_at: number;
  updated_at: number;
  activate_at: number;
  outcome_at: number | null;
  expires_at: number;
  registered_at: number | null;
  barcode: string | null;
  payload_id: number | null;
  pix_code: string | null;
  pix_image: string | null;
  paid_at: number | null;
  paid_cents: number | null;
  canceled_at: number | null;
  cancel_reason: CancelReason | null;
  refunded_at: number | null;
  refunded_cents: number | null;
  refund_json: string | null;
};

/** The fictitious bank of sandbox boletos: no real bank answers to code 999. */
export const SANDBOX_BANK = { code: '999', name: 'Banco Sandbox Balcão (fictício)' } as const;
/** The Pix key of sandbox QR codes: a reserved .invalid domain, so no bank can resolve it. */
export const SANDBOX_PIX_KEY = 'pix@sandbox.balcao.invalid';
export const SANDBOX_MERCHANT_NAME = 'BALCAO SANDBOX';
export const SANDBOX_MERCHANT_CITY = 'SAO PAULO';
export const SANDBOX_BENEFICIARY = 'Balcão Sandbox (ambiente de testes, sem valor real)';

export function boletoStatusNumber(status: PaymentStatus): number {
  return BOLETO_STATUS[status];
}

export function pixStatusString(status: PaymentStatus): PixStatus {
  return status === 'paid' ? 'completed' : status;
}

export function findPayment(ctx: SandboxContext, id: string): PaymentRow | undefined {
  return ctx.db.prepare('SELECT * FROM payments WHERE id = ?').get(id.toLowerCase()) as PaymentRow | undefined;
}

/** The payment when it exists, is of this kind and belongs to this key. */
export function findOwnPayment(ctx: SandboxContext, owner: string, kind: PaymentKind, id: string): PaymentRow | undefined {
  const row = findPayment(ctx, id);
  return row && row.owner === owner && row.kind === kind ? row : undefined;
}

export function pdfUrlOf(ctx: SandboxContext, id: string): string {
  return `${ctx.config.appUrl}/sandbox/invoice/boleto/pdf/${id}`;
}

export function invoiceUrlOf(ctx: SandboxContext, id: string): string {
  return `${ctx.config.appUrl}/sandbox/invoice/boleto/${id}`;
}

type Fields = Record<string, unknown>;

function fieldsOf(row: PaymentRow): Fields {
  return JSON.parse(row.fields_json) as Fields;
}

/** GET /v1/charges/{id}: the fields sent, plus id, status, created_at, paid_at; once registered, barcode and pdf_url. */
export function boletoReadBody(ctx: SandboxContext, row: PaymentRow): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: row.id,
    ...fieldsOf(row),
    status: boletoStatusNumber(row.status),
    created_at: iso(row.created_at),
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
  };
  if (row.barcode) {
    body.barcode = row.barcode;
    body.pdf_url = pdfUrlOf(ctx, row.id);
  }
  return body;
}

/** The `charge.created` event's data: the boleto as read, plus barcode, digitable line and bank. */
export function boletoRegisteredBody(ctx: SandboxContext, row: PaymentRow): Record<string, unknown> {
  const body = boletoReadBody(ctx, row);
  if (row.barcode) body.digitable_line = barcodeToDigitableLine(row.barcode);
  body.bank = { ...SANDBOX_BANK };
  return body;
}

export function boletoCreateBody(row: PaymentRow): Record<string, unknown> {
  return { id: row.id, ...fieldsOf(row) };
}

function pixPayload(row: PaymentRow) {
  return { payload_id: row.payload_id, data: row.pix_code, image: row.pix_image };
}

/** POST /v1/pix/due 201: id, the fields sent, status "empty" and the payload. */
export function pixCreateBody(row: PaymentRow): Record<string, unknown> {
  return { id: row.id, ...fieldsOf(row), status: 'empty', payload: pixPayload(row) };
}

/** GET /v1/pix/{id}. */
export function pixReadBody(row: PaymentRow): Record<string, unknown> {
  return {
    id: row.id,
    customer_id: customerIdOf(row.owner),
    ...fieldsOf(row),
    status: pixStatusString(row.status),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    payload: pixPayload(row),
  };
}

/** The resource as GET returns it. */
export function readBody(ctx: SandboxContext, row: PaymentRow): Record<string, unknown> {
  return row.kind === 'boleto' ? boletoReadBody(ctx, row) : pixReadBody(row);
}

export function descriptionOf(row: PaymentRow): string {
  const d = fieldsOf(row).description;
  return typeof d === 'string' ? d : '';
}

export type BoletoPayer = { name: string; document: string; zip: string; street: string; number: string; neighborhood: string; city: string; state: string };
export type PixPayer = { name: string; document: string };

export function payerOf(row: PaymentRow): BoletoPayer | PixPayer {
  return fieldsOf(row).payer as BoletoPayer | PixPayer;
}
