'use server';
/**
 * "Comprar etiqueta" (one order) and "Comprar etiquetas" (a selection of the orders list): each
 * goes through the one envelope (lib/auth/merchant-action.ts: session, permission, outcome) and
 * calls lib/fulfilment/labels.ts. Buying spends the shop's Melhor Envio balance, so it takes
 * `orders:act` (the money buttons) on top of `fulfilment:act` (the ship move it makes), and the
 * public demo's shared login buys only from the embedded sandbox, never with a real token.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { buyLabel, buyLabelsForOrders, DEMO_REAL_LABELS, labelsSpendRealBalance, MAX_LABELS_PER_BATCH, type BatchLabelResult } from '@/lib/fulfilment';
import type { Merchant } from '@/lib/auth';
import { ORDER_NOT_FOUND, orderIdOf, revalidateOrder } from './order-action-helpers';

/** Why this person may not buy labels now, or null: the ship move's permission, and a public demo's login never spends a real balance. */
async function labelRefusalFor(merchant: Merchant): Promise<string | null> {
  if (!can(merchant.role, 'fulfilment:act')) return refusalMessage(merchant.role, 'fulfilment:act');
  if (!can(merchant.role, 'fulfilment:real-labels') && (await labelsSpendRealBalance())) return DEMO_REAL_LABELS;
  return null;
}

export const buyLabelAction = merchantAction({ name: 'buy-label', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const denied = await labelRefusalFor(merchant);
  if (denied) return refused(denied);
  const orderId = orderIdOf(form);
  if (!orderId) return refused(ORDER_NOT_FOUND);
  const result = await buyLabel(orderId, { actor: merchant });
  revalidateOrder(orderId);
  return result.ok ? done(result.message) : refused(result.error);
});

/** The answer of "Comprar etiquetas": the summary, and each order's result (its number, bought or why not). */
export type BuyLabelsState = { ok: true; message: string; at: number; results: BatchLabelResult[] };

/**
 * "Comprar etiquetas" for the orders list's selection: the form carries one `orderId` field per
 * selected order (at most MAX_LABELS_PER_BATCH). Answers `BuyLabelsState` (per order: `ok`, and
 * `message` and `code`, or `error`), or a refusal when nothing was selected.
 */
export const buyLabelsAction = merchantAction<FormData, BuyLabelsState>({ name: 'buy-labels', permission: 'orders:act' }, async (form, { merchant }) => {
  const denied = await labelRefusalFor(merchant);
  if (denied) return refused(denied);
  const ids = form
    .getAll('orderId')
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (ids.length === 0) return refused('Selecione ao menos um pedido.');
  if (new Set(ids).size > MAX_LABELS_PER_BATCH) return refused(`Selecione no máximo ${MAX_LABELS_PER_BATCH} pedidos por vez.`);
  const results = await buyLabelsForOrders(ids, { actor: merchant });
  for (const r of results) if (r.ok) revalidatePath(`/dashboard/orders/${r.orderId}`);
  revalidatePath('/dashboard/orders');
  revalidatePath('/dashboard');
  const bought = results.filter((r) => r.ok).length;
  const message = `${bought} ${bought === 1 ? 'etiqueta comprada' : 'etiquetas compradas'}, ${results.length - bought} ${results.length - bought === 1 ? 'pedido recusado' : 'pedidos recusados'}.`;
  return { ok: true, message, at: Date.now(), results } satisfies BuyLabelsState as BuyLabelsState | ActionState;
});
