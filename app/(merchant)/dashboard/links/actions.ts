'use server';
/**
 * Payment links' server actions, through the one envelope (lib/auth/merchant-action.ts:
 * session, permission, parsing, outcome), each calling one use-case in lib/links and
 * returning a pt-BR result for the form (or going on to the new link's page).
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED, merchantAction } from '@/lib/auth';
import { saoPauloDate } from '@balcao/br/dates';
import { linkFormValues, parseLinkForm } from '@/lib/links/words';
import { createLink, disableLink } from '@/lib/links/links';
import { resolveLinkVariant } from '@/lib/links/link-variant';

const INVALID_LINK = 'Revise os campos destacados.';

export const createLinkAction = merchantAction(
  {
    name: 'create-link',
    permission: 'links:edit',
    parse: (form) => parseLinkForm(form, saoPauloDate()),
    onError: (_error, form) => refused(UNEXPECTED, undefined, linkFormValues(form)),
  },
  async (link, { merchant, form }) => {
    let variantId: number | null = null;
    if (link.variantRef) {
      const found = await resolveLinkVariant(link.variantRef);
      if (!found.ok) return refused(INVALID_LINK, { variant: found.error }, linkFormValues(form));
      variantId = found.variantId;
    }
    const { id } = await createLink({ ...link, variantId }, merchant.email);
    revalidatePath('/dashboard/links');
    return { redirect: `/dashboard/links/${id}?novo=1` };
  },
);

export const disableLinkAction = merchantAction({ name: 'disable-link', permission: 'links:edit' }, async (form: FormData, { merchant }) => {
  const id = String(form.get('linkId') ?? '').trim().toLowerCase();
  const result = await disableLink(id, merchant.email);
  if (result === 'not_found') return refused('Link não encontrado.');
  revalidatePath('/dashboard/links');
  revalidatePath(`/dashboard/links/${id}`);
  return done(result === 'disabled' ? 'Link desativado: ele não aceita mais pagamentos.' : 'Este link já estava desativado.');
});
