'use server';
/**
 * Payment links' server actions. Each checks the session on the server first (a POST can
 * reach an action without any page), validates, calls one use-case in lib/links, and returns
 * a pt-BR result for the form (or redirects to the new link's page).
 */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { saoPauloDate } from '@balcao/br/dates';
import type { ActionState } from '@/lib/dashboard/action-state';
import { linkFormValues, parseLinkForm } from '@/lib/links/link-form';
import { createLink, disableLink } from '@/lib/links/links';
import { logger } from '@/lib/server/log';

const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';

function refused(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionState {
  return { ok: false, error, fieldErrors, values, at: Date.now() };
}

export async function createLinkAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const parsed = parseLinkForm(form, saoPauloDate());
  if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
  let id: string;
  try {
    id = (await createLink(parsed.value, merchant.email)).id;
  } catch (error) {
    logger().error({ err: error }, 'create link failed');
    return refused(UNEXPECTED, undefined, linkFormValues(form));
  }
  revalidatePath('/dashboard/links');
  redirect(`/dashboard/links/${id}?novo=1`);
}

export async function disableLinkAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const id = String(form.get('linkId') ?? '').trim().toLowerCase();
  try {
    const result = await disableLink(id, merchant.email);
    if (result === 'not_found') return refused('Link não encontrado.');
    revalidatePath('/dashboard/links');
    revalidatePath(`/dashboard/links/${id}`);
    return { ok: true, message: result === 'disabled' ? 'Link desativado: ele não aceita mais pagamentos.' : 'Este link já estava desativado.', at: Date.now() };
  } catch (error) {
    logger().error({ err: error, linkId: id }, 'disable link failed');
    return refused(UNEXPECTED);
  }
}
