'use server';
/**
 * The dashboard's fulfilment actions: "Confirmar envio", "Corrigir rastreio", "Marcar como
 * entregue", "Pronto para retirada", "Marcar como retirado", and "Registrar reembolso manual"
 * (a boleto paid back outside the app). Each goes through the one envelope
 * (lib/auth/merchant-action.ts: session, permission, outcome), calls one use-case in
 * lib/fulfilment or lib/payments and returns a pt-BR result for the form. "Enviar em lote"
 * (a CSV of order numbers and tracking codes) answers with its line-by-line report.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, INVALID_FORM, merchantAction } from '@/lib/auth';
import { getOrderForAction } from '@/lib/orders/admin';
import { ORDER_NOT_FOUND, orderIdOf, revalidateOrder } from './order-action-helpers';
import { applyFulfilmentMove, type MoveRequest, applyShipBatch, type BatchReport, parseShipForm, type CarrierChoice } from '@/lib/fulfilment';
import { can, type Role } from '@/lib/auth/permissions';
import { parseManualRefundForm } from '@/lib/payments/forms';
import { recordManualRefund } from '@/lib/payments';
import { recordRequestActivity } from '@/lib/security';
import { orderLabel } from '@/lib/orders/words';

/** One fulfilment move: the order named by the form, the move the form asks for (or why not). */
function fulfilmentAction(name: string, request: (form: FormData, choice: CarrierChoice) => MoveRequest | ActionState) {
  return merchantAction({ name, permission: 'fulfilment:act' }, async (form: FormData, { merchant }) => {
    const order = await getOrderForAction(orderIdOf(form));
    if (!order) return refused(ORDER_NOT_FOUND);
    const req = request(form, carrierChoiceOf(merchant.role));
    if (!req || !('move' in req)) return req as ActionState;
    const result = await applyFulfilmentMove(order.id, req, merchant.email);
    if (result.ok) await recordRequestActivity({ actor: merchant, action: 'fulfilment', summary: `${result.message.replace(/\.$/, '')}: pedido ${orderLabel(order)}`, target: order.id });
    revalidateOrder(order.id);
    return result.ok ? done(result.message) : refused(result.error);
  });
}

/** The carrier and link a role may write (lib/fulfilment/tracking.ts: the demo login picks a known carrier). */
function carrierChoiceOf(role: Role | null): CarrierChoice {
  return can(role, 'fulfilment:tracking-links') ? 'any' : 'known';
}

function tracked(kind: 'ship' | 'correct_tracking') {
  return (form: FormData, choice: CarrierChoice): MoveRequest | ActionState => {
    const parsed = parseShipForm(form, choice);
    if (!parsed.ok) return refused(INVALID_FORM, parsed.fieldErrors, parsed.values);
    return { move: kind, tracking: parsed.value };
  };
}

export const shipOrderAction = fulfilmentAction('ship', tracked('ship'));
export const correctTrackingAction = fulfilmentAction('correct-tracking', tracked('correct_tracking'));
export const deliverOrderAction = fulfilmentAction('deliver', () => ({ move: 'deliver' }));
export const readyForPickupAction = fulfilmentAction('ready-for-pickup', () => ({ move: 'ready' }));
export const pickedUpAction = fulfilmentAction('picked-up', () => ({ move: 'pick_up' }));

export const manualRefundAction = merchantAction({ name: 'manual-refund', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused(ORDER_NOT_FOUND);
  const parsed = parseManualRefundForm(form, order.totalCents);
  if (!parsed.ok) return refused('Confira os campos do reembolso.', parsed.fieldErrors, parsed.values);
  const result = await recordManualRefund(order.id, parsed.value, merchant.email);
  if (result.ok) await recordRequestActivity({ actor: merchant, action: 'manual_refund', summary: `Registrou reembolso manual do pedido ${orderLabel(order)}`, target: order.id });
  revalidateOrder(order.id);
  return result.ok ? done(result.message) : refused(result.error);
});

export type BatchState = { ok: true; message: string; at: number; report: BatchReport; fileName: string };

function batchSummary(r: BatchReport): string {
  const parts = [`${r.applied.length} ${r.applied.length === 1 ? 'pedido marcado' : 'pedidos marcados'} como enviado`];
  if (r.unchanged.length) parts.push(`${r.unchanged.length} já ${r.unchanged.length === 1 ? 'estava enviado' : 'estavam enviados'} com o mesmo código`);
  parts.push(`${r.refused.length} ${r.refused.length === 1 ? 'linha recusada' : 'linhas recusadas'}`);
  return `${parts.join(', ')}.`;
}

/** "Enviar em lote": the uploaded file, read by content (lib/fulfilment/batch.ts), each row a ship move. */
export const shipBatchAction = merchantAction<FormData, BatchState>({ name: 'ship-batch', permission: 'fulfilment:act' }, async (form, { merchant }) => {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return refused('Escolha o arquivo CSV com os pedidos e os códigos de rastreio.', { file: 'Escolha um arquivo CSV.' });
  const result = await applyShipBatch(new Uint8Array(await file.arrayBuffer()), merchant.email, carrierChoiceOf(merchant.role));
  if (!result.ok) return refused(result.error, { file: result.error });
  if (result.report.applied.length > 0) {
    await recordRequestActivity({ actor: merchant, action: 'fulfilment', summary: `Enviar em lote: ${batchSummary(result.report)}` });
    revalidatePath('/dashboard/orders');
    revalidatePath('/dashboard');
  }
  return { ok: true, message: batchSummary(result.report), at: Date.now(), report: result.report, fileName: file.name.slice(0, 120) };
});
