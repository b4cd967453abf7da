'use server';
/**
 * "Adicionar nota": a note of the team on an order (lib/orders/notes.ts), through the one
 * envelope (lib/auth/merchant-action.ts). An Atendente may write them (`orders:note`).
 */
import { headers } from 'next/headers';
import { done, refused, merchantAction } from '@/lib/auth';
import { addOrderNote, noteSchema } from '@/lib/orders';
import { clientAddress } from '@/lib/security';
import { ORDER_NOT_FOUND, revalidateOrder } from './order-action-helpers';

async function requestAddress(): Promise<string | null> {
  try {
    return clientAddress(await headers());
  } catch {
    return null;
  }
}

export const addOrderNoteAction = merchantAction({ name: 'add-order-note', permission: 'orders:note', parse: noteSchema }, async (input, { merchant }) => {
  const orderId = input.orderId.trim().toLowerCase();
  if (!(await addOrderNote(orderId, input.body, merchant, await requestAddress()))) return refused(ORDER_NOT_FOUND);
  revalidateOrder(orderId);
  return done('Nota adicionada.');
});
