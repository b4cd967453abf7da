/**
 * The Payment Service API contract as zod schemas (docs/payment-api-contract.md).
 * Shared by the app's client (lib/payment-provider/client.ts) and the embedded sandbox (@balcao/payment-sandbox):
 * request schemas are strict (what every reading of the provider's text accepts), response
 * schemas are lenient (the real provider may send more fields and more statuses).
 * No server-only import here: pure data definitions.
 */
import { z } from 'zod';
import { isValidApiDocument } from '@balcao/br/documents';
import { addDays, isIsoDate } from '@balcao/br/dates';
import { isUF } from '@balcao/br/uf';
import { hasAtMostTwoDecimals } from '@balcao/br/money';

// ---------- limits ----------
export const LIMITS = {
  minAmount: 5,
  boletoMaxAmount: 99_999_999.99,
  pixMaxAmount: 9_999_999_999.99,
  description: 255,
  payerName: 100,
  street: 200,
  city: 100,
  neighborhood: 100,
  number: 20,
  customerCode: 50,
  metadataEntries: 50,
  metadataText: 100,
  notificationUrl: 2048,
  gracePeriodMax: 30,
} as const;

export const BOLETO_STATUS = { empty: 1, active: 2, canceled: 3, paid: 4, refunded: 5 } as const;
export type BoletoStatus = (typeof BOLETO_STATUS)[keyof typeof BOLETO_STATUS];
export const PIX_STATUSES = ['empty', 'active', 'canceled', 'completed', 'refunded'] as const;
export type PixStatus = (typeof PIX_STATUSES)[number];

export const PIX_DISCOUNT_TYPES = ['fixed', 'percentage', 'fixed_calendar_days'] as const;
export const PIX_FINE_TYPES = ['percentage', 'fixed'] as const;
export const PIX_INTEREST_TYPES = ['percentage_calendar_days', 'fixed', 'percentage'] as const;
export const BOLETO_DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const REFUND_REASONS = [1, 2, 3, 4] as const;
export const SANDBOX_SCENARIOS = ['approved', 'refused', 'pending'] as const;

// ---------- building blocks ----------
const requiredText = (max: number) =>
  z.string({ message: 'expected a string' }).refine((s) => s.trim().length > 0, { message: 'is required' }).refine((s) => s.length <= max, {
    message: `must be at most ${max} characters`,
  });

const reais = (min: number, max: number) =>
  z
    .number({ message: 'expected a number' })
    .refine(Number.isFinite, { message: 'expected a finite number' })
    .refine(hasAtMostTwoDecimals, { message: 'must have at most 2 decimal places' })
    .refine((n) => n >= min, { message: `must be at least ${min.toFixed(2)}` })
    .refine((n) => n <= max, { message: `must be at most ${max.toFixed(2)}` });

const isoDate = z.string({ message: 'expected a date YYYY-MM-DD' }).refine(isIsoDate, { message: 'expected a date YYYY-MM-DD' });

const metadata = z
  .array(
    z.object({ key: requiredText(LIMITS.metadataText), value: requiredText(LIMITS.metadataText) }),
    { message: 'expected an array of {key, value}' },
  )
  .max(LIMITS.metadataEntries, { message: `must have at most ${LIMITS.metadataEntries} entries` });

export type MetadataEntry = { key: string; value: string };

const document = z.string({ message: 'expected a string' }).refine(isValidApiDocument, { message: 'invalid CPF or CNPJ' });

export type ValidationContext = {
  /** Today in America/Sao_Paulo (YYYY-MM-DD), by the validating side's clock. */
  today: string;
  /** The sandbox allows http://localhost and http://127.0.0.1 webhooks in development. */
  allowHttpLocalhostWebhooks?: boolean;
};

/**
 * The one webhook-URL rule (contract: the API wants HTTPS): an HTTPS URL, or — only where the
 * embedded sandbox allows it in development — http://localhost or http://127.0.0.1. The client
 * and the sandbox validate `notification_url` with it, and the app builds no other kind.
 */
export function isAcceptedNotificationUrl(value: string, allowHttpLocalhost: boolean): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.protocol === 'https:') return true;
  return allowHttpLocalhost && u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1');
}

function notificationUrl(ctx: ValidationContext) {
  return z
    .string({ message: 'expected a string' })
    .max(LIMITS.notificationUrl, { message: `must be at most ${LIMITS.notificationUrl} characters` })
    .refine((v) => isAcceptedNotificationUrl(v, !!ctx.allowHttpLocalhostWebhooks), { message: 'must be a valid HTTPS URL' });
}

const percent = z.number({ message: 'expected a number' }).refine(Number.isFinite, { message: 'expected a finite number' });

/**
 * A schema factory that builds once per context: the same day (and webhook rule) gives the same
 * schema, and every charge created that day validates with it (a zod schema is immutable; building
 * one costs more than the validation it does).
 */
function perContext<S>(build: (ctx: ValidationContext) => S): (ctx: ValidationContext) => S {
  // Both sides validate (the client before it sends, the sandbox when it receives), each with its
  // own webhook rule: a few entries, dropped when the day changes.
  const built = new Map<string, S>();
  return (ctx) => {
    const key = `${ctx.today}|${!!ctx.allowHttpLocalhostWebhooks}`;
    let schema = built.get(key);
    if (schema === undefined) {
      if (built.size >= 4) built.clear();
      schema = build(ctx);
      built.set(key, schema);
    }
    return schema;
  };
}

// ---------- boleto ----------
export const boletoCreateRequestSchema = perContext(buildBoletoCreateRequestSchema);

function buildBoletoCreateRequestSchema(ctx: ValidationContext) {
  const tomorrow = addDays(ctx.today, 1);
  return z
    .object({
      due_date: isoDate.refine((d) => d >= tomorrow, { message: 'must be a future date (at least tomorrow in America/Sao_Paulo)' }),
      grace_period: z
        .number({ message: 'expected an integer' })
        .int({ message: 'expected an integer' })
        .min(1, { message: 'must be greater than 0' })
        .max(LIMITS.gracePeriodMax, { message: `must be at most ${LIMITS.gracePeriodMax}` }),
      amount: reais(LIMITS.minAmount, LIMITS.boletoMaxAmount),
      description: requiredText(LIMITS.description),
      metadata: metadata.optional(),
      payer: z.object(
        {
          name: requiredText(LIMITS.payerName),
          document,
          zip: z.string({ message: 'expected a string' }).regex(/^\d{8}$/, { message: 'must be 8 digits, no hyphen' }),
          street: requiredText(LIMITS.street),
          city: requiredText(LIMITS.city),
          state: z.string({ message: 'expected a string' }).refine(isUF, { message: 'must be one of the 27 UF codes' }),
          number: requiredText(LIMITS.number),
          neighborhood: requiredText(LIMITS.neighborhood),
        },
        { message: 'expected an object' },
      ),
      fine: percent.min(0.1, { message: 'must be at least 0.1' }).max(100, { message: 'must be at most 100' }),
      interest: percent.min(0.1, { message: 'must be at least 0.1' }).max(100, { message: 'must be at most 100' }),
      discount: z
        .object(
          {
            type: z.enum(BOLETO_DISCOUNT_TYPES, { message: `must be one of ${BOLETO_DISCOUNT_TYPES.join(', ')}` }),
            amount: percent.gt(0, { message: 'must be greater than 0' }),
            limit_date: isoDate.refine((d) => d >= ctx.today, { message: 'must not be in the past' }),
          },
          { message: 'expected an object' },
        )
        .optional(),
      notification_url: notificationUrl(ctx).optional(),
      customer_code: requiredText(LIMITS.customerCode).optional(),
    })
    .superRefine((b, issue) => {
      if (!b.discount) return;
      if (b.discount.limit_date > b.due_date) {
        issue.addIssue({ code: 'custom', path: ['discount', 'limit_date'], message: 'must be on or before due_date' });
      }
      checkKindAmount(b.discount.type, b.discount.amount, b.amount, ['discount', 'amount'], issue);
    });
}
export type BoletoCreateRequest = z.infer<ReturnType<typeof boletoCreateRequestSchema>>;

/** "<x>.amount less than amount" compares raw numbers; percentage kinds need 0 < x < 100; fixed kinds 2 decimals. */
function checkKindAmount(type: string, value: number, amount: number, path: (string | number)[], issue: z.RefinementCtx) {
  if (type.startsWith('percentage')) {
    if (!(value > 0 && value < 100)) issue.addIssue({ code: 'custom', path, message: 'must be greater than 0 and less than 100 for a percentage' });
  } else if (!hasAtMostTwoDecimals(value)) {
    issue.addIssue({ code: 'custom', path, message: 'must have at most 2 decimal places' });
  }
  if (!(value < amount)) issue.addIssue({ code: 'custom', path, message: 'must be less than amount' });
}

// ---------- Pix with due date ----------
const kindObject = <T extends readonly [string, ...string[]]>(types: T) =>
  z.object(
    {
      type: z.enum(types, { message: `must be one of ${types.join(', ')}` }),
      amount: percent.gt(0, { message: 'must be greater than 0' }),
    },
    { message: 'expected an object' },
  );

export const pixDueCreateRequestSchema = perContext(buildPixDueCreateRequestSchema);

function buildPixDueCreateRequestSchema(ctx: ValidationContext) {
  const tomorrow = addDays(ctx.today, 1);
  return z
    .object({
      amount: reais(LIMITS.minAmount, LIMITS.pixMaxAmount),
      description: requiredText(LIMITS.description),
      expiration: z
        .number({ message: 'expected an integer number of days' })
        .int({ message: 'expected an integer number of days' })
        .min(1, { message: 'must be at least 1 (days)' })
        .max(3650, { message: 'must be at most 3650 (days)' }),
      due_date: isoDate.refine((d) => d >= tomorrow, { message: 'must be a future date (at least tomorrow in America/Sao_Paulo)' }),
      metadata: metadata.optional(),
      payer: z.object({ name: requiredText(LIMITS.payerName), document }, { message: 'expected an object' }),
      discount: kindObject(PIX_DISCOUNT_TYPES)
        .extend({ limit_date: isoDate.refine((d) => d >= ctx.today, { message: 'must not be in the past' }) })
        .optional(),
      fine: kindObject(PIX_FINE_TYPES).optional(),
      interest: kindObject(PIX_INTEREST_TYPES).optional(),
      notification_url: notificationUrl(ctx).optional(),
    })
    .superRefine((p, issue) => {
      if (p.discount) {
        if (!(p.discount.limit_date < p.due_date)) {
          issue.addIssue({ code: 'custom', path: ['discount', 'limit_date'], message: 'must be earlier than due_date' });
        }
        checkKindAmount(p.discount.type, p.discount.amount, p.amount, ['discount', 'amount'], issue);
      }
      if (p.fine) checkKindAmount(p.fine.type, p.fine.amount, p.amount, ['fine', 'amount'], issue);
      if (p.interest) checkKindAmount(p.interest.type, p.interest.amount, p.amount, ['interest', 'amount'], issue);
    });
}
export type PixDueCreateRequest = z.infer<ReturnType<typeof pixDueCreateRequestSchema>>;

// ---------- refund ----------
export const refundRequestSchema = z.object({
  amount: reais(0.01, LIMITS.pixMaxAmount),
  reason: z.literal(REFUND_REASONS, { message: 'must be 1, 2, 3 or 4' }),
  description: requiredText(LIMITS.description),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

// ---------- responses (lenient: extra fields kept, unknown statuses tolerated) ----------
export const boletoCreateResponseSchema = z.looseObject({ id: z.string().min(1) });

export const boletoReadSchema = z.looseObject({
  id: z.string().min(1),
  status: z.number().int(),
  amount: z.number().optional(),
  due_date: z.string().optional(),
  grace_period: z.number().optional(),
  created_at: z.string().optional(),
  paid_at: z.string().nullable().optional(),
  barcode: z.string().optional(),
  digitable_line: z.string().optional(),
  pdf_url: z.string().optional(),
  metadata: z.array(z.looseObject({ key: z.string(), value: z.string() })).optional(),
});
export type BoletoRead = z.infer<typeof boletoReadSchema>;

export const pixPayloadSchema = z.looseObject({
  payload_id: z.number().optional(),
  data: z.string().min(1),
  image: z.string().min(1),
});

export const pixCreateResponseSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().optional(),
  payload: pixPayloadSchema,
});

export const pixReadSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  amount: z.number().optional(),
  due_date: z.string().optional(),
  expiration: z.number().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  payload: pixPayloadSchema.partial().optional(),
  metadata: z.array(z.looseObject({ key: z.string(), value: z.string() })).optional(),
});
export type PixRead = z.infer<typeof pixReadSchema>;

export const balanceSchema = z.looseObject({ balance: z.number() });

export const errorBodySchema = z.object({
  error: z.union([z.string(), z.looseObject({ message: z.string() })]),
});

/** Reads either error shape: {error: "msg"} or {error: {message: "msg"}}. */
export function errorMessageOf(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  return typeof parsed.data.error === 'string' ? parsed.data.error : parsed.data.error.message;
}

// ---------- webhooks (the sandbox's body; the app never trusts it) ----------
export const WEBHOOK_TYPES = ['charge.created', 'ChargePaid', 'QRCodeCompleted', 'QRCodeRefunded'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const webhookEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  data: z.looseObject({}),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const SIGNATURE_HEADER = 'x-pagou-signature';
export const TIMESTAMP_HEADER = 'x-pagou-timestamp';

/** Formats the first zod issue as the sandbox's message: "payer.document: invalid CPF or CNPJ". */
export function formatIssue(error: z.ZodError): { path: string; message: string; text: string } {
  const issue = error.issues[0];
  const path = issue.path.map(String).join('.') || 'body';
  return { path, message: issue.message, text: `${path}: ${issue.message}` };
}
