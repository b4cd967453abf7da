/**
 * What every order action of the dashboard shares (actions.ts, fulfilment-actions.ts): the order
 * its form names, and the pages to refresh after it changed. Not a 'use server' file: these are
 * helpers, not actions a browser may call.
 */
import { revalidatePath } from 'next/cache';

export const ORDER_NOT_FOUND = 'Pedido não encontrado.';

/** The order id the form posted (a UUID; getOrderForAction checks its shape). */
export function orderIdOf(form: FormData): string {
  const v = form.get('orderId');
  return typeof v === 'string' ? v.trim().toLowerCase() : '';
}

export function revalidateOrder(orderId: string) {
  revalidatePath(`/dashboard/orders/${orderId}`);
  revalidatePath('/dashboard/orders');
  revalidatePath('/dashboard');
}
