'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { db } from '@/db';
import { orders } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { done, refused, merchantAction, type ParseResult } from '@/lib/auth';
import { cancelInvoice, requestEmission, sendDueInvoices } from '@/lib/nfe';
import { recordRequestActivity } from '@/lib/security';
import { orderLabel } from '@/lib/orders/words';

const orderIdForm = (form: FormData): ParseResult<string> => {
  const p = z.string().uuid().safeParse(form.get('orderId'));
  return p.success ? { ok: true, value: p.data } : { ok: false, error: 'Pedido não encontrado.', fieldErrors: {} };
};

async function labelOf(orderId: string): Promise<string> {
  const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
  return o ? orderLabel(o) : orderId;
}

/** "Emitir NF-e": the emission row (once per attempt), then one pass so the page shows it moving. */
export const emitInvoiceAction = merchantAction({ name: 'nfe-emit', permission: 'orders:act', parse: orderIdForm }, async (orderId, { merchant }) => {
  const result = await requestEmission(orderId);
  if (!result.ok) return refused(result.message);
  if (result.created) await recordRequestActivity({ actor: merchant, action: 'nfe', summary: `Emitiu a NF-e do pedido ${await labelOf(orderId)}`, target: orderId });
  await sendDueInvoices().catch(() => 0);
  revalidatePath(`/dashboard/orders/${orderId}`);
  return done('NF-e enviada ao Bling.');
});

export const cancelInvoiceAction = merchantAction({ name: 'nfe-cancel', permission: 'invoices:manage', parse: orderIdForm }, async (orderId, { merchant }) => {
  const result = await cancelInvoice(orderId);
  if (!result.ok) return refused(result.message);
  await recordRequestActivity({ actor: merchant, action: 'nfe', summary: `Cancelou a NF-e do pedido ${await labelOf(orderId)}`, target: orderId });
  revalidatePath(`/dashboard/orders/${orderId}`);
  return done('NF-e cancelada.');
});
