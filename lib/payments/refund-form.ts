/**
 * The refund form ("Valor", "Motivo", "Descrição") → the use-case's input, with pt-BR
 * messages per field. The same check runs in the browser (before the confirmation dialog)
 * and in the server action. Pure.
 */
import { formatBRL, parseBRLInput } from '@balcao/br/money';
import { REFUND_REASON_LABELS, type RefundReason } from './refund-reasons';

export const REFUND_DESCRIPTION_MAX = 255;

export type RefundInput = { amountCents: number; reason: RefundReason; description: string };
export type RefundFieldErrors = Partial<Record<'amount' | 'reason' | 'description', string>>;
export type RefundParse = { ok: true; value: RefundInput } | { ok: false; fieldErrors: RefundFieldErrors };

export function parseRefundForm(raw: { amount: unknown; reason: unknown; description: unknown }, totalCents: number): RefundParse {
  const fieldErrors: RefundFieldErrors = {};
  const amountText = typeof raw.amount === 'string' ? raw.amount.trim() : '';
  const amountCents = amountText ? parseBRLInput(amountText) : null;
  if (!amountText) fieldErrors.amount = 'Informe o valor do reembolso.';
  else if (amountCents === null) fieldErrors.amount = 'Valor inválido: use o formato 1.234,56.';
  else if (amountCents <= 0) fieldErrors.amount = 'O valor deve ser maior que zero.';
  else if (amountCents > totalCents) fieldErrors.amount = `O valor não pode passar do total pago (${formatBRL(totalCents)}).`;

  const reasonNumber = typeof raw.reason === 'string' && /^[1-4]$/.test(raw.reason) ? (Number(raw.reason) as RefundReason) : null;
  if (!reasonNumber || !(reasonNumber in REFUND_REASON_LABELS)) fieldErrors.reason = 'Escolha o motivo do reembolso.';

  const description = typeof raw.description === 'string' ? raw.description.trim().replace(/\s+/g, ' ') : '';
  if (!description) fieldErrors.description = 'Descreva o motivo do reembolso.';
  else if (description.length > REFUND_DESCRIPTION_MAX) fieldErrors.description = `Use no máximo ${REFUND_DESCRIPTION_MAX} caracteres.`;

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { amountCents: amountCents!, reason: reasonNumber!, description } };
}

/** 12345 → "123,45": the amount field's default text. */
export function amountInputText(cents: number): string {
  return formatBRL(cents).replace(/^R\$\s*/, '');
}
