'use server';

import { revalidatePath } from 'next/cache';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { replyAsBuyer, whatsappCatcherAccess } from '@/lib/whatsapp/catcher';
import { drainWhatsapp } from '@/lib/whatsapp';

/** "Responder como comprador": plays the buyer's phone; the shop's answer (to "SAIR") goes right after. */
export async function replyAsBuyerAction(form: FormData): Promise<void> {
  const access = await whatsappCatcherAccess();
  if (access === 'off' || access === 'needs_login' || !(await hasFullSimulatorAccess())) return;
  const ref = form.get('ref');
  const text = form.get('text');
  if (typeof ref !== 'string' || typeof text !== 'string') return;
  if (await replyAsBuyer(ref, text)) await drainWhatsapp();
  revalidatePath('/sandbox/whatsapp');
}
