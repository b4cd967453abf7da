/** "Registrar reembolso manual" ("Valor", "Motivo") → the use-case's input, pt-BR errors per field. Pure. */
import { formatBRL, parseBRLInput } from '@balcao/br/money';
import { typedValues } from '@/lib/forms/typed-values';

export const MANUAL_REFUND_REASON_MAX = 255;
export type ManualRefundFieldErrors = Partial<Record<'amount' | 'reason', string>>;
export type ManualRefundParse = { ok: true; value: { amountCents: number; reason: string } } | { ok: false; fieldErrors: ManualRefundFieldErrors; values: Record<string, string> };

export function parseManualRefundForm(form: { get(name: string): unknown }, totalCents: number): ManualRefundParse {
  const values = typedValues(form, ['amount', 'reason']);
  const fieldErrors: ManualRefundFieldErrors = {};
  const amountText = values.amount.trim();
  const amountCents = amountText ? parseBRLInput(amountText) : null;
  if (!amountText) fieldErrors.amount = 'Informe o valor devolvido.';
  else if (amountCents === null) fieldErrors.amount = 'Valor inválido: use o formato 1.234,56.';
  else if (amountCents <= 0) fieldErrors.amount = 'O valor deve ser maior que zero.';
  else if (amountCents > totalCents) fieldErrors.amount = `O valor não pode passar do total pago (${formatBRL(totalCents)}).`;
  const reason = values.reason.trim().replace(/\s+/g, ' ');
  if (!reason) fieldErrors.reason = 'Diga por que e como o valor foi devolvido (ex.: transferência Pix em 10/03).';
  else if (reason.length > MANUAL_REFUND_REASON_MAX) fieldErrors.reason = `Use no máximo ${MANUAL_REFUND_REASON_MAX} caracteres.`;
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, values };
  return { ok: true, value: { amountCents: amountCents!, reason } };
}
