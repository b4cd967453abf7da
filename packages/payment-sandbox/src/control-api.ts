/**
 * The control API under /api/sandbox/sim/… (docs/sandbox.md, "Control API"). Needs only a
 * valid X-API-KEY; never faulted. `sim/pay` plays the buyer and pays any key's code; the
 * id-based endpoints, `webhooks` and `flush` see only the key's own payments.
 */
import { z } from 'zod';
import { digitableLineToBarcode, isValidBoletoBarcode, isValidDigitableLine } from '@balcao/br/boleto';
import { parsePixBrCode } from '@balcao/br/pix-brcode';
import { checkId, requireKey } from './api-v1';
import { advanceClock, iso, MAX_ADVANCE_SECONDS, sandboxNow } from './clock';
import type { SandboxContext } from './context';
import { faultsSchema, readFaults, replaceFaults } from './faults';
import { ApiError, errorResponse, json, readJsonBody, validateBody, type SandboxReply, type SandboxRequest } from './http';
import type { PaymentKind, PaymentRow } from './payments';
import { payNow, refundBoletoNow, settleCanceledBoletoNow, tick, type OpResult } from './transitions';
import { attemptsOf, deliveryView, dispatch, findDeliveries } from './webhooks';

const MAX_CODE_LENGTH = 1000;

const payByCodeSchema = z.object({
  code: z
    .string({ message: 'expected a string' })
    .refine((s) => s.trim().length > 0, { message: 'is required' })
    .refine((s) => s.length <= MAX_CODE_LENGTH, { message: `must be at most ${MAX_CODE_LENGTH} characters` }),
});

const clockSchema = z.object({
  advance_seconds: z
    .number({ message: 'expected a number of seconds' })
    .refine(Number.isFinite, { message: 'expected a finite number of seconds' })
    .refine((n) => n >= 0, { message: 'must be at least 0 (the sandbox clock never goes back)' })
    .refine((n) => n <= MAX_ADVANCE_SECONDS, { message: `must be at most ${MAX_ADVANCE_SECONDS} (10 years)` }),
});

export type CodeProblem = 'invalid_pix' | 'line_check_digits' | 'barcode_check_digit' | 'unrecognized' | 'unknown_code';
export type CodeLookup = { ok: true; kind: PaymentKind; id: string } | { ok: false; status: 400 | 404; problem: CodeProblem; message: string };

/** What a buyer's bank app does with a pasted code: check it, then find what it pays. */
export function findByCode(ctx: SandboxContext, input: string): CodeLookup {
  const code = input.trim();
  if (code.startsWith('000201')) {
    const parsed = parsePixBrCode(code);
    if (!parsed.ok) return { ok: false, status: 400, problem: 'invalid_pix', message: `code: invalid Pix code (${parsed.reason})` };
    const row = ctx.db.prepare('SELECT id FROM payments WHERE pix_code = ?').get(code) as { id: string } | undefined;
    return row ? { ok: true, kind: 'pix', id: row.id } : { ok: false, status: 404, problem: 'unknown_code', message: 'no QR code has this Pix code' };
  }
  const digits = code.replace(/[\s.\-]/g, '');
  let barcode: string;
  if (/^\d{47}$/.test(digits)) {
    if (!isValidDigitableLine(digits)) {
      return { ok: false, status: 400, problem: 'line_check_digits', message: 'code: the digitable line has wrong check digits' };
    }
    barcode = digitableLineToBarcode(digits);
  } else if (/^\d{44}$/.test(digits)) {
    if (!isValidBoletoBarcode(digits)) {
      return { ok: false, status: 400, problem: 'barcode_check_digit', message: 'code: the barcode has a wrong check digit' };
    }
    barcode = digits;
  } else {
    return {
      ok: false,
      status: 400,
      problem: 'unrecognized',
      message: 'code: expected a Pix copy-and-paste code, a boleto digitable line (47 digits) or a boleto barcode (44 digits)',
    };
  }
  const row = ctx.db.prepare('SELECT id FROM payments WHERE barcode = ?').get(barcode) as { id: string } | undefined;
  return row ? { ok: true, kind: 'boleto', id: row.id } : { ok: false, status: 404, problem: 'unknown_code', message: 'no boleto has this code' };
}

function opJson(result: OpResult): SandboxReply {
  if (!result.ok) return errorResponse(result.code === 'not_found' ? 404 : 400, result.message);
  return json(200, { type: result.row.kind, id: result.row.id } satisfies { type: PaymentRow['kind']; id: string });
}

export async function handleSim(ctx: SandboxContext, req: SandboxRequest, segments: string[]): Promise<SandboxReply> {
  const owner = requireKey(ctx, req);
  const path = segments.join('/');
  const method = req.method;
  const [first, id, action] = segments;

  if (path === 'pay') {
    if (method !== 'POST') return notAllowed('POST');
    const { code } = validateBody(payByCodeSchema, await readJsonBody(req));
    const found = findByCode(ctx, code);
    if (!found.ok) return errorResponse(found.status, found.message);
    return opJson(payNow(ctx, found.id));
  }

  if (first === 'charges' && segments.length === 3 && action === 'settle-late') {
    if (method !== 'POST') return notAllowed('POST');
    return opJson(settleCanceledBoletoNow(ctx, checkId(id), { owner }));
  }

  if ((first === 'charges' || first === 'pix') && segments.length === 3 && (action === 'pay' || (first === 'charges' && action === 'refund'))) {
    if (method !== 'POST') return notAllowed('POST');
    const kind: PaymentKind = first === 'charges' ? 'boleto' : 'pix';
    const paymentId = checkId(id);
    return opJson(action === 'pay' ? payNow(ctx, paymentId, { owner, kind }) : refundBoletoNow(ctx, paymentId, { owner }));
  }

  if (path === 'clock') {
    if (method === 'GET') return json(200, { now: iso(sandboxNow(ctx)) });
    if (method !== 'POST') return notAllowed('GET, POST');
    const { advance_seconds } = validateBody(clockSchema, await readJsonBody(req));
    const now = advanceClock(ctx, advance_seconds);
    tick(ctx);
    return json(200, { now: iso(now) });
  }

  if (path === 'webhooks') {
    if (method !== 'GET') return notAllowed('GET');
    const paymentId = new URL(req.url).searchParams.get('payment_id');
    const rows = findDeliveries(ctx, { owner, paymentId: paymentId ? checkId(paymentId, 'payment_id') : undefined, limit: 500 });
    const attempts = attemptsOf(ctx, rows.map((r) => r.id));
    return json(200, { deliveries: rows.map((r) => deliveryView(ctx, r, attempts.get(r.id))) });
  }

  if (path === 'webhooks/flush') {
    if (method !== 'POST') return notAllowed('POST');
    const summary = await dispatch(ctx, { owner, ignoreBackoff: true });
    return json(200, summary);
  }

  if (path === 'faults') {
    if (method === 'GET') return json(200, readFaults(ctx));
    if (method !== 'PUT') return notAllowed('GET, PUT');
    const body = await readJsonBody(req);
    return json(200, replaceFaults(ctx, validateBody(faultsSchema, body)));
  }

  throw new ApiError(404, `not found: ${method} /sim/${path}`);
}

function notAllowed(allow: string): SandboxReply {
  return errorResponse(405, `method not allowed here (allowed: ${allow})`, { Allow: allow });
}
