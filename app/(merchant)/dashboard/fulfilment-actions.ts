'use server';
/**
 * The dashboard's fulfilment actions: "Confirmar envio", "Corrigir rastreio", "Marcar como
 * entregue", "Pronto para retirada", "Marcar como retirado", and "Registrar reembolso manual"
 * (a boleto paid back outside the app). Each checks the session on the
 * server first, validates its input, calls one use-case in lib/fulfilment and returns a
 * pt-BR result for the form (the same shape as actions.ts).
 */
import { revalidatePath } from 'next/cache';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import type { ActionState } from '@/lib/dashboard/action-state';
import { getOrderForAction } from '@/lib/dashboard/order-detail';
import { applyFulfilmentMove, type MoveRequest } from '@/lib/fulfilment/apply-move';
import { parseShipForm } from '@/lib/fulfilment/ship-form';
import { parseManualRefundForm } from '@/lib/dashboard/manual-refund-form';
import { recordManualRefund } from '@/lib/payments/manual-refund';
import { logger } from '@/lib/server/log';

const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';

function refused(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionState {
  return { ok: false, error, fieldErrors, values, at: Date.now() };
}
function done(message: string): ActionState {
  return { ok: true, message, at: Date.now() };
}

function orderIdOf(form: FormData): string {
  const v = form.get('orderId');
  return typeof v === 'string' ? v.trim().toLowerCase() : '';
}

function revalidateOrder(orderId: string) {
  revalidatePath(`/dashboard/orders/${orderId}`);
  revalidatePath('/dashboard/orders');
  revalidatePath('/dashboard');
}

async function move(form: FormData, request: (form: FormData) => MoveRequest | ActionState): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  const req = request(form);
  if (!req || !('move' in req)) return req as ActionState;
  try {
    const result = await applyFulfilmentMove(order.id, req, merchant.email);
    revalidateOrder(order.id);
    return result.ok ? done(result.message) : refused(result.error);
  } catch (error) {
    logger().error({ err: error, orderId: order.id, move: req.move }, 'fulfilment action failed');
    return refused(UNEXPECTED);
  }
}

function tracked(kind: 'ship' | 'correct_tracking') {
  return (form: FormData): MoveRequest | ActionState => {
    const parsed = parseShipForm(form);
    if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
    return { move: kind, tracking: parsed.value };
  };
}

export async function shipOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return move(form, tracked('ship'));
}

export async function correctTrackingAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return move(form, tracked('correct_tracking'));
}

export async function deliverOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return move(form, () => ({ move: 'deliver' }));
}

export async function readyForPickupAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return move(form, () => ({ move: 'ready' }));
}

export async function pickedUpAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return move(form, () => ({ move: 'pick_up' }));
}

export async function manualRefundAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  const parsed = parseManualRefundForm(form, order.totalCents);
  if (!parsed.ok) return refused('Confira os campos do reembolso.', parsed.fieldErrors, parsed.values);
  try {
    const result = await recordManualRefund(order.id, parsed.value, merchant.email);
    revalidateOrder(order.id);
    return result.ok ? done(result.message) : refused(result.error);
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'manual refund action failed');
    return refused(UNEXPECTED);
  }
}
