/**
 * The boleto's view pages ({invoice_url} = <APP_URL>/sandbox/invoice): HTML at /boleto/<id>,
 * PDF at /boleto/pdf/<id>. Both exist only once the boleto is registered (404 before).
 */
import { barcodeToDigitableLine } from '@balcao/br/boleto';
import { saoPauloDate } from '@balcao/br/dates';
import { renderBoletoPdf } from './artifacts/boleto-pdf';
import type { SandboxContext } from './context';
import { maskPayer } from '@balcao/br/personal-data';
import { tick } from './transitions';
import { boletoStatusNumber, findPayment, pdfUrlOf, SANDBOX_BANK, SANDBOX_BENEFICIARY, type BoletoPayer, type PaymentRow } from './payments';

export type BoletoInvoice = {
  id: string;
  status: number;
  amountCents: number;
  dueDate: string;
  gracePeriod: number;
  lastPayableDate: string;
  finePercent: number;
  interestPercent: number;
  description: string;
  /** For the PDF the shopper prints (linked from their own order page only). */
  payer: BoletoPayer;
  /** For the HTML page: masked (payer-mask.ts) — the shopper needs the line and the amount, not their CPF read back. */
  payerShown: BoletoPayer;
  barcode: string;
  digitableLine: string;
  beneficiary: string;
  bank: { code: string; name: string };
  pdfUrl: string;
  paidAt: number | null;
  /** Creation day in São Paulo by the sandbox clock ("Data do documento"). */
  issueDate: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The registered boleto with this id, or null (unknown, not a boleto, or not registered yet). */
export function boletoInvoice(ctx: SandboxContext, id: string): BoletoInvoice | null {
  if (!UUID.test(id)) return null;
  tick(ctx);
  const row: PaymentRow | undefined = findPayment(ctx, id);
  if (!row || row.kind !== 'boleto' || !row.barcode) return null;
  const f = JSON.parse(row.fields_json) as { description: string; grace_period: number; fine: number; interest: number; payer: BoletoPayer };
  return {
    id: row.id,
    status: boletoStatusNumber(row.status),
    amountCents: row.amount_cents,
    dueDate: row.due_date,
    gracePeriod: f.grace_period,
    lastPayableDate: row.last_payable_date,
    finePercent: f.fine,
    interestPercent: f.interest,
    description: f.description,
    payer: f.payer,
    payerShown: maskPayer(f.payer),
    barcode: row.barcode,
    digitableLine: barcodeToDigitableLine(row.barcode),
    beneficiary: SANDBOX_BENEFICIARY,
    bank: { ...SANDBOX_BANK },
    pdfUrl: pdfUrlOf(ctx, row.id),
    paidAt: row.paid_at,
    issueDate: saoPauloDate(new Date(row.created_at)),
  };
}

/**
 * The PDF of a registered boleto, or null. `payer: 'masked'` prints the payer as the HTML page
 * shows it: for whoever holds only the charge id (the host app decides who holds more).
 */
export async function boletoInvoicePdf(ctx: SandboxContext, id: string, opts: { payer: 'whole' | 'masked' } = { payer: 'whole' }): Promise<Uint8Array | null> {
  const b = boletoInvoice(ctx, id);
  if (!b) return null;
  return renderBoletoPdf({
    id: b.id,
    amountCents: b.amountCents,
    dueDate: b.dueDate,
    barcode: b.barcode,
    digitableLine: b.digitableLine,
    payer: opts.payer === 'masked' ? b.payerShown : b.payer,
    description: b.description,
    beneficiary: b.beneficiary,
    issueDate: b.issueDate,
    finePercent: b.finePercent,
    interestPercent: b.interestPercent,
    gracePeriod: b.gracePeriod,
  });
}
