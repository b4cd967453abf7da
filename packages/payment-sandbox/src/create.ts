/**
 * POST /v1/charges and POST /v1/pix/due: validation (contract.ts schemas at the sandbox's
 * São Paulo "today", plus the sandbox's own rules), artifacts, and one insert transaction
 * that also records the Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { dueFactor, dueDateFromFactor } from '@balcao/br/boleto';
import { addDays } from '@balcao/br/dates';
import { buildPixBrCode } from '@balcao/br/pix-brcode';
import { qrPngDataUri } from '@balcao/br/qr';
import { reaisToCents } from '@balcao/br/money';
import {
  boletoCreateRequestSchema,
  pixDueCreateRequestSchema,
  SANDBOX_SCENARIOS,
  type BoletoCreateRequest,
  type MetadataEntry,
  type PixDueCreateRequest,
} from '@balcao/payment-contract';
import { sandboxNow, sandboxToday, startOfSaoPauloDay } from './clock';
import type { SandboxContext, SandboxScenario } from './context';
import { getMeta, inTransaction, setMeta } from './db';
import { ApiError, validateBody } from './http';
import { findIdempotent, requestHash, storeIdempotent, type StoredResponse } from './idempotency';
import {
  boletoCreateBody,
  findPayment,
  pixCreateBody,
  SANDBOX_MERCHANT_CITY,
  SANDBOX_MERCHANT_NAME,
  SANDBOX_PIX_KEY,
  type PaymentKind,
} from './payments';
import { ACTIVATION_DELAY_MS, SCENARIO_DELAY_MS } from './transitions';

export const SCENARIO_METADATA_KEY = 'sandbox_scenario';

/** The scenario a charge asks for in its metadata, else the configured one; 400 for an unknown name. */
export function scenarioOf(ctx: SandboxContext, metadata: MetadataEntry[] | undefined): SandboxScenario {
  const index = metadata?.findIndex((m) => m.key === SCENARIO_METADATA_KEY) ?? -1;
  if (index < 0) return ctx.config.scenario;
  const value = metadata![index].value;
  if (!(SANDBOX_SCENARIOS as readonly string[]).includes(value)) {
    throw new ApiError(400, `metadata.${index}.value: unknown sandbox_scenario "${value}" (expected approved, refused or pending)`);
  }
  return value as SandboxScenario;
}

/** The barcode's 4-digit due factor repeats every 9000 days: a due date must be the one its factor reads back as. */
function checkBoletoDueDate(dueDate: string, today: string): void {
  let ok = false;
  try {
    ok = dueDateFromFactor(dueFactor(dueDate), today) === dueDate && dueDate <= addDays(today, 3650);
  } catch {
    ok = false;
  }
  if (!ok) throw new ApiError(400, 'due_date: must be at most 10 years ahead (the barcode due factor)');
}

type Insert = {
  id: string;
  kind: PaymentKind;
  owner: string;
  scenario: SandboxScenario;
  amountCents: number;
  dueDate: string;
  lastPayableDate: string;
  fields: object;
  notificationUrl?: string;
  payloadId?: number;
  pixCode?: string;
  pixImage?: string;
};

function insertPayment(ctx: SandboxContext, p: Insert, now: number): void {
  const activateAt = now + ACTIVATION_DELAY_MS[p.kind];
  ctx.db
    .prepare(
      `INSERT INTO payments (id, kind, owner, status, scenario, amount_cents, due_date, last_payable_date, fields_json,
         notification_url, created_at, updated_at, activate_at, outcome_at, expires_at, payload_id, pix_code, pix_image)
       VALUES (@id, @kind, @owner, 'empty', @scenario, @amountCents, @dueDate, @lastPayableDate, @fieldsJson,
         @notificationUrl, @now, @now, @activateAt, @outcomeAt, @expiresAt, @payloadId, @pixCode, @pixImage)`,
    )
    .run({
      id: p.id,
      kind: p.kind,
      owner: p.owner,
      scenario: p.scenario,
      amountCents: p.amountCents,
      dueDate: p.dueDate,
      lastPayableDate: p.lastPayableDate,
      fieldsJson: JSON.stringify(p.fields),
      notificationUrl: p.notificationUrl ?? null,
      now,
      activateAt,
      outcomeAt: p.scenario === 'pending' ? null : activateAt + SCENARIO_DELAY_MS,
      expiresAt: startOfSaoPauloDay(addDays(p.lastPayableDate, 1)),
      payloadId: p.payloadId ?? null,
      pixCode: p.pixCode ?? null,
      pixImage: p.pixImage ?? null,
    });
}

function nextPayloadId(ctx: SandboxContext): number {
  return inTransaction(ctx.db, () => {
    const next = Number(getMeta(ctx.db, 'payload_seq') ?? '100000') + 1;
    setMeta(ctx.db, 'payload_seq', String(next));
    return next;
  });
}

type CreateInput = { owner: string; body: unknown; idempotencyKey?: string };

/** Replays a stored creation, or runs `create` and stores its response under the key (in the same transaction). */
function withIdempotency(ctx: SandboxContext, input: CreateInput, operation: string, create: (now: number) => StoredResponse): StoredResponse {
  const hash = requestHash(operation, input.body);
  return inTransaction(ctx.db, () => {
    const now = sandboxNow(ctx);
    if (input.idempotencyKey) {
      const stored = findIdempotent(ctx, input.owner, input.idempotencyKey, hash, now);
      if (stored) return stored;
    }
    const response = create(now);
    if (input.idempotencyKey) storeIdempotent(ctx, input.owner, input.idempotencyKey, hash, response, now);
    return response;
  });
}

/** A replay found before validation: a retried request must get its original answer even if the clock moved. */
function earlyReplay(ctx: SandboxContext, input: CreateInput, operation: string): StoredResponse | undefined {
  if (!input.idempotencyKey) return undefined;
  return findIdempotent(ctx, input.owner, input.idempotencyKey, requestHash(operation, input.body), sandboxNow(ctx));
}

export function createBoleto(ctx: SandboxContext, input: CreateInput): StoredResponse {
  const replay = earlyReplay(ctx, input, 'boleto');
  if (replay) return replay;
  const today = sandboxToday(ctx);
  const fields: BoletoCreateRequest = validateBody(
    boletoCreateRequestSchema({ today, allowHttpLocalhostWebhooks: ctx.config.allowHttpWebhooks }),
    input.body,
  );
  const scenario = scenarioOf(ctx, fields.metadata);
  checkBoletoDueDate(fields.due_date, today);
  const id = randomUUID();
  return withIdempotency(ctx, input, 'boleto', (now) => {
    insertPayment(
      ctx,
      {
        id,
        kind: 'boleto',
        owner: input.owner,
        scenario,
        amountCents: reaisToCents(fields.amount),
        dueDate: fields.due_date,
        lastPayableDate: addDays(fields.due_date, fields.grace_period),
        fields,
        notificationUrl: fields.notification_url,
      },
      now,
    );
    const row = findPayment(ctx, id)!;
    return { status: 201, headers: { Location: `/charges/${id}` }, body: JSON.stringify(boletoCreateBody(row)) };
  });
}

export async function createPix(ctx: SandboxContext, input: CreateInput): Promise<StoredResponse> {
  const replay = earlyReplay(ctx, input, 'pix');
  if (replay) return replay;
  const fields: PixDueCreateRequest = validateBody(
    pixDueCreateRequestSchema({ today: sandboxToday(ctx), allowHttpLocalhostWebhooks: ctx.config.allowHttpWebhooks }),
    input.body,
  );
  const scenario = scenarioOf(ctx, fields.metadata);
  const id = randomUUID();
  const amountCents = reaisToCents(fields.amount);
  const pixCode = buildPixBrCode({ key: SANDBOX_PIX_KEY, amountCents, txid: id, merchantName: SANDBOX_MERCHANT_NAME, merchantCity: SANDBOX_MERCHANT_CITY });
  const pixImage = await qrPngDataUri(pixCode);
  const payloadId = nextPayloadId(ctx);
  return withIdempotency(ctx, input, 'pix', (now) => {
    insertPayment(
      ctx,
      {
        id,
        kind: 'pix',
        owner: input.owner,
        scenario,
        amountCents,
        dueDate: fields.due_date,
        lastPayableDate: addDays(fields.due_date, fields.expiration),
        fields,
        notificationUrl: fields.notification_url,
        payloadId,
        pixCode,
        pixImage,
      },
      now,
    );
    const row = findPayment(ctx, id)!;
    return { status: 201, headers: {}, body: JSON.stringify(pixCreateBody(row)) };
  });
}
