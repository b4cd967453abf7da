/**
 * An in-memory provider for unit tests of lib/payments: the PaymentProvider interface with the
 * provider's state rules (cancel only when active, one refund of a completed QR code,
 * Idempotency-Key honoured), plus controls to pay, expire, register and inject failures.
 */
import { createHash, randomUUID } from 'node:crypto';
import { buildBoletoBarcode, barcodeToDigitableLine } from '@balcao/br/boleto';
import { PaymentProviderError } from '@/lib/payment-provider/errors';
import { chargeStateOf } from '@/lib/payment-provider/status';
import type { BoletoCharge, NewBoleto, NewPix, PaymentProvider, PixCharge, RefundInput } from '@/lib/payment-provider/types';

type Op = keyof PaymentProvider;

type PixRow = { kind: 'pix'; id: string; status: string; input: NewPix; createdAt: string; updatedAt: string; refundedCents: number };
type BoletoRow = { kind: 'boleto'; id: string; status: number; input: NewBoleto; createdAt: string; paidAt: string | null; barcode?: string; pdfUrl?: string };

export type Injected = { error: Error; /** apply the operation first, then throw (a lost answer) */ after?: boolean };

export class FakePaymentProvider implements PaymentProvider {
  readonly pix = new Map<string, PixRow>();
  readonly boletos = new Map<string, BoletoRow>();
  readonly calls: { op: Op; args: unknown[] }[] = [];
  private readonly keys = new Map<string, { body: string; id: string }>();
  private readonly failures = new Map<Op, Injected[]>();
  balanceCents = 0;
  /** Currently running calls, and the most seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  /** Added latency per call (ms). */
  latencyMs = 0;

  failNext(op: Op, error: Error, opts: { after?: boolean; times?: number } = {}): this {
    const list = this.failures.get(op) ?? [];
    for (let i = 0; i < (opts.times ?? 1); i++) list.push({ error, after: opts.after });
    this.failures.set(op, list);
    return this;
  }

  count(op: Op): number {
    return this.calls.filter((c) => c.op === op).length;
  }

  private async enter<T>(op: Op, args: unknown[], body: () => T): Promise<T> {
    this.calls.push({ op, args });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
      else await Promise.resolve();
      const failure = this.failures.get(op)?.shift();
      if (failure && !failure.after) throw failure.error;
      const result = body();
      if (failure?.after) throw failure.error;
      return result;
    } finally {
      this.inFlight--;
    }
  }

  private idempotent(key: string, input: unknown, create: () => string): string {
    const body = JSON.stringify(input);
    const seen = this.keys.get(key);
    if (seen) {
      if (seen.body !== body) throw new PaymentProviderError('validation', 'Idempotency-Key reused with a different body', { status: 400, field: 'body' });
      return seen.id;
    }
    const id = create();
    this.keys.set(key, { body, id });
    return id;
  }

  createPix(input: NewPix, opts: { idempotencyKey: string }) {
    return this.enter('createPix', [input, opts], () => {
      const id = this.idempotent(opts.idempotencyKey, input, () => {
        const id = randomUUID();
        const now = new Date().toISOString();
        this.pix.set(id, { kind: 'pix', id, status: 'empty', input, createdAt: now, updatedAt: now, refundedCents: 0 });
        return id;
      });
      return { id, status: 'empty', pixCode: pixCodeOf(id), pixImage: `data:image/png;base64,${Buffer.from(id).toString('base64')}`, raw: {} };
    });
  }

  createBoleto(input: NewBoleto, opts: { idempotencyKey: string }) {
    return this.enter('createBoleto', [input, opts], () => {
      const id = this.idempotent(opts.idempotencyKey, input, () => {
        const id = randomUUID();
        this.boletos.set(id, { kind: 'boleto', id, status: 1, input, createdAt: new Date().toISOString(), paidAt: null });
        return id;
      });
      return { id, raw: {} };
    });
  }

  getPix(id: string) {
    return this.enter('getPix', [id], (): PixCharge => {
      const row = this.pix.get(id);
      if (!row) throw new PaymentProviderError('not_found', 'no such QR code', { status: 404 });
      return {
        id,
        status: row.status,
        state: chargeStateOf('pix', row.status),
        amountCents: row.input.amountCents,
        dueDate: row.input.dueDate,
        expirationDays: row.input.expirationDays,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        pixCode: pixCodeOf(id),
        pixImage: `data:image/png;base64,${Buffer.from(id).toString('base64')}`,
        metadata: row.input.metadata ?? [],
        raw: {},
      };
    });
  }

  getBoleto(id: string) {
    return this.enter('getBoleto', [id], (): BoletoCharge => {
      const row = this.boletos.get(id);
      if (!row) throw new PaymentProviderError('not_found', 'no such charge', { status: 404 });
      return {
        id,
        status: row.status,
        state: chargeStateOf('boleto', row.status),
        amountCents: row.input.amountCents,
        dueDate: row.input.dueDate,
        gracePeriod: row.input.gracePeriod,
        paidAt: row.paidAt,
        createdAt: row.createdAt,
        ...(row.barcode ? { barcode: row.barcode, digitableLine: barcodeToDigitableLine(row.barcode), pdfUrl: row.pdfUrl } : {}),
        metadata: row.input.metadata ?? [],
        raw: {},
      };
    });
  }

  cancelPix(id: string) {
    return this.enter('cancelPix', [id], () => {
      const row = this.pix.get(id);
      if (!row) throw new PaymentProviderError('not_found', 'no such QR code', { status: 404 });
      if (row.status !== 'active') throw new PaymentProviderError('rejected', 'QR code is not active', { status: 400 });
      this.setPix(row, 'canceled');
    });
  }

  cancelBoleto(id: string) {
    return this.enter('cancelBoleto', [id], () => {
      const row = this.boletos.get(id);
      if (!row) throw new PaymentProviderError('not_found', 'no such charge', { status: 404 });
      if (row.status !== 2) throw new PaymentProviderError('rejected', 'charge is not active', { status: 400 });
      row.status = 3;
    });
  }

  refundPix(id: string, input: RefundInput) {
    return this.enter('refundPix', [id, input], () => {
      const row = this.pix.get(id);
      if (!row) throw new PaymentProviderError('not_found', 'no such QR code', { status: 404 });
      if (row.status !== 'completed') throw new PaymentProviderError('rejected', 'QR code is not completed', { status: 400 });
      if (input.amountCents < 1 || input.amountCents > row.input.amountCents) throw new PaymentProviderError('validation', 'amount: invalid', { status: 400, field: 'amount' });
      row.refundedCents = input.amountCents;
      this.balanceCents -= input.amountCents;
      this.setPix(row, 'refunded');
    });
  }

  getBalance() {
    return this.enter('getBalance', [], () => ({ balanceCents: this.balanceCents }));
  }

  // ---------- controls (no faults, no call log) ----------

  private setPix(row: PixRow, status: string) {
    row.status = status;
    row.updatedAt = new Date().toISOString();
  }

  /** The provider's side of time: Pix empty → active, boleto 1 → 2 with barcode and PDF. */
  activate(id: string): void {
    const pix = this.pix.get(id);
    if (pix && pix.status === 'empty') return this.setPix(pix, 'active');
    const b = this.boletos.get(id);
    if (b && b.status === 1) {
      b.status = 2;
      b.barcode = barcodeFor(b);
      b.pdfUrl = `https://pay.example/invoice/boleto/pdf/${id}`;
    }
  }

  pay(id: string): void {
    this.activate(id);
    const pix = this.pix.get(id);
    if (pix) {
      if (pix.status !== 'active') throw new Error(`cannot pay a ${pix.status} QR code`);
      this.balanceCents += pix.input.amountCents;
      return this.setPix(pix, 'completed');
    }
    const b = this.boletos.get(id);
    if (!b || b.status !== 2) throw new Error('cannot pay');
    b.status = 4;
    b.paidAt = new Date().toISOString();
    this.balanceCents += b.input.amountCents;
  }

  /** The window passed: canceled (3 / "canceled"). */
  expire(id: string): void {
    const pix = this.pix.get(id);
    if (pix) return this.setPix(pix, 'canceled');
    const b = this.boletos.get(id);
    if (b) b.status = 3;
  }

  /** Sets a raw status (tests of odd provider behaviour). */
  force(id: string, status: string | number): void {
    const pix = this.pix.get(id);
    if (pix) return this.setPix(pix, String(status));
    const b = this.boletos.get(id);
    if (b) b.status = Number(status);
  }

  refundBoleto(id: string): void {
    const b = this.boletos.get(id);
    if (!b || b.status !== 4) throw new Error('cannot refund');
    b.status = 5;
    this.balanceCents -= b.input.amountCents;
  }
}

function pixCodeOf(id: string): string {
  return `00020126fake${id.replace(/-/g, '')}6304ABCD`;
}

export function barcodeFor(b: { id: string; input: { amountCents: number; dueDate: string } }): string {
  const free = BigInt('0x' + createHash('sha256').update(b.id).digest('hex').slice(0, 20)).toString().padStart(25, '0').slice(-25);
  return buildBoletoBarcode({ bankCode: '001', amountCents: b.input.amountCents, dueDate: b.input.dueDate, freeField: free });
}

export function apiError(kind: PaymentProviderError['kind'], opts: { field?: string; status?: number; retryAfterSeconds?: number } = {}): PaymentProviderError {
  return new PaymentProviderError(kind, `${kind} (injected)`, opts);
}
