/**
 * The API boundary: app inputs (centavos, camelCase) → validated request bodies (reais,
 * snake_case), and lenient API responses → BoletoCharge / PixCharge (centavos).
 * A request that fails the contract's schema is never sent; a 2xx that fails the lenient
 * response schema is a bad_response.
 */
import 'server-only';
import type { z } from 'zod';
import { barcodeToDigitableLine, digitableLineToBarcode, isValidBoletoBarcode, isValidDigitableLine } from '@balcao/br/boleto';
import { centsToReais, reaisToCents } from '@balcao/br/money';
import { logger } from '@/lib/server/log';
import {
  balanceSchema,
  boletoCreateRequestSchema,
  boletoCreateResponseSchema,
  boletoReadSchema,
  formatIssue,
  pixCreateResponseSchema,
  pixDueCreateRequestSchema,
  pixReadSchema,
  refundRequestSchema,
  type BoletoCreateRequest,
  type PixDueCreateRequest,
  type RefundRequest,
  type ValidationContext,
} from '@balcao/payment-contract';
import { PaymentProviderError } from './errors';
import { chargeStateOf } from './status';
import type { BoletoCharge, Metadata, NewBoleto, NewPix, PixCharge, RefundInput } from './types';

// ---------- requests ----------

/** Centavos → reais for a body; a value that is not whole non-negative centavos is a local validation error. */
function reaisField(cents: unknown, field: string, where: string): number {
  try {
    return centsToReais(cents as number);
  } catch (error) {
    throw new PaymentProviderError('validation', `Payment API request not sent (${where}): ${field}: must be whole centavos within the API's range`, {
      field,
      cause: error,
    });
  }
}

function validated<T>(schema: z.ZodType<T>, body: unknown, where: string): T {
  const result = schema.safeParse(body);
  if (result.success) return body as T;
  const issue = formatIssue(result.error);
  throw new PaymentProviderError('validation', `Payment API request not sent (${where}): ${issue.text}`, {
    field: issue.path === 'body' ? undefined : issue.path,
  });
}

function copyMetadata(metadata: Metadata | undefined): Metadata | undefined {
  return metadata?.map((m) => ({ key: m?.key, value: m?.value }));
}

/** Drops keys whose value is undefined: optional fields not sent are absent, never null. */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function boletoBody(input: NewBoleto, ctx: ValidationContext, where: string): BoletoCreateRequest {
  const payer = input?.payer;
  const body = compact({
    due_date: input?.dueDate,
    grace_period: input?.gracePeriod,
    amount: reaisField(input?.amountCents, 'amount', where),
    description: input?.description,
    metadata: copyMetadata(input?.metadata),
    payer: {
      name: payer?.name,
      document: payer?.document,
      zip: payer?.zip,
      street: payer?.street,
      city: payer?.city,
      state: payer?.state,
      number: payer?.number,
      neighborhood: payer?.neighborhood,
    },
    fine: input?.finePercent,
    interest: input?.interestPercent,
    notification_url: input?.notificationUrl,
    customer_code: input?.customerCode,
  });
  return validated(boletoCreateRequestSchema(ctx), body, where);
}

export function pixBody(input: NewPix, ctx: ValidationContext, where: string): PixDueCreateRequest {
  const body = compact({
    amount: reaisField(input?.amountCents, 'amount', where),
    description: input?.description,
    expiration: input?.expirationDays,
    due_date: input?.dueDate,
    metadata: copyMetadata(input?.metadata),
    payer: { name: input?.payer?.name, document: input?.payer?.document },
    notification_url: input?.notificationUrl,
  });
  return validated(pixDueCreateRequestSchema(ctx), body, where);
}

export function refundBody(input: RefundInput, where: string): RefundRequest {
  const body = {
    amount: reaisField(input?.amountCents, 'amount', where),
    reason: input?.reason,
    description: input?.description,
  };
  return validated(refundRequestSchema, body, where);
}

// ---------- responses ----------

function parsed<S extends z.ZodType>(schema: S, json: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new PaymentProviderError('bad_response', `Payment API ${where} answered with an unexpected body: ${formatIssue(result.error).text}`);
  }
  return result.data;
}

function centsOf(reais: number | undefined, field: string, where: string): number {
  if (reais === undefined) throw new PaymentProviderError('bad_response', `Payment API ${where} answered without ${field}`);
  try {
    return reaisToCents(reais);
  } catch (error) {
    throw new PaymentProviderError('bad_response', `Payment API ${where} answered ${field} ${reais}, not reais with at most 2 decimals`, {
      cause: error,
    });
  }
}

function sameId(expected: string, got: string, where: string): void {
  if (expected !== got) throw new PaymentProviderError('bad_response', `Payment API ${where} answered for another id (${got})`);
}

function metadataOf(list: { key: string; value: string }[] | undefined): Metadata {
  return (list ?? []).map((m) => ({ key: m.key, value: m.value }));
}

/**
 * Barcode and digitable line that a buyer may be shown: only with correct check digits.
 * digitable_line wins when it matches the barcode; otherwise the line is derived from the barcode
 * (or the barcode from a valid line, when only the line came).
 */
export function boletoArtifacts(id: string, barcode: string | undefined, digitableLine: string | undefined) {
  const code = barcode?.trim();
  const validBarcode = code && isValidBoletoBarcode(code) ? code : undefined;
  const line = digitableLine !== undefined && /^[\d\s.\-]+$/.test(digitableLine) ? digitableLine.replace(/\D/g, '') : undefined;
  const validLine = line && isValidDigitableLine(line) ? line : undefined;
  if ((code && !validBarcode) || (digitableLine !== undefined && !validLine)) {
    logger().warn({ id }, 'payment API boleto code with wrong check digits ignored');
  }
  if (validBarcode) {
    const lineMatches = validLine !== undefined && digitableLineToBarcode(validLine) === validBarcode;
    return { barcode: validBarcode, digitableLine: lineMatches ? validLine : barcodeToDigitableLine(validBarcode) };
  }
  if (validLine) return { barcode: digitableLineToBarcode(validLine), digitableLine: validLine };
  return {};
}

export function boletoCreated(json: unknown, where: string): { id: string; raw: unknown } {
  const b = parsed(boletoCreateResponseSchema, json, where);
  return { id: b.id, raw: json };
}

export function boletoCharge(json: unknown, id: string, where: string): BoletoCharge {
  const b = parsed(boletoReadSchema, json, where);
  sameId(id, b.id, where);
  const artifacts = boletoArtifacts(b.id, b.barcode, b.digitable_line);
  return compact({
    id: b.id,
    status: b.status,
    state: chargeStateOf('boleto', b.status),
    amountCents: centsOf(b.amount, 'amount', where),
    dueDate: b.due_date,
    gracePeriod: b.grace_period,
    paidAt: b.paid_at ?? null,
    createdAt: b.created_at,
    barcode: artifacts.barcode,
    digitableLine: artifacts.digitableLine,
    pdfUrl: b.pdf_url,
    metadata: metadataOf(b.metadata),
    raw: json,
  });
}

export function pixCreated(json: unknown, where: string): { id: string; status?: string; pixCode: string; pixImage: string; raw: unknown } {
  const p = parsed(pixCreateResponseSchema, json, where);
  return compact({ id: p.id, status: p.status, pixCode: p.payload.data, pixImage: p.payload.image, raw: json });
}

export function pixCharge(json: unknown, id: string, where: string): PixCharge {
  const p = parsed(pixReadSchema, json, where);
  sameId(id, p.id, where);
  return compact({
    id: p.id,
    status: p.status,
    state: chargeStateOf('pix', p.status),
    amountCents: centsOf(p.amount, 'amount', where),
    dueDate: p.due_date,
    expirationDays: p.expiration,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    pixCode: p.payload?.data || undefined,
    pixImage: p.payload?.image || undefined,
    metadata: metadataOf(p.metadata),
    raw: json,
  });
}

export function balance(json: unknown, where: string): { balanceCents: number } {
  const b = parsed(balanceSchema, json, where);
  return { balanceCents: centsOf(b.balance, 'balance', where) };
}
